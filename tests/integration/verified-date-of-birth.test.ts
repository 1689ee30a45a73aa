// A verified identity's date of birth (decision 031) against a real libSQL file: /profile refuses to change it (a
// forged POST included) and writes nothing; a change goes through /profile/verification with a document and puts the
// account back under review until an admin approves it; the booking form's date never makes a verified renter's
// booking instant; and a set under review leaves review when its date changes on /profile.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, profiles, verificationDocuments } from "#db/schema";
import { addDays, vilniusDay } from "~/utils/calendar-days";
import { action as decideAction } from "~/routes/_admin+/admin.verifications.$userId";
import { action as bookAction } from "~/routes/_cars+/car.$id.book";
import { loader as carLoader } from "~/routes/_cars+/car.$id";
import { action as profileAction } from "~/routes/_profiles+/profile._index";
import { action as verificationAction, loader as verificationLoader } from "~/routes/_profiles+/profile.verification";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createDocument, createSignedInUser } from "./support/factories";
import { callRoute, formRequest, getRequest, ORIGIN } from "./support/routes";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const today = vilniusDay();
const day = (n: number) => addDays(today, n);
/** Nineteen on the pickup day: too young for any car (21, 25 for luxury). */
const TOO_YOUNG = `${Number(today.slice(0, 4)) - 19}-01-01`;

async function profileRow(id: string) {
  const [row] = await ctx.db.select().from(profiles).where(eq(profiles.id, id));
  return row!;
}

/** A verified renter with a date of birth on the profile, signed in. */
async function verifiedRenter(dateOfBirth: string | null) {
  const user = await createSignedInUser(ctx, { verified: true });
  await ctx.db.update(profiles).set({ dateOfBirth, phone: null }).where(eq(profiles.id, user.id));
  return user;
}

const postProfile = (cookie: string, fields: Record<string, string>) =>
  callRoute<{ result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }>(
    profileAction,
    formRequest("/profile?index", { intent: "update", fullName: "Ona Onaitė", ...fields }, { cookie }),
    ctx.context,
  );

const pdf = (text = "identity") => new File([`%PDF-1.4\n% ${text}\n%%EOF\n`], "pasas.pdf", { type: "application/pdf" });

function changeDateOfBirth(cookie: string, dateOfBirth: string, document: File | null = pdf()) {
  const body = new FormData();
  body.append("intent", "date-of-birth");
  body.append("dateOfBirth", dateOfBirth);
  if (document) body.append("document", document);
  return callRoute<{ field?: string; error?: string; dateOfBirth?: string }>(
    verificationAction,
    new Request(new URL("/profile/verification", ORIGIN), {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN },
      body,
    }),
    ctx.context,
  );
}

const choice = (start: number, end: number, extra: Record<string, string> = {}) => ({
  start: day(start),
  end: day(end),
  period: "daily",
  insurance: "none",
  pickup: "car-location",
  dropoff: "same",
  ...extra,
});

async function book(carId: string, cookie: string, fields: Record<string, string>) {
  const result = await callRoute<{ issues?: Record<string, string> }>(
    bookAction,
    formRequest(`/car/${carId}/book`, fields, { cookie }),
    ctx.context,
    { id: carId },
  );
  const [row] = await ctx.db.select().from(bookings).where(eq(bookings.carId, carId));
  return { result, booking: row };
}

async function instantCar() {
  const host = await createSignedInUser(ctx, { verified: true, isHost: true });
  return createCar(ctx, host.id, { dailyPrice: 5000, depositAmount: 20000, instantBook: true });
}

describe("/profile with a verified identity", () => {
  it("refuses a forged change of the date of birth at its field and writes nothing", async () => {
    const user = await verifiedRenter(TOO_YOUNG);
    const before = await profileRow(user.id);
    const forged = await postProfile(user.cookie, { dateOfBirth: "1990-01-01", location: "Kaunas" });
    expect(forged.status).toBe(400);
    expect(forged.data.result.error?.dateOfBirth).toEqual(["profile:validation.dateOfBirthVerified"]);
    // The values typed are kept for the form.
    expect(forged.data.result.initialValue).toMatchObject({ location: "Kaunas" });
    expect(await profileRow(user.id)).toEqual(before);
  });

  it("saves the other fields without the date of birth, keeping the verified one", async () => {
    const user = await verifiedRenter(TOO_YOUNG);
    // The form shows the date read-only and sends none; the same date (an old form) is no change either.
    expect((await postProfile(user.cookie, { location: "Kaunas" })).status).toBe(302);
    expect((await postProfile(user.cookie, { location: "Vilnius", dateOfBirth: TOO_YOUNG })).status).toBe(302);
    expect(await profileRow(user.id)).toMatchObject({
      location: "Vilnius",
      dateOfBirth: TOO_YOUNG,
      verificationStatus: "verified",
    });
  });

  it("lets a person not yet verified edit it, and takes a set under review out of review when it changes", async () => {
    const user = await createSignedInUser(ctx);
    expect((await postProfile(user.cookie, { dateOfBirth: "1991-02-03" })).status).toBe(302);
    expect((await profileRow(user.id)).dateOfBirth).toBe("1991-02-03");
    const submittedAt = new Date("2026-11-20T10:00:00Z");
    await ctx.db.update(profiles).set({ verificationSubmittedAt: submittedAt }).where(eq(profiles.id, user.id));
    // Other fields: still under review.
    expect((await postProfile(user.cookie, { dateOfBirth: "1991-02-03", location: "Kaunas" })).status).toBe(302);
    expect((await profileRow(user.id)).verificationSubmittedAt).toEqual(submittedAt);
    // A new date: the admin must not approve a date that changed under them; the person sends the set again.
    expect((await postProfile(user.cookie, { dateOfBirth: "1990-02-03" })).status).toBe(302);
    expect(await profileRow(user.id)).toMatchObject({ dateOfBirth: "1990-02-03", verificationSubmittedAt: null });
  });
});

