// A host's payout statement against a real libSQL file: app/payouts/statements.server.ts, the page
// /host-dashboard/payouts, its CSV (/host-dashboard/payouts.csv) and the payout on the trip page. Payouts are written
// straight into the ledger's tables (the job that writes them has tests of its own); bookings come from the factories.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutAccounts, payoutReversals, payouts, refunds } from "#db/schema";
import { findStatement, findStatementEntries } from "~/payouts/statements.server";
import { loader as tripLoader } from "~/routes/_bookings+/bookings_.$bookingId";
import { loader as pageLoader } from "~/routes/_dashboard+/host-dashboard_.payouts";
import { loader as csvLoader } from "~/routes/_dashboard+/host-dashboard_.payouts[.csv]";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser, sessionCookieFor } from "./support/factories";
import { callRoute, getRequest } from "./support/routes";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Person = { id: string; cookie: string };

async function person(options: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const { id } = await createUser(ctx, { isHost: true, verified: true, ...options });
  return { id, cookie: await sessionCookieFor(ctx, id) };
}

/** A completed, captured booking of the host's car and its payout row (a paid one unless told). */
async function payout(
  host: Person,
  renter: Person,
  values: Partial<typeof payouts.$inferInsert> & { settledAt: Date },
  options: { carMake?: string; startDate?: string; endDate?: string } = {},
) {
  const car = await createCar(ctx, host.id, { make: options.carMake ?? "Škoda", model: "Octavia", year: 2021 });
  const bookingId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "completed", {
    startDate: options.startDate ?? "2026-09-20",
    endDate: options.endDate ?? "2026-09-23",
    paymentStatus: "captured",
    depositStatus: "returned",
    completedAt: new Date(values.settledAt.getTime() - 3 * 86_400_000),
    claimWindowEndsAt: values.settledAt,
  });
  const gross = values.gross ?? 12_000;
  const hostShare = values.hostShare ?? 10_200;
  const claimKept = values.claimKept ?? 0;
  const [row] = await ctx.db
    .insert(payouts)
    .values({
      bookingId,
      hostId: host.id,
      gross,
      hostShare,
      claimKept,
      amount: hostShare + claimKept,
      status: "paid",
      idempotencyKey: `payout-${bookingId}`,
      paidAt: values.status === undefined || values.status === "paid" ? values.settledAt : null,
      ...values,
    })
    .returning({ id: payouts.id });
  return { bookingId, payoutId: row!.id, reference: bookingId.slice(0, 8).toUpperCase() };
}

/** A reversal of the payout after an admin's refund, in `status`. */
async function reversal(
  bookingId: string,
  payoutId: string,
  amount: number,
  status: (typeof payoutReversals.$inferInsert)["status"],
  kind: "admin" | "cancellation" = "admin",
) {
  const [refund] = await ctx.db
    .insert(refunds)
    .values({ bookingId, kind, amount, status: "succeeded", idempotencyKey: `refund-${bookingId}-${kind}` })
    .returning({ id: refunds.id });
  await ctx.db
    .insert(payoutReversals)
    .values({ payoutId, refundId: refund!.id, amount, status, idempotencyKey: `reversal-${refund!.id}` });
}

/**
 * A host with three payouts: two settled in October 2026 in Vilnius (one at 01:30 on 1 October, still 30 September in
 * UTC, with a claim and two reversals; one failed), one in September (waiting for the account); and another host's
 * payout in October with a car named like a formula.
 */
async function world() {
  const host = await person({ fullName: "Jonas Žukauskas" });
  const renter = await person({ fullName: "Rūta Nuomininkė", isHost: false });
  const stranger = await person({ fullName: "Kitas Nuomotojas" });
  const claimed = await payout(
    host,
    renter,
    {
      settledAt: new Date("2026-09-30T22:30:00Z"),
      gross: 12_000,
      hostShare: 10_200,
      claimKept: 5_050,
    },
    { carMake: '=HYPERLINK("http://x.lt")' },
  );
  await reversal(claimed.bookingId, claimed.payoutId, 1_000, "succeeded", "admin");
  await reversal(claimed.bookingId, claimed.payoutId, 500, "failed", "cancellation");
  const failed = await payout(host, renter, {
    settledAt: new Date("2026-10-15T10:00:00Z"),
    gross: 8_000,
    hostShare: 6_800,
    status: "failed",
    lastError: "Insufficient funds; try again later",
    nextAttemptAt: new Date("2026-10-15T11:00:00Z"),
    attempts: 1,
  });
  const waiting = await payout(host, renter, {
    settledAt: new Date("2026-09-30T20:59:00Z"),
    gross: 5_000,
    hostShare: 4_250,
    status: "waiting_for_account",
  });
  const foreign = await payout(stranger, renter, {
    settledAt: new Date("2026-10-10T10:00:00Z"),
    gross: 99_900,
    hostShare: 88_800,
  });
  return { host, renter, stranger, claimed, failed, waiting, foreign };
}

