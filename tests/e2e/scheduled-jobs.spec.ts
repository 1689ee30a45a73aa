// The Worker's scheduled jobs under `npm start` (scripts/start.ts): wrangler dev fires no cron triggers, so the start
// script calls wrangler's `/__scheduled` endpoint on wrangler.toml's schedule (scripts/cron-schedule.ts, unit-tested).
// Here, over HTTP: that endpoint runs the Worker's own scheduled handler (a request unanswered for 24 hours expires),
// and a Worker started without `--test-scheduled`, as every deploy is, has no such endpoint.
import { FAULT_URL } from "../../playwright.config";
import { expect, isoDay, test, insertRentalCharge } from "./support";

test("@http GET /__scheduled runs the scheduled jobs: a request unanswered for 24 hours expires", async ({
  request,
  database,
}) => {
  // People of the seed's own, not the demo accounts the other journeys sign in with.
  const car = await database.execute(`
    select c.id, c.owner_id from cars c join users u on u.id = c.owner_id
    where u.email not like '%@demo.lt' and c.status = 'approved' and c.listing_type <> 'sale' limit 1`);
  const renter = await database.execute({
    sql: "select id from users where email not like '%@demo.lt' and id <> ? limit 1",
    args: [String(car.rows[0]!.owner_id)],
  });
  const id = crypto.randomUUID();
  const asked = Date.now() - 25 * 3_600_000;
  await database.execute({
    sql: `insert into bookings (id, car_id, renter_id, owner_id, status, start_date, end_date, total_days, daily_rate,
            subtotal, platform_fee, payment_processor_fee, host_earnings, total_amount, payment_status,
            created_at, updated_at)
          values (?, ?, ?, ?, 'pending', ?, ?, 2, 4000, 8000, 160, 280, 7840, 8440, 'authorized', ?, ?)`,
    args: [
      id,
      String(car.rows[0]!.id),
      String(renter.rows[0]!.id),
      String(car.rows[0]!.owner_id),
      isoDay(300),
      isoDay(302),
      asked,
      asked,
    ],
  });
  // The booking's payment is its rental charge's (decision 035).
  await insertRentalCharge(database, id, `pi_standin_${id.slice(0, 8)}`);

  const ran = await request.get(`/__scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
  expect(ran.status()).toBe(200);
  expect(await ran.text()).toBe("Ran scheduled event");
  await expect
    .poll(async () => {
      const row = await database.execute({
        sql: "select status, cancel_reason, payment_status from bookings where id = ?",
        args: [id],
      });
      return row.rows[0];
    })
    .toMatchObject({ status: "cancelled", cancel_reason: "expired", payment_status: "released" });

  // The Worker as deployed (no --test-scheduled): the path is an ordinary page address, nothing runs.
  const deployed = await request.get(`${FAULT_URL}/__scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
  expect(await deployed.text()).not.toContain("Ran scheduled event");
  expect(deployed.status()).toBeGreaterThanOrEqual(400);
});
