// A host's payout statement (decision 023): every payout of theirs, one line per booking, with the amounts of
// pricing/payout-amounts.ts (`statementLine`), where its transfer stands, and totals per month. The page
// /host-dashboard/payouts and its CSV read it; the host is always the signed-in user, never a parameter.
//
// - A month is the Vilnius calendar month of the payout's settled date (when the booking became payable), so a line
//   stays in one month whatever happens to its transfer later.
// - Every reversal counts as taken from the line, whatever its state: succeeded (taken back from the host's Stripe
//   account), netted (the transfer went out smaller), pending (it is owed and goes with the next job run) and failed
//   (retried by the job until it goes through; the host cannot spend it twice). This is `reversedTotal` of
//   payouts.server.ts, the same figure the admins' refund form bounds by.
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { bookings, cars, payoutReversals, payouts, profiles } from "#db/schema";
import { bookingReference } from "~/bookings/booking-rules";
import type { Db } from "~/db.server";
import { payoutSetupOf } from "~/payouts/payout-accounts.server";
import { companyOf } from "~/profiles/display-name";
import { settlement } from "~/payouts/payout-rules";
import { SETTLING_COLUMNS } from "~/payouts/charge-payouts.server";
import { findPayout, reversedTotal } from "~/payouts/payouts.server";
import { payoutFor, statementLine, statementTotals, type StatementLine } from "~/pricing/payout-amounts";
import { vilniusDay } from "~/utils/calendar-days";

/** Where a payout's transfer stands, as the host reads it. */
export type TransferState =
  | { status: "waiting_for_account" }
  | { status: "scheduled" }
  | { status: "sending" }
  | { status: "paid"; paidAt: number | null }
  | { status: "failed"; reason: string | null; nextAttemptAt: number | null };

export interface StatementEntry {
  bookingId: string;
  reference: string;
  car: string;
  startDate: string;
  endDate: string;
  settledAt: number;
  /** The Vilnius day of `settledAt` (YYYY-MM-DD). */
  settledOn: string;
  line: StatementLine;
  transfer: TransferState;
}

export interface StatementMonth {
  /** YYYY-MM, in Vilnius. */
  month: string;
  count: number;
  totals: StatementLine;
}

export interface StatementHost {
  name: string;
  /** Set for a company account: its name and code, for the statement's header. */
  company: { name: string; code: string } | null;
}

/** The Vilnius calendar month (YYYY-MM) of a moment. */
export const vilniusMonth = (at: Date | number) => vilniusDay(new Date(at)).slice(0, 7);

export function transferState(payout: {
  status: (typeof payouts.$inferSelect)["status"];
  paidAt: Date | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
}): TransferState {
  switch (payout.status) {
    case "paid":
      return { status: "paid", paidAt: payout.paidAt?.getTime() ?? null };
    case "failed":
      return { status: "failed", reason: payout.lastError, nextAttemptAt: payout.nextAttemptAt?.getTime() ?? null };
    default:
      return { status: payout.status };
  }
}

/** Who the statement is for: the header's name, and a company's name and code. */
export async function findStatementHost(db: Db, hostId: string | SQL): Promise<StatementHost> {
  const [profile] = await db
    .select({
      fullName: profiles.fullName,
      email: profiles.email,
      accountType: profiles.accountType,
      companyName: profiles.companyName,
      companyNumber: profiles.companyNumber,
    })
    .from(profiles)
    .where(eq(profiles.id, hostId))
    .limit(1);
  if (!profile) return { name: "", company: null };
  const company = companyOf(profile);
  return { name: profile.fullName ?? company?.name ?? profile.email, company };
}

/**
 * Every payout of the host, newest settled first, as statement entries. Their reversals are asked for by a subquery of
 * the host's payouts in the same turn, not after their answer: one round trip (decision 002).
 */
export async function findStatementEntries(db: Db, hostId: string | SQL): Promise<StatementEntry[]> {
  const [rows, reversals] = await Promise.all([
    db
      .select({
        id: payouts.id,
        bookingId: payouts.bookingId,
        gross: payouts.gross,
        hostShare: payouts.hostShare,
        claimKept: payouts.claimKept,
        amount: payouts.amount,
        status: payouts.status,
        paidAt: payouts.paidAt,
        lastError: payouts.lastError,
        nextAttemptAt: payouts.nextAttemptAt,
        settledAt: payouts.settledAt,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        make: cars.make,
        model: cars.model,
        year: cars.year,
      })
      .from(payouts)
      .innerJoin(bookings, eq(bookings.id, payouts.bookingId))
      .leftJoin(cars, eq(cars.id, bookings.carId))
      // The booking's host too: a payout is written for the booking's owner, and nothing else may show here.
      .where(and(eq(payouts.hostId, hostId), eq(bookings.ownerId, hostId)))
      .orderBy(desc(payouts.settledAt), asc(payouts.id)),
    db
      .select({ payoutId: payoutReversals.payoutId, amount: payoutReversals.amount })
      .from(payoutReversals)
      .where(
        inArray(
          payoutReversals.payoutId,
          db.select({ id: payouts.id }).from(payouts).where(eq(payouts.hostId, hostId)),
        ),
      ),
  ]);
  return rows.map((row) => ({
    bookingId: row.bookingId,
    reference: bookingReference(row.bookingId),
    car: row.make ? `${row.make} ${row.model} ${row.year}` : "",
    startDate: row.startDate,
    endDate: row.endDate,
    settledAt: row.settledAt.getTime(),
    settledOn: vilniusDay(row.settledAt),
    line: statementLine(row, reversedTotal(reversals.filter((r) => r.payoutId === row.id))),
    transfer: transferState(row),
  }));
}

