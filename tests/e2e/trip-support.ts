// Shared by the journeys that go through a whole trip (bookings.spec.ts, trips.spec.ts): a car whose trip can be
// moved to "now", its photos, and the move itself. (Booking, paying and the host's confirmation are support.ts's.)
//
// Check-in opens 24 hours before a booking's start and check-out 24 hours before its end (trip-rules.ts), but a
// booking can only be requested for days ahead. So a journey books days of its lane as people do, the host confirms,
// and then the `database` fixture moves the booking to the three days ending today: check-in and check-out are both
// open in real time, whatever the hour (either party may record check-out until 48 h after the end).
// Those past days are the same for every journey that does this, so each (journey, project) pair takes a
// car of its own: the `slot`-th of the demo host's rentable cars with a deposit that no seeded booking holds then. The
// list leaves out only bookings of other people, never the journeys' own (their renters register as `tripper.…`),
// so it is the same list whenever a journey reads it, and two journeys never move bookings onto one car.
import type { Client } from "@libsql/client";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, freeCarInLane, isoDay, javaScriptOn, test, uniqueEmail } from "./support";

/** The journeys' renters: their bookings do not count as the seed's when cars are chosen. */
export const tripperEmail = () => uniqueEmail("tripper");

/** The days a moved trip spans: three days ending today. */
export const TRIP_DAYS = { start: isoDay(-3), end: isoDay(0) };

/** Which car of the list a journey takes: a slot per journey, a car per project. */
export async function tripCarAndDays(database: Client, slot: number, lane: number) {
  const cars = await database.execute({
    sql: `select c.id, c.make, c.model from cars c join users u on u.id = c.owner_id
      where u.email = 'host@demo.lt' and c.status = 'approved' and c.available = 1 and c.listing_type <> 'sale'
        and c.daily_price is not null and c.min_rental_days <= 3 and c.minimum_rental_hours <= 24
        and c.driver_only = 0 and c.deposit_amount > 0
        and not exists (
          select 1 from bookings b join users r on r.id = b.renter_id
          where b.car_id = c.id and b.status in ('pending', 'confirmed', 'active')
            and b.start_date <= ? and ? <= b.end_date and r.email not like 'tripper.%')
        and not exists (select 1 from car_blocked_days d where d.car_id = c.id and d.day >= ? and d.day <= ?)
      order by c.created_at, c.id`,
    args: [isoDay(1), isoDay(-4), isoDay(-4), isoDay(1)],
  });
  const index = slot * 2 + (javaScriptOn(test.info().project.name) ? 0 : 1);
  const chosen = cars.rows[index];
  if (!chosen) throw new Error(`no car for trip slot ${index} (${cars.rows.length} free)`);
  const { car, start, end } = await freeCarInLane(database, [chosen], lane, 3);
  return { id: String(car.id), name: `${String(car.make)} ${String(car.model)}`, start, end };
}

/** Moves a confirmed booking to the three days ending today, so its check-in and check-out are open now. */
export async function moveIntoTrip(database: Client, bookingId: string) {
  const moved = await database.execute({
    sql: "update bookings set start_date = ?, end_date = ?, total_days = 3 where id = ? and status = 'confirmed'",
    args: [TRIP_DAYS.start, TRIP_DAYS.end, bookingId],
  });
  if (moved.rowsAffected !== 1) throw new Error(`booking ${bookingId} was not moved into its trip`);
}

/** Four small photos of the car's sides (JPEG and PNG, as phones send them), drawn here. */
export async function sidePhotos() {
  const draw = async (background: string, format: "jpeg" | "png") => {
    const image = sharp({ create: { width: 320, height: 240, channels: 3, background } });
    return {
      name: `puse.${format === "jpeg" ? "jpg" : "png"}`,
      mimeType: `image/${format}`,
      buffer: await (format === "jpeg" ? image.jpeg() : image.png()).toBuffer(),
    };
  };
  return {
    photoFront: await draw("#2a7a6a", "jpeg"),
    photoBack: await draw("#7a2a3a", "jpeg"),
    photoLeft: await draw("#2a3a7a", "png"),
    photoRight: await draw("#7a6a2a", "png"),
  };
}

/**
 * The page a post brought has finished loading: its load event within 30 s, and without JavaScript (where the browser
 * fetches every photo before that event, lazy or not) every photo on it arrived whole and decoded (decision 032).
 */
export async function expectFinishedLoading(page: Page) {
  const loaded = await page
    .waitForLoadState("load", { timeout: 30_000 })
    .then(() => true)
    .catch(() => false);
  // When the load event never comes, say what the page still waits for: the document itself (its stream not ended)
  // or which of its resources (decision 032: a page that never finishes loading was seen twice and its cause is
  // still unknown).
  const waiting = await page.evaluate(() => ({
    readyState: document.readyState,
    images: Array.from(document.images)
      .filter((image) => !image.complete || image.naturalWidth === 0)
      .map((image) => image.currentSrc || image.src),
    documentResponseEnd: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)
      ?.responseEnd,
    // Resources that arrived (one that never did is missing here).
    arrived: performance.getEntriesByType("resource").map((entry) => entry.name),
  }));
  expect(loaded, `${page.url()} never fired load: ${JSON.stringify(waiting)}`).toBe(true);
  if (javaScriptOn(test.info().project.name)) return;
  expect(waiting.images, page.url()).toEqual([]);
}