describe("instant book and the booking form's date of birth", () => {
  it("does not book a too-young verified renter instantly after an edited profile, nor from the form's date", async () => {
    const car = await instantCar();
    const renter = await verifiedRenter(TOO_YOUNG);
    // The edit the issue saw: 2008 → 1990 on /profile, now refused.
    expect((await postProfile(renter.cookie, { dateOfBirth: "1990-01-01" })).status).toBe(400);
    // The booking form's date does not stand in for the verified one: too young, nothing written.
    const { result, booking } = await book(car.id, renter.cookie, choice(10, 13, { dateOfBirth: "1990-01-01" }));
    expect(result.status).toBe(400);
    expect(result.data.issues?.dateOfBirth).toBe("bookings:validation.tooYoung");
    expect(booking).toBeUndefined();
    // The car page does not offer it either.
    const page = await callRoute<{ viewer: { instantBook: string | null } }>(
      carLoader,
      getRequest(`/car/${car.id}`, { cookie: renter.cookie }),
      ctx.context,
      { id: car.id },
    );
    expect(page.data.viewer.instantBook).toBe("age");
  });

  it("makes a verified renter without a date of birth send a request, and keeps the form's date off the profile", async () => {
    const car = await instantCar();
    const renter = await verifiedRenter(null);
    const { result, booking } = await book(car.id, renter.cookie, choice(10, 13, { dateOfBirth: "1990-01-01" }));
    expect(result.status).toBe(303);
    expect(booking).toMatchObject({ instantBook: false, status: "pending" });
    expect(await profileRow(renter.id)).toMatchObject({ dateOfBirth: null, verificationStatus: "verified" });
  });
});

describe("/profile/verification: a verified person's new date of birth", () => {
  it("goes back under review with the new document until an admin approves it; then instant book trusts it", async () => {
    const car = await instantCar();
    const renter = await verifiedRenter(TOO_YOUNG);
    const oldId = await createDocument(ctx, renter.id, { kind: "identity" });
    const [old] = await ctx.db.select().from(verificationDocuments).where(eq(verificationDocuments.id, oldId));
    const admin = await createSignedInUser(ctx, { isAdmin: true });

    const sent = await changeDateOfBirth(renter.cookie, "1990-01-01");
    expect(sent.status).toBe(302);
    const row = await profileRow(renter.id);
    expect(row).toMatchObject({ dateOfBirth: "1990-01-01", verificationStatus: "pending", verificationNote: null });
    expect(row.verificationSubmittedAt).not.toBeNull();
    const [document] = await ctx.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.userId, renter.id));
    expect(document!.id).toBe(oldId);
    expect(document!.storageKey).not.toBe(old!.storageKey);

    // Until an admin approves, the renter sends requests, never instant bookings.
    const pending = await book(car.id, renter.cookie, choice(10, 13));
    expect(pending.result.status).toBe(303);
    expect(pending.booking).toMatchObject({ instantBook: false });

    const approved = await callRoute(
      decideAction,
      formRequest(
        `/admin/verifications/${renter.id}`,
        { intent: "approve", submittedAt: String(row.verificationSubmittedAt!.getTime()) },
        { cookie: admin.cookie },
      ),
      ctx.context,
      { userId: renter.id },
    );
    expect(approved.status).toBe(302);
    expect(await profileRow(renter.id)).toMatchObject({ dateOfBirth: "1990-01-01", verificationStatus: "verified" });
    const page = await callRoute<{ viewer: { instantBook: string | null } }>(
      carLoader,
      getRequest(`/car/${car.id}`, { cookie: renter.cookie }),
      ctx.context,
      { id: car.id },
    );
    expect(page.data.viewer.instantBook).toBe("instant");
  });

  it("refuses a bad date, a missing document, the same date and a person not verified, writing nothing", async () => {
    const renter = await verifiedRenter("1990-01-01");
    const before = await profileRow(renter.id);
    const refusals: [string, File | null, string, string][] = [
      ["2999-01-01", pdf(), "dateOfBirth", "profile:validation.dateOfBirthFuture"],
      ["01.01.1991", pdf(), "dateOfBirth", "profile:validation.dateOfBirthFormat"],
      ["1991-01-01", null, "document", "profile:verification.errors.fileRequired"],
      ["1991-01-01", new File(["<html></html>"], "pasas.pdf"), "document", "validation.documentType"],
      ["1990-01-01", pdf(), "dateOfBirth", "profile:validation.dateOfBirthSame"],
    ];
    for (const [date, file, field, message] of refusals) {
      const refused = await changeDateOfBirth(renter.cookie, date, file);
      expect(refused.status, date).toBe(400);
      expect(refused.data, date).toMatchObject({ field, dateOfBirth: date });
      expect(refused.data.error, date).toBe(message);
    }
    expect(await profileRow(renter.id)).toEqual(before);

    const unverified = await createSignedInUser(ctx);
    const notVerified = await changeDateOfBirth(unverified.cookie, "1991-01-01");
    expect(notVerified.status).toBe(409);
    expect(notVerified.data.error).toBe("profile:verification.errors.notVerified");
    expect(
      await ctx.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, unverified.id)),
    ).toEqual([]);
    // The page shows the verified date to change.
    const page = await callRoute<{ verification: { dateOfBirth: string | null } }>(
      verificationLoader,
      getRequest("/profile/verification", { cookie: renter.cookie }),
      ctx.context,
    );
    expect(page.data.verification.dateOfBirth).toBe("1990-01-01");
  });
});
