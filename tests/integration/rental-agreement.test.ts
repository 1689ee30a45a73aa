// The rental agreement against a real libSQL file: /bookings/{id}/agreement (loader and action), the server module,
// and the downloadable /bookings/{id}/agreement.html. The host sets the terms while nobody has signed; each party
// signs only their own side, once, and only the terms they saw; the first signature locks the terms.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rentalAgreements } from "#db/schema";
import { AGREEMENT_DEFAULTS, termsVersion } from "~/bookings/rental-agreement";
import { saveAgreementTerms, signAgreement } from "~/bookings/rental-agreement.server";
import {
  action as agreementAction,
  loader as agreementLoader,
} from "~/routes/_bookings+/bookings.$bookingId.agreement";
import { loader as downloadLoader } from "~/routes/_bookings+/bookings.$bookingId.agreement[.html]";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser, sessionCookieFor } from "./support/factories";
import { callRoute, formRequest, getRequest, toastOf } from "./support/routes";

let ctx: TestContext;
type Person = { id: string; cookie: string };

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function person(fullName: string, isHost = false): Promise<Person> {
  const { id } = await createUser(ctx, { fullName, isHost, verified: true });
  return { id, cookie: await sessionCookieFor(ctx, id) };
}

type Status = "pending" | "confirmed" | "active" | "completed" | "cancelled";

async function rental(status: Status = "confirmed") {
  const host = await person("Jonas Savininkas", true);
  const renter = await person("Rūta Nuomininkė");
  const car = await createCar(ctx, host.id, { make: "Volvo", model: "XC60", year: 2021 });
  const bookingId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, status, {
    startDate: "2025-07-01",
    endDate: "2025-07-04",
    totalDays: 3,
    // The policy the renter booked under (copied from the listing when requested).
    cancellationPolicy: "48_hours",
  });
  const booking = { id: bookingId, status, renterId: renter.id, ownerId: host.id };
  return { host, renter, bookingId, booking };
}

const pagePath = (bookingId: string) => `/bookings/${bookingId}/agreement`;

type PageData = {
  available: boolean;
  role: string;
  canEdit?: boolean;
  version?: string;
  terms?: typeof AGREEMENT_DEFAULTS;
  parties?: { host: string; renter: string };
  renterSignedAt?: number | null;
  hostSignedAt?: number | null;
};

const open = (bookingId: string, who: Person) =>
  callRoute<PageData>(agreementLoader, getRequest(pagePath(bookingId), { cookie: who.cookie }), ctx.context, {
    bookingId,
  });

const post = (bookingId: string, who: Person, fields: Record<string, string>) =>
  callRoute<{ intent: string; error?: string; result?: { error?: Record<string, string[]>; initialValue?: unknown } }>(
    agreementAction,
    formRequest(pagePath(bookingId), fields, { cookie: who.cookie }),
    ctx.context,
    { bookingId },
  );

const download = (bookingId: string, who?: Person, query = "") =>
  callRoute<string>(
    downloadLoader,
    getRequest(`/bookings/${bookingId}/agreement.html${query}`, { cookie: who?.cookie }),
    ctx.context,
    { bookingId },
  );

const rowOf = async (bookingId: string) =>
  (await ctx.db.select().from(rentalAgreements).where(eq(rentalAgreements.bookingId, bookingId)))[0];

const TERMS = {
  mileageLimitPerDay: "300",
  fuelPolicy: "return_full",
  // Not a term the host sets any more: the booking's policy stands whatever is posted.
  cancellationPolicy: "72_hours",
  damagePolicy: "shared_responsibility",
  lateReturnFee: "25,50",
  excessKmFee: "0,35",
  additionalTerms: "Gyvūnai leidžiami.",
};