/** The months that have payouts, newest first, each with its totals. */
export function statementMonths(entries: StatementEntry[]): StatementMonth[] {
  const byMonth = new Map<string, StatementLine[]>();
  for (const entry of entries) {
    const month = entry.settledOn.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), entry.line]);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([month, lines]) => ({ month, count: lines.length, totals: statementTotals(lines) }));
}

/**
 * The host's statement for one month (`month`, or the latest with payouts when it is null): the header, the
 * month's lines and totals, and every month's totals for the overview.
 */
export async function findStatement(db: Db, hostId: string | SQL, month: string | null) {
  const [host, entries] = await Promise.all([findStatementHost(db, hostId), findStatementEntries(db, hostId)]);
  const months = statementMonths(entries);
  const chosen = month ?? months[0]?.month ?? null;
  const lines = chosen ? entries.filter((e) => e.settledOn.startsWith(`${chosen}-`)) : [];
  return {
    host,
    months,
    month: chosen,
    lines,
    totals: statementTotals(lines.map((l) => l.line)),
  };
}

export type Statement = Awaited<ReturnType<typeof findStatement>>;

/**
 * The host's payout as the trip page shows it (to the host, and to admins, who see the host's earnings there too):
 * - `owed`: the payout is written; what reaches the host (its amount less reversals) and where the transfer stands;
 * - `expected`: not yet settled; about what it will be, and from when it is paid (`from`: the claim window's end or
 *   the trip's start; null when that is not known yet: the trip is ahead or a claim is open);
 * - null: nothing is or will be owed (a request, a declined booking, a host's cancellation, a full refund).
 * `accountReady` says whether the host can receive transfers now; until then a payout waits for their account.
 */
export type TripPayout =
  | { state: "owed"; amount: number; reversed: number; transfer: TransferState; accountReady: boolean }
  | {
      state: "expected";
      amount: number;
      from: number | null;
      after: "trip" | "claim_window" | "claim" | "settled";
      accountReady: boolean;
    };

/** The trip page's payout of a booking (see TripPayout), or null. The page shows it to the host and admins only. */
export async function findTripPayout(db: Db, bookingId: string): Promise<TripPayout | null> {
  // Everything by the booking's id at once (the host's payout account by a subquery of its owner): one round trip.
  const [[booking], found, setup] = await Promise.all([
    db.select(SETTLING_COLUMNS).from(bookings).where(eq(bookings.id, bookingId)).limit(1),
    findPayout(db, bookingId),
    payoutSetupOf(db, sql`(select ${bookings.ownerId} from ${bookings} where ${bookings.id} = ${bookingId})`),
  ]);
  if (!booking) return null;
  const accountReady = setup.state === "enabled";
  if (found) {
    const reversed = reversedTotal(found.reversals);
    return {
      state: "owed",
      amount: statementLine(found.payout, reversed).net,
      reversed: Math.min(reversed, found.payout.amount),
      transfer: transferState(found.payout),
      accountReady,
    } satisfies TripPayout;
  }
  const settled = settlement(booking);
  if (settled) {
    const { amount } = payoutFor(booking, settled.outcome);
    if (amount <= 0) return null;
    return { state: "expected", amount, from: settled.settledAt, after: "settled", accountReady } satisfies TripPayout;
  }
  if (booking.paymentStatus !== "captured") return null;
  const expected = payoutFor(booking, { kind: "trip" }).amount;
  if (booking.status === "confirmed" || booking.status === "active") {
    return { state: "expected", amount: expected, from: null, after: "trip", accountReady } satisfies TripPayout;
  }
  if (booking.status === "completed" && booking.depositStatus === "held") {
    return {
      state: "expected",
      amount: expected,
      from: booking.claimWindowEndsAt?.getTime() ?? null,
      after: "claim_window",
      accountReady,
    } satisfies TripPayout;
  }
  if (booking.status === "completed" && booking.depositStatus === "claimed") {
    return { state: "expected", amount: expected, from: null, after: "claim", accountReady } satisfies TripPayout;
  }
  return null;
}