type PageData = Awaited<ReturnType<typeof findStatement>> & { title: string };

describe("the statement (statements.server.ts)", () => {
  it("has a line per payout with the amounts, grouped by Vilnius month with totals, and only the host's own", async () => {
    const w = await world();
    const entries = await findStatementEntries(ctx.db, w.host.id);
    expect(entries.map((e) => e.reference)).toEqual([w.failed.reference, w.claimed.reference, w.waiting.reference]);
    const claimed = entries.find((e) => e.bookingId === w.claimed.bookingId)!;
    expect(claimed).toMatchObject({
      car: '=HYPERLINK("http://x.lt") Octavia 2021',
      startDate: "2026-09-20",
      endDate: "2026-09-23",
      settledOn: "2026-10-01",
      // Both reversals count: one taken back, one failed and being retried.
      line: { gross: 12_000, platformFee: 1_800, hostShare: 10_200, claimKept: 5_050, reversed: 1_500, net: 13_750 },
      transfer: { status: "paid", paidAt: new Date("2026-09-30T22:30:00Z").getTime() },
    });
    expect(entries.find((e) => e.bookingId === w.failed.bookingId)!.transfer).toEqual({
      status: "failed",
      reason: "Insufficient funds; try again later",
      nextAttemptAt: new Date("2026-10-15T11:00:00Z").getTime(),
    });
    expect(entries.find((e) => e.bookingId === w.waiting.bookingId)!).toMatchObject({
      settledOn: "2026-09-30",
      transfer: { status: "waiting_for_account" },
    });

    const october = await findStatement(ctx.db, w.host.id, null);
    expect(october.month).toBe("2026-10");
    expect(october.host).toEqual({ name: "Jonas Žukauskas", company: null });
    expect(october.lines.map((l) => l.reference).sort()).toEqual([w.claimed.reference, w.failed.reference].sort());
    expect(october.totals).toEqual({
      gross: 20_000,
      platformFee: 3_000,
      hostShare: 17_000,
      claimKept: 5_050,
      reversed: 1_500,
      net: 20_550,
    });
    expect(october.months).toEqual([
      { month: "2026-10", count: 2, totals: october.totals },
      {
        month: "2026-09",
        count: 1,
        totals: { gross: 5_000, platformFee: 750, hostShare: 4_250, claimKept: 0, reversed: 0, net: 4_250 },
      },
    ]);
    // The other host's payout is nowhere in this host's statement, and theirs holds only their own.
    expect(JSON.stringify(october)).not.toContain(w.foreign.reference);
    const theirs = await findStatement(ctx.db, w.stranger.id, null);
    expect(theirs.lines.map((l) => l.reference)).toEqual([w.foreign.reference]);
  });

  it("names a company host by its company name and code", async () => {
    const company = await person({ accountType: "company", fullName: "Ona Direktorė" });
    const statement = await findStatement(ctx.db, company.id, null);
    expect(statement).toMatchObject({
      host: { company: { name: "UAB Testas", code: "123456789" } },
      month: null,
      lines: [],
      months: [],
    });
  });
});

describe("/host-dashboard/payouts", () => {
  const open = (path: string, cookie?: string) =>
    callRoute<PageData>(pageLoader, getRequest(path, { cookie }), ctx.context);

  it("shows the chosen month (latest by default), the months, and never a 500 for a bad month", async () => {
    const w = await world();
    const latest = await open("/host-dashboard/payouts", w.host.cookie);
    expect(latest.status).toBe(200);
    expect(latest.data.month).toBe("2026-10");
    const september = await open("/host-dashboard/payouts?month=2026-09", w.host.cookie);
    expect(september.data.lines.map((l) => l.reference)).toEqual([w.waiting.reference]);
    expect(september.data.months.map((m) => m.month)).toEqual(["2026-10", "2026-09"]);
    const quiet = await open("/host-dashboard/payouts?month=2025-01", w.host.cookie);
    expect(quiet.data).toMatchObject({ month: "2025-01", lines: [] });
    for (const bad of ["2026-13", "2026-1", "abc", "", "2026-10-01", "0000-01", "%00", "2026-10&month=2026-09"]) {
      const result = await open(`/host-dashboard/payouts?month=${encodeURIComponent(bad)}`, w.host.cookie);
      expect(result.status, bad).toBe(200);
      expect(result.data.month, bad).toBe("2026-10");
    }
  });

  it("is empty for someone without payouts, and sends a guest to sign in", async () => {
    const nobody = await person();
    const empty = await open("/host-dashboard/payouts", nobody.cookie);
    expect(empty.data).toMatchObject({ month: null, months: [], lines: [] });
    // A guest gets the sign-in page's 401 (as every private page does) and nothing of anyone's payouts.
    const guest = await open("/host-dashboard/payouts");
    expect(guest.status).toBe(401);
    expect(JSON.stringify(guest.data)).not.toContain("lines");
  });
});