describe("opening the agreement", () => {
  it("makes it with the defaults: the host may edit, the renter reads; both see both names", async () => {
    const { host, renter, bookingId } = await rental();
    expect(await rowOf(bookingId)).toBeUndefined();
    const asRenter = await open(bookingId, renter);
    expect(asRenter.status).toBe(200);
    expect(asRenter.data).toMatchObject({
      available: true,
      role: "renter",
      canEdit: false,
      terms: AGREEMENT_DEFAULTS,
      parties: { host: "Jonas Savininkas", renter: "Rūta Nuomininkė" },
      renterSignedAt: null,
      hostSignedAt: null,
      version: termsVersion(AGREEMENT_DEFAULTS),
    });
    // The agreement keeps the booking's cancellation policy; the excess-kilometre fee starts at 0.20 €.
    expect(await rowOf(bookingId)).toMatchObject({
      mileageLimitPerDay: 200,
      lateReturnFee: 5000,
      excessKmFee: 20,
      cancellationPolicy: "48_hours",
    });
    expect((await open(bookingId, host)).data).toMatchObject({
      role: "host",
      canEdit: true,
      booking: { cancellationPolicy: "48_hours" },
    });
  });

  it.each(["active", "completed"] as const)("is there for a %s booking too", async (status) => {
    const { renter, bookingId } = await rental(status);
    expect((await open(bookingId, renter)).data.available).toBe(true);
  });

  it.each(["pending", "cancelled"] as const)(
    "a %s booking has none: the page says so, nothing is made, posts and downloads are refused",
    async (status) => {
      const { host, bookingId } = await rental(status);
      expect((await open(bookingId, host)).data).toMatchObject({ available: false });
      const save = await post(bookingId, host, { intent: "save", ...TERMS });
      expect(save.status).toBe(409);
      expect(JSON.stringify(save.data)).toContain("agreement:errors.notAvailable");
      const sign = await post(bookingId, host, { intent: "sign", termsVersion: termsVersion(AGREEMENT_DEFAULTS) });
      expect(sign.status).toBe(409);
      expect((await download(bookingId, host)).status).toBe(409);
      expect(await rowOf(bookingId)).toBeUndefined();
    },
  );

  it("someone who is not a party gets 403 everywhere and sees nothing", async () => {
    const { bookingId } = await rental();
    const stranger = await person("Pašalinis");
    expect((await open(bookingId, stranger)).status).toBe(403);
    expect((await post(bookingId, stranger, { intent: "save", ...TERMS })).status).toBe(403);
    expect((await post(bookingId, stranger, { intent: "sign", termsVersion: "x" })).status).toBe(403);
    const file = await download(bookingId, stranger);
    expect(file.status).toBe(403);
    expect(file.data).not.toContain("Volvo");
    expect(await rowOf(bookingId)).toBeUndefined();
  });
});

describe("the host sets the terms", () => {
  it("saves them (numbers in euros → cents) without signing anything", async () => {
    const { host, bookingId } = await rental();
    const result = await post(bookingId, host, { intent: "save", ...TERMS });
    expect(result.status).toBe(302);
    expect(result.location).toBe(pagePath(bookingId));
    expect(await toastOf(result.headers, ctx.context.env)).toMatchObject({
      type: "success",
      title: "agreement:toasts.saved",
    });
    expect(await rowOf(bookingId)).toMatchObject({
      mileageLimitPerDay: 300,
      fuelPolicy: "return_full",
      cancellationPolicy: "48_hours",
      damagePolicy: "shared_responsibility",
      lateReturnFee: 2550,
      excessKmFee: 35,
      additionalTerms: "Gyvūnai leidžiami.",
      renterSignedAt: null,
      hostSignedAt: null,
    });
  });

  it("invalid numbers fall back to 200 km and 50 € (part 2 §5)", async () => {
    const { host, bookingId } = await rental();
    const result = await post(bookingId, host, {
      intent: "save",
      ...TERMS,
      mileageLimitPerDay: "-4",
      lateReturnFee: "daug",
    });
    expect(result.status).toBe(302);
    expect(await rowOf(bookingId)).toMatchObject({ mileageLimitPerDay: 200, lateReturnFee: 5000 });
  });

  it("bad input gets its message at the field, keeps what was typed and writes nothing", async () => {
    const { host, bookingId } = await rental();
    await open(bookingId, host);
    const result = await post(bookingId, host, {
      intent: "save",
      ...TERMS,
      damagePolicy: "nobody",
      additionalTerms: "x".repeat(2001),
    });
    expect(result.status).toBe(400);
    expect(result.data.result?.error).toEqual({
      damagePolicy: ["agreement:validation.policy"],
      additionalTerms: ["agreement:validation.termsTooLong"],
    });
    expect(result.data.result?.initialValue).toMatchObject({
      mileageLimitPerDay: "300",
      fuelPolicy: "return_full",
    });
    expect(await rowOf(bookingId)).toMatchObject({ mileageLimitPerDay: 200, damagePolicy: "renter_responsible" });
  });

  it("the renter cannot change them: 403 and the terms stay", async () => {
    const { renter, bookingId, booking } = await rental();
    const result = await post(bookingId, renter, { intent: "save", ...TERMS });
    expect(result.status).toBe(403);
    expect(await saveAgreementTerms(ctx.db, booking, renter.id, AGREEMENT_DEFAULTS)).toEqual({ status: "not-host" });
    expect(await rowOf(bookingId)).toBeUndefined();
  });
});

