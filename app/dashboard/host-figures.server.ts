// The host dashboard's figures (part 2 §2, §3 "Host stats"; §6: the bookings whose owner_id is the host) for a
// period, read in one batch of aggregate queries. What each figure means, and why: docs/decisions/011.
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { bookings, cars, hostDailyStats, profiles } from "#db/schema";
import { BUCKET_SIZE, chartBuckets, niceScale } from "~/dashboard/chart";
import { carImageKey, carName, personName } from "~/dashboard/columns.server";
import { availableDays, averageCents, cappedPercent, growthPercent, ratingOrNull } from "~/dashboard/figures";
import { monthRange, periodRange, type DayRange, type Period } from "~/dashboard/period";
import { VISIBLE_TO_HOST } from "~/bookings/my-bookings.server";
import type { Db } from "~/db.server";
import { displayName } from "~/profiles/display-name";
import { vilniusDay } from "~/utils/calendar-days";

export const RECENT_BOOKINGS = 5;
export const TOP_CARS = 3;

/** What a booking is worth on the dashboard (part 2 §9): its total without the refundable deposit. */
const VALUE = sql`(${bookings.totalAmount} - ${bookings.depositAmount})`;
/** A booking the host took: confirmed, under way or done (not a request, not cancelled). */
const TAKEN = sql`${bookings.status} in ('confirmed', 'active', 'completed')`;
/** Completed within the range: earnings belong to the moment the host marked the rental complete. */
const completedWithin = (range: Pick<DayRange, "startMs" | "endMs">) =>
  sql`(${bookings.status} = 'completed' and ${bookings.completedAt} >= ${range.startMs} and ${bookings.completedAt} < ${range.endMs})`;