describe("/host-dashboard/payouts.csv", () => {
  const csv = (path: string, cookie?: string) =>
    callRoute<string>(csvLoader, getRequest(path, { cookie }), ctx.context);
  const records = (text: string) =>
    text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(0, -1);

  it("downloads the caller's month in Lithuanian: BOM, `;`, decimal commas, totals, formulas neutralised", async () => {
    const w = await world();
    const result = await csv("/host-dashboard/payouts.csv?month=2026-10", w.host.cookie);
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(result.headers.get("Content-Disposition")).toBe('attachment; filename="ratai-payouts-2026-10.csv"');
    expect(result.headers.get("Cache-Control")).toBe("private, no-store");
    // The bytes begin with UTF-8's byte order mark (a text decoder drops it, as Response.text() does).
    const response = (await csvLoader({
      request: getRequest("/host-dashboard/payouts.csv?month=2026-10", { cookie: w.host.cookie }),
      context: ctx.context,
      params: {},
    })) as Response;
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = records(result.data);
    expect(lines[0]).toBe(
      "Gavėjas;Įmonės kodas;Užsakymas;Automobilis;Kelionės pradžia;Kelionės pabaiga;Mokėtina nuo;Nuoma;Platformos mokestis;Jūsų dalis;Iš užstato;Išskaičiuota;Jums lieka;Pervedimas;Išmokėta",
    );
    expect(lines).toHaveLength(4);
    expect(lines).toContain(
      `Jonas Žukauskas;;${w.claimed.reference};"'=HYPERLINK(""http://x.lt"") Octavia 2021";2026-09-20;2026-09-23;2026-10-01;120,00;18,00;102,00;50,50;15,00;137,50;Išmokėta;2026-10-01`,
    );
    // Stripe's reason has the separator in it: quoted.
    expect(lines).toContain(
      `Jonas Žukauskas;;${w.failed.reference};Škoda Octavia 2021;2026-09-20;2026-09-23;2026-10-15;80,00;12,00;68,00;0,00;0,00;68,00;"Nepavyko: Insufficient funds; try again later";`,
    );
    expect(lines[3]).toBe("Iš viso;;;;;;;200,00;30,00;170,00;50,50;15,00;205,50;;");
    expect(result.data).not.toContain(w.foreign.reference);
  });

  it("uses `,` and decimal points in English", async () => {
    const w = await world();
    const result = await csv("/host-dashboard/payouts.csv?month=2026-09&lng=en", w.host.cookie);
    expect(result.status).toBe(200);
    const lines = records(result.data);
    expect(lines[0]).toBe(
      "Payee,Company number,Booking,Car,Trip start,Trip end,Settled,Rental,Platform fee,Your share,Claim kept,Taken back,Net to you,Transfer,Paid on",
    );
    expect(lines[1]).toBe(
      `Jonas Žukauskas,,${w.waiting.reference},Škoda Octavia 2021,2026-09-20,2026-09-23,2026-09-30,50.00,7.50,42.50,0.00,0.00,42.50,Waiting for your payout account,`,
    );
    expect(lines[2]).toBe("Total,,,,,,,50.00,7.50,42.50,0.00,0.00,42.50,,");
  });

  it("names a company by its registered name and company number on every line, in both languages", async () => {
    const company = await person({ accountType: "company", fullName: "Tomas Vadovas" });
    const renter = await person({ isHost: false });
    const paid = await payout(company, renter, { settledAt: new Date("2026-10-12T10:00:00Z") });
    const lt = records((await csv("/host-dashboard/payouts.csv?month=2026-10", company.cookie)).data);
    expect(lt[0]!.startsWith("Gavėjas;Įmonės kodas;Užsakymas;")).toBe(true);
    expect(lt[1]!.startsWith(`UAB Testas;123456789;${paid.reference};`)).toBe(true);
    const en = records((await csv("/host-dashboard/payouts.csv?month=2026-10&lng=en", company.cookie)).data);
    expect(en[0]!.startsWith("Payee,Company number,Booking,")).toBe(true);
    expect(en[1]!.startsWith(`UAB Testas,123456789,${paid.reference},`)).toBe(true);
  });

  it("holds only the caller's own payouts", async () => {
    const w = await world();
    const theirs = await csv("/host-dashboard/payouts.csv?month=2026-10", w.stranger.cookie);
    expect(theirs.data).toContain(w.foreign.reference);
    expect(theirs.data).not.toContain(w.claimed.reference);
    const nobody = await person();
    const empty = records((await csv("/host-dashboard/payouts.csv?month=2026-10", nobody.cookie)).data);
    expect(empty).toHaveLength(2);
    expect(empty[1]).toBe("Iš viso;;;;;;;0,00;0,00;0,00;0,00;0,00;0,00;;");
  });

  it("answers a bad or missing month with a plain 400, and sends a guest to sign in and back", async () => {
    const host = await person();
    for (const bad of ["", "?month=", "?month=2026-13", "?month=26-10", "?month=2026-10-01", "?month=%E2%82%AC"]) {
      const result = await csv(`/host-dashboard/payouts.csv${bad}`, host.cookie);
      expect(result.status, bad).toBe(400);
      expect(result.headers.get("Content-Type"), bad).toBe("text/plain; charset=utf-8");
      expect(result.data, bad).toContain("?month=2026-10");
    }
    const guest = await csv("/host-dashboard/payouts.csv?month=2026-10");
    expect(guest.status).toBe(302);
    expect(guest.location).toBe(
      `/auth/signin?redirectTo=${encodeURIComponent("/host-dashboard/payouts.csv?month=2026-10")}`,
    );
    expect(guest.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("the payout on the trip page", () => {
  type TripData = { role: string; payout: null | Record<string, unknown> };
  const trip = (bookingId: string, cookie: string) =>
    callRoute<TripData>(tripLoader, getRequest(`/bookings/${bookingId}`, { cookie }), ctx.context, { bookingId });

  it("shows the host what reaches them and where the transfer stands; the renter sees nothing of it", async () => {
    const w = await world();
    const host = await trip(w.claimed.bookingId, w.host.cookie);
    expect(host.data.payout).toEqual({
      state: "owed",
      amount: 13_750,
      reversed: 1_500,
      transfer: { status: "paid", paidAt: new Date("2026-09-30T22:30:00Z").getTime() },
      accountReady: false,
    });
    const renter = await trip(w.claimed.bookingId, w.renter.cookie);
    expect(renter.data.role).toBe("renter");
    expect(renter.data.payout).toBeNull();
    const failed = await trip(w.failed.bookingId, w.host.cookie);
    expect(failed.data.payout).toMatchObject({
      state: "owed",
      transfer: { status: "failed", reason: "Insufficient funds; try again later" },
    });
  });

  it("before settlement says when it will be paid, and whether the host's account is ready", async () => {
    const host = await person();
    const renter = await person({ isHost: false });
    await ctx.db.insert(payoutAccounts).values({
      userId: host.id,
      stripeAccountId: `acct_${host.id.slice(0, 12)}`,
      businessType: "individual",
      status: "enabled",
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    const car = await createCar(ctx, host.id);
    const windowEnds = new Date(Date.now() + 2 * 86_400_000);
    const held = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "completed", {
      paymentStatus: "captured",
      depositAmount: 20_000,
      depositStatus: "held",
      completedAt: new Date(),
      claimWindowEndsAt: windowEnds,
    });
    expect((await trip(held, host.cookie)).data.payout).toEqual({
      state: "expected",
      amount: 11_760,
      from: windowEnds.getTime(),
      after: "claim_window",
      accountReady: true,
    });
    const ahead = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "confirmed", {
      startDate: "2030-01-01",
      endDate: "2030-01-04",
      paymentStatus: "captured",
    });
    expect((await trip(ahead, host.cookie)).data.payout).toMatchObject({
      state: "expected",
      after: "trip",
      from: null,
    });
    // Nothing will be owed: a request not yet confirmed, a host's cancellation.
    const pending = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "pending", {
      startDate: "2030-02-01",
      endDate: "2030-02-04",
      paymentStatus: "authorized",
    });
    expect((await trip(pending, host.cookie)).data.payout).toBeNull();
    const byHost = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, "cancelled", {
      paymentStatus: "released",
      cancelReason: "cancelled_by_host",
      cancelledAt: new Date(),
    });
    expect((await trip(byHost, host.cookie)).data.payout).toBeNull();
  });
});