describe("signing", () => {
  it("the renter signs their own side once; that locks the terms; the host then signs; both times are kept", async () => {
    const { host, renter, bookingId } = await rental();
    const seen = (await open(bookingId, renter)).data.version!;

    const before = Date.now();
    const signed = await post(bookingId, renter, { intent: "sign", termsVersion: seen });
    expect(signed.status).toBe(302);
    expect(await toastOf(signed.headers, ctx.context.env)).toMatchObject({
      title: "agreement:toasts.signed",
      description: "agreement:toasts.waitingForOther",
    });
    const afterRenter = await rowOf(bookingId);
    expect(afterRenter?.hostSignedAt).toBeNull();
    expect(afterRenter?.renterSignedAt?.getTime()).toBeGreaterThanOrEqual(before);

    // Signing again changes nothing.
    const again = await post(bookingId, renter, { intent: "sign", termsVersion: seen });
    expect(again.status).toBe(409);
    expect(again.data.error).toBe("agreement:errors.alreadySigned");
    expect((await rowOf(bookingId))?.renterSignedAt).toEqual(afterRenter?.renterSignedAt);

    // The host can no longer change the terms, and the page no longer offers the form.
    const save = await post(bookingId, host, { intent: "save", ...TERMS });
    expect(save.status).toBe(409);
    expect(save.data.result?.error?.[""]).toEqual(["agreement:errors.locked"]);
    expect((await rowOf(bookingId))?.mileageLimitPerDay).toBe(200);
    const hostPage = await open(bookingId, host);
    expect(hostPage.data).toMatchObject({ canEdit: false, hostSignedAt: null });

    const hostSigned = await post(bookingId, host, { intent: "sign", termsVersion: hostPage.data.version! });
    expect(hostSigned.status).toBe(302);
    expect(await toastOf(hostSigned.headers, ctx.context.env)).toMatchObject({
      description: "agreement:toasts.signedByBoth",
    });
    const final = await rowOf(bookingId);
    expect(final?.hostSignedAt).not.toBeNull();
    expect(final?.renterSignedAt).toEqual(afterRenter?.renterSignedAt);
  });

  it("the host's 'Save and sign' saves the terms and signs the host's side only", async () => {
    const { host, bookingId } = await rental();
    const result = await post(bookingId, host, { intent: "save-and-sign", ...TERMS });
    expect(result.status).toBe(302);
    expect(await rowOf(bookingId)).toMatchObject({ mileageLimitPerDay: 300, renterSignedAt: null });
    expect((await rowOf(bookingId))?.hostSignedAt).toBeInstanceOf(Date);
  });

  it("terms that changed after the page was opened are not signed", async () => {
    const { host, renter, bookingId } = await rental();
    const seen = (await open(bookingId, renter)).data.version!;
    expect((await post(bookingId, host, { intent: "save", ...TERMS })).status).toBe(302);
    const result = await post(bookingId, renter, { intent: "sign", termsVersion: seen });
    expect(result.status).toBe(409);
    expect(result.data.error).toBe("agreement:errors.termsChanged");
    expect((await rowOf(bookingId))?.renterSignedAt).toBeNull();
    // With the new terms on screen it works.
    const fresh = (await open(bookingId, renter)).data.version!;
    expect(fresh).not.toBe(seen);
    expect((await post(bookingId, renter, { intent: "sign", termsVersion: fresh })).status).toBe(302);
  });

  it("a party signs only their own flag, whatever they send", async () => {
    const { host, renter, booking } = await rental();
    const version = termsVersion(AGREEMENT_DEFAULTS);
    const now = new Date("2025-06-20T09:30:00Z");
    const outcome = await signAgreement(ctx.db, booking, host.id, version, now);
    expect(outcome).toMatchObject({ status: "signed", role: "host" });
    expect(await rowOf(booking.id)).toMatchObject({ hostSignedAt: now, renterSignedAt: null });
    const stranger = await person("Kitas");
    expect(await signAgreement(ctx.db, booking, stranger.id, version, now)).toEqual({ status: "not-party" });
    expect(await signAgreement(ctx.db, booking, renter.id, version, now)).toMatchObject({ status: "signed" });
    expect(await signAgreement(ctx.db, booking, renter.id, version, new Date())).toEqual({ status: "already-signed" });
    expect((await rowOf(booking.id))?.renterSignedAt).toEqual(now);
  });
});

