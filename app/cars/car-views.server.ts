// A car page view counts once per visitor per car per day, not per reload (issue: browse). The visitor is the
// signed-in user, else a keyed hash of address and browser for that day: nothing is stored that could identify
// someone, and the hash changes every day. Owners' own visits and crawlers do not count.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { carViewMarks } from "#db/schema";
import { isbot } from "isbot";
import { clientAddress } from "~/accounts/rate-limit.server";
import { countCarView } from "~/cars/listing-stats.server";
import type { Db } from "~/db.server";
import { sha256Hex } from "~/utils/crypto.server";
import { vilniusDay } from "~/utils/calendar-days";

export async function visitorKey(
  request: Request,
  userId: string | null,
  secret: string,
  day: string,
): Promise<string> {
  if (userId) return `u:${userId}`;
  const agent = request.headers.get("User-Agent") ?? "";
  return `a:${(await sha256Hex(`${secret}|${day}|${clientAddress(request)}|${agent}`)).slice(0, 32)}`;
}

/**
 * Records the view; the mark is ignored when this visitor already counted today, and then nothing is counted. A page
 * from the edge cache knows no owner: its visitor is anonymous, so never the owner. Settles with true when it counted,
 * false when not, and null when the mark went with a batch another request writes (below).
 */
export async function recordCarView(
  context: Pick<AppLoadContext, "db" | "env">,
  request: Request,
  car: { id: string; ownerId?: string },
  viewerId: string | null,
  now = new Date(),
): Promise<boolean | null> {
  if ((viewerId !== null && viewerId === car.ownerId) || isbot(request.headers.get("User-Agent") ?? "")) return false;
  const day = vilniusDay(now);
  const visitor = await visitorKey(request, viewerId, context.env.sessionSecrets[0] ?? "", day);
  const mark = `${car.id}|${visitor}|${day}`;
  if (marked.has(mark)) return false;
  const key = context.env;
  const view = { carId: car.id, visitor, day, mark };
  const batch = waiting.get(key);
  if (batch) {
    batch.push(view);
    return null;
  }
  waiting.set(key, [view]);
  await new Promise((resolve) => setTimeout(resolve, VIEW_WRITE_WINDOW_MS));
  const views = waiting.get(key) ?? [view];
  waiting.delete(key);
  const counted = await writeViews(context.db, views);
  return counted[0]!;
}

/**
 * A visitor's first view of a car is a write, and a cached car page is otherwise as cheap as a cached listing: with a
 * round trip per new visitor, the car page answered 72 requests a second where the listing answered 250 (the bench's
 * load, a new address per request). So the marks wait VIEW_WRITE_WINDOW_MS for each other and go in one batch, which
 * the request of the first one writes, in its own waitUntil and with its own client (a Worker may not wait for
 * another request's I/O: the runtime cancels the waiting one as hung). Each mark still counts only if its row is new.
 * The cost: a view reaches the figures that much later, and a failed batch loses the views in it (logged).
 */
export const VIEW_WRITE_WINDOW_MS = 200;

/**
 * The marks waiting for the batch that takes them, per configuration (one per isolate in the Worker, see
 * load-context.ts; one per test context), so a mark never goes to another database.
 */
const waiting = new WeakMap<object, { carId: string; visitor: string; day: string; mark: string }[]>();

/** Writes the marks and their counts in one round trip; which of them counted, in order. */
async function writeViews(db: Db, views: { carId: string; visitor: string; day: string; mark: string }[]) {
  const statements = views.flatMap((view) => [
    db
      .insert(carViewMarks)
      .values({ carId: view.carId, visitor: view.visitor, day: view.day })
      .onConflictDoNothing()
      .returning({ carId: carViewMarks.carId }),
    ...countCarView(db, view.carId, view.day),
  ]);
  const perView = statements.length / views.length;
  let results;
  try {
    results = await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  } catch (error) {
    throw new Error(`${views.length} views not recorded`, { cause: error });
  }
  return views.map((view, i) => {
    remember(view.mark);
    return (results[i * perView] as unknown[]).length > 0;
  });
}

/**
 * The marks this isolate knows are written (inserted now or found there), so a visitor's reloads of a page (most of
 * them answered from the edge cache) write nothing more. Bounded: the oldest are forgotten first, and a forgotten
 * mark only costs one write the database ignores.
 */
const marked = new Set<string>();
const MARKS_KEPT = 10_000;

function remember(mark: string) {
  marked.add(mark);
  if (marked.size > MARKS_KEPT) marked.delete(marked.values().next().value!);
}
