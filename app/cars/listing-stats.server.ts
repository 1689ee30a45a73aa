// A car's figures for its owner, per Europe/Vilnius day (listing_daily_stats): views, contacts, favourites and
// inquiries. This module is the only place a figure is counted; callers put its statement in their own batch, right
// after the write that earns it, so the figure and the fact are one transaction.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db.server";

export const LISTING_FIGURES = ["views", "contacts", "favorites", "inquiries"] as const;
export type ListingFigure = (typeof LISTING_FIGURES)[number];

interface FigureChange {
  /** No car (a message about none): nothing counts. */
  carId: string | null;
  /** The Vilnius calendar day it counts on (vilniusDay). */
  day: string;
  /** What to add: numbers, or SQL evaluated in the statement (a 0/1 condition on the car row `c`). */
  add: Partial<Record<ListingFigure, number | SQL>>;
  /** Counts only when this holds: a condition on the car row `c`, or on the batch so far (`changes() > 0`). */
  when?: SQL;
}

/** The statement adding to a car's figures for the day; it writes nothing when every figure adds up to 0. */
export function countListingFigures(db: Db, change: FigureChange) {
  const figures = LISTING_FIGURES.filter((figure) => change.add[figure] !== undefined);
  const columns = sql.join(
    figures.map((figure) => sql.identifier(figure)),
    sql`, `,
  );
  const values = sql.join(
    figures.map((figure) => sql`${change.add[figure]} as ${sql.identifier(figure)}`),
    sql`, `,
  );
  const total = sql.join(
    figures.map((figure) => sql.identifier(figure)),
    sql` + `,
  );
  const sums = sql.join(
    figures.map(
      (figure) => sql`${sql.identifier(figure)} = ${sql.identifier(figure)} + excluded.${sql.identifier(figure)}`,
    ),
    sql`, `,
  );
  return db.run(sql`
    insert into listing_daily_stats (car_id, day, ${columns})
    select car_id, day, ${columns} from (
      select c.id as car_id, ${change.day} as day, ${values}
      from cars c where c.id = ${change.carId}${change.when ? sql` and (${change.when})` : sql``})
    where ${total} > 0
    on conflict (car_id, day) do update set ${sums}`);
}

/** Counted right after a write that may have done nothing (insert or ignore): only when it really wrote a row. */
export const WHEN_WRITTEN = sql`changes() > 0`;

/**
 * A view, after inserting the visitor's mark for the day (insert or ignore): the car's view_count and the day's
 * figure, both only when the mark was new. Each statement's condition reads the one before it (changes()).
 */
export function countCarView(db: Db, carId: string, day: string) {
  return [
    db.run(sql`update cars set view_count = view_count + 1 where id = ${carId} and ${WHEN_WRITTEN}`),
    countListingFigures(db, { carId, day, add: { views: 1 }, when: WHEN_WRITTEN }),
  ] as const;
}