describe("the downloaded agreement", () => {
  it("is a standalone HTML file named after the booking, in the reader's language, with who signed when", async () => {
    const { host, renter, bookingId } = await rental();
    await post(bookingId, host, { intent: "save", ...TERMS });
    await signAgreement(
      ctx.db,
      { id: bookingId, status: "confirmed", renterId: renter.id, ownerId: host.id },
      renter.id,
      (await open(bookingId, renter)).data.version!,
      new Date("2025-06-20T09:30:00Z"),
    );
    const reference = bookingId.slice(0, 8).toUpperCase();

    const file = await download(bookingId, renter);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="rental-agreement-${reference}.html"`);
    expect(file.headers.get("Cache-Control")).toContain("no-store");
    const html = file.data;
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain('<html lang="lt">');
    expect(html).toContain("Nuomos sutartis");
    expect(html).toContain("Volvo XC60 2021");
    expect(html).toContain("Iš viso 900 km (300 km per dieną)"); // 300 km × 3 days
    expect(html).toContain("Grąžinti pilnu baku");
    expect(html).toContain("Gyvūnai leidžiami.");
    // The excess-kilometre fee, and the booking's policy (48 h, not the 72 h posted) with its deadline in words.
    expect(html).toMatch(/0,35\s€ už km virš limito/);
    expect(html).toContain("Nemokamai atšaukti galima iki 2025 m. birželio 29 d.");
    expect(html).toContain("(48 val. iki automobilio perdavimo)");
    expect(html).not.toContain("72 val.");
    // 09:30 UTC is 12:30 in Vilnius in summer.
    expect(html).toMatch(/Pasirašė Rūta Nuomininkė, .*12:30/);
    expect(html).toContain("Jonas Savininkas dar nepasirašė");
    expect(html).not.toContain("<script");

    const english = await download(bookingId, host, "?lng=en");
    expect(english.data).toContain('<html lang="en">');
    expect(english.data).toContain("Rental agreement");
    expect(english.data).toContain("900 km in total (300 km a day)");
    expect(english.data).toMatch(/€0\.35\sper km over the limit/);
    expect(english.data).toContain("Free cancellation until 29 June 2025 at 10:00 (48 hours before pickup)");
    expect(english.data).toMatch(/Signed by Rūta Nuomininkė on .*12:30/);
  });

  it("escapes every value from the database", async () => {
    const { host, bookingId } = await rental();
    await post(bookingId, host, {
      intent: "save",
      ...TERMS,
      additionalTerms: `<script>alert("x")</script> & <img src=x onerror=alert(1)>`,
    });
    const html = (await download(bookingId, host)).data;
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;",
    );
  });

  it("sends a guest to sign in and answers 404 for an unknown booking", async () => {
    const { renter, bookingId } = await rental();
    const guest = await download(bookingId);
    expect(guest.status).toBe(302);
    expect(guest.location).toContain("/auth/signin");
    expect((await download("no-such-booking", renter)).status).toBe(404);
  });
});