const total = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)`;
const sumWhen = (condition: SQL, expression: SQL) =>
  sql<number>`coalesce(sum(case when ${condition} then ${expression} end), 0)`;

/** A car of the fleet that could be rented (decision 011): approved, offered for rent, not deleted. */
const IN_FLEET = sql`${cars.status} = 'approved' and ${cars.listingType} <> 'sale' and ${cars.deletedAt} is null`;
/** When a car joined the fleet: its approval, else its creation. */
const LISTED_AT = sql<number>`coalesce(${cars.approvedAt}, ${cars.createdAt})`;

/** The host's dashboard; the owner is their id or SQL that yields it (the session's subquery, decision 002). */
export async function loadHostDashboard(db: Db, ownerId: string | SQL, period: Period, now: Date) {
  const range = periodRange(period, now);
  const month = monthRange(now);
  const buckets = chartBuckets(range, BUCKET_SIZE[period]);
  const inPeriod = completedWithin(range);
  const bucketOf = sql.join(
    [sql`case`, ...buckets.map((b, i) => sql`when ${bookings.completedAt} < ${b.endMs} then ${i}`), sql`end`],
    sql` `,
  );
  const mine = eq(bookings.ownerId, ownerId);

  const [[totals], perCar, [listed], fleetRows, [stats], repeaters, chartRows, recent, [profile]] = await db.batch([
    db
      .select({
        earnings: sumWhen(inPeriod, VALUE),
        payout: sumWhen(inPeriod, sql`${bookings.hostEarnings}`),
        completed: total(inPeriod),
        previousEarnings: sumWhen(completedWithin(range.previous), VALUE),
        monthEarnings: sumWhen(completedWithin(month), VALUE),
        active: total(sql`${bookings.status} in ('confirmed', 'active') and ${bookings.endDate} > ${range.today}`),
        pending: total(sql`${bookings.status} = 'pending' and ${VISIBLE_TO_HOST}`),
        taken: total(
          sql`${TAKEN} and ${bookings.createdAt} >= ${range.startMs} and ${bookings.createdAt} < ${range.endMs}`,
        ),
      })
      .from(bookings)
      .where(mine),
    // The cars that have bookings (few next to the fleet), with what the top cars and occupancy need of each.
    db
      .select({
        carId: bookings.carId,
        earnings: sumWhen(inPeriod, VALUE),
        completed: total(inPeriod),
        // The days of [start, end) inside [from, until): a booking holds its car until the day it comes back.
        bookedDays: sumWhen(
          sql`${TAKEN} and ${bookings.startDate} < ${range.until} and ${bookings.endDate} > ${range.from}`,
          sql`cast(julianday(min(${bookings.endDate}, ${range.until})) - julianday(max(${bookings.startDate}, ${range.from})) as integer)`,
        ),
        make: cars.make,
        model: cars.model,
        year: cars.year,
        deletedAt: cars.deletedAt,
        // Counted only for the host's own cars, as the fleet is.
        inFleet: sql<number>`(${IN_FLEET} and ${cars.ownerId} = ${ownerId})`,
        own: sql<number>`(${cars.ownerId} = ${ownerId})`,
        listedAt: LISTED_AT,
        imageKey: carImageKey,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .where(mine)
      .groupBy(bookings.carId),
    db
      .select({ any: sql<number>`exists (select 1 from ${cars} where ${cars.ownerId} = ${ownerId})` })
      .from(sql`(select 1)`),
    // The fleet by the moment each car was listed: those listed before the period count all its days, one row; the
    // others a row each (the cars listed within the period). Read from cars_owner_fleet_idx alone.
    db
      .select({
        listedAt: sql<number | null>`case when ${LISTED_AT} >= ${range.startMs} then ${LISTED_AT} end`.as("listed"),
        cars: count(),
      })
      .from(sql`${cars} indexed by ${sql.identifier("cars_owner_fleet_idx")}`)
      .where(and(eq(cars.ownerId, ownerId), IN_FLEET))
      .groupBy(sql`listed`),
    db
      .select({ views: total(sql`${hostDailyStats.views}`), inquiries: total(sql`${hostDailyStats.inquiries}`) })
      .from(hostDailyStats)
      .where(
        and(
          eq(hostDailyStats.ownerId, ownerId),
          gte(hostDailyStats.day, range.from),
          lt(hostDailyStats.day, range.until),
        ),
      ),
    // The renters who came back, a row each (few), counted here.
    db
      .select({ renterId: bookings.renterId })
      .from(bookings)
      .where(and(mine, TAKEN))
      .groupBy(bookings.renterId)
      .having(sql`count(*) >= 2`),
    db
      .select({ bucket: sql<number>`${bucketOf}`.as("bucket"), earnings: total(VALUE) })
      .from(bookings)
      .where(and(mine, inPeriod))
      .groupBy(sql`bucket`),
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        totalDays: bookings.totalDays,
        value: sql<number>`${VALUE}`,
        createdAt: bookings.createdAt,
        carId: bookings.carId,
        carName,
        renter: personName,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .leftJoin(profiles, eq(profiles.id, bookings.renterId))
      .where(and(mine, VISIBLE_TO_HOST))
      .orderBy(desc(bookings.createdAt), asc(bookings.id))
      .limit(RECENT_BOOKINGS),
    db
      .select({ rating: profiles.rating, reviewCount: profiles.reviewCount })
      .from(profiles)
      .where(eq(profiles.id, ownerId)),
  ]);

  // The fleet that could be rented: approved rental listings not deleted, each from the day it was approved. The
  // availability switch has no history, so it does not take days away. Only cars with bookings have booked days.
  const listedDays = (listedAt: number | null) =>
    listedAt === null ? range.days : availableDays(range, vilniusDay(new Date(listedAt)));
  let fleetDays = 0;
  for (const row of fleetRows) fleetDays += listedDays(row.listedAt) * Number(row.cars);
  let bookedDays = 0;
  for (const row of perCar) {
    if (Number(row.inFleet)) bookedDays += Math.min(Number(row.bookedDays ?? 0), listedDays(Number(row.listedAt)));
  }

  const earnings = Number(totals?.earnings ?? 0);
  const completed = Number(totals?.completed ?? 0);
  const taken = Number(totals?.taken ?? 0);
  const inquiries = Number(stats?.inquiries ?? 0);
  const barEarnings = buckets.map(() => 0);
  for (const row of chartRows) if (row.bucket !== null) barEarnings[Number(row.bucket)] = Number(row.earnings);

  const topCars = perCar
    .filter((row) => Number(row.earnings) > 0 && Number(row.own))
    .map((row) => ({
      id: row.carId,
      name: `${row.make} ${row.model} ${row.year}`,
      imageKey: row.imageKey,
      deleted: row.deletedAt !== null,
      earnings: Number(row.earnings),
      completed: Number(row.completed),
    }))
    .sort((a, b) => b.earnings - a.earnings || b.completed - a.completed || a.name.localeCompare(b.name))
    .slice(0, TOP_CARS);

  return {
    hasListings: Boolean(Number(listed?.any ?? 0)),
    range: { from: range.from, until: range.until, days: range.days },
    figures: {
      totalEarnings: earnings,
      hostPayout: Number(totals?.payout ?? 0),
      earningsGrowth: growthPercent(earnings, Number(totals?.previousEarnings ?? 0)),
      monthEarnings: Number(totals?.monthEarnings ?? 0),
      activeBookings: Number(totals?.active ?? 0),
      pendingBookings: Number(totals?.pending ?? 0),
      occupancy: cappedPercent(bookedDays, fleetDays),
      conversion: cappedPercent(taken, inquiries),
      averageBookingValue: averageCents(earnings, completed),
      completedBookings: completed,
      repeatCustomers: repeaters.length,
      rating: ratingOrNull(Number(profile?.rating ?? 0)),
      reviewCount: Number(profile?.reviewCount ?? 0),
      views: Number(stats?.views ?? 0),
      inquiries,
      bookings: taken,
    },
    chart: {
      size: BUCKET_SIZE[period],
      scale: niceScale(Math.max(0, ...barEarnings)),
      bars: buckets.map((bucket, i) => ({ from: bucket.from, until: bucket.until, earnings: barEarnings[i]! })),
    },
    recentBookings: recent.map(({ renter, createdAt, ...row }) => ({
      ...row,
      value: Number(row.value),
      createdAt: createdAt.getTime(),
      renterName: displayName(renter),
    })),
    topCars,
  };
}

export type HostDashboard = Awaited<ReturnType<typeof loadHostDashboard>>;
