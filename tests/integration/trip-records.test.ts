// The trip page and its records (decision 022) against a real libSQL file, the in-memory bucket and the Images double:
// check-in makes a booking active, check-out completes it and opens the claim window, each with photos stored
// privately; refusals write nothing (no rows, no objects); two recordings racing leave one; the other party
// confirms or disagrees; the photos are served only to the two parties and admins.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, devMailbox, notifications, profiles, tripPhotos, tripRecords } from "#db/schema";
import { submitTripForm, findTripBooking } from "~/trips/trip-records.server";
import { HOUR_MS } from "~/bookings/trip-rules";
import { addDays, vilniusDay } from "~/utils/calendar-days";
import { action as tripAction, loader as tripLoader } from "~/routes/_bookings+/bookings_.$bookingId";
import { loader as photoLoader } from "~/routes/_bookings+/bookings_.$bookingId_.photos.$photoId";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser, sessionCookieFor } from "./support/factories";
import type { MemoryBucket } from "./support/memory-bucket";
import { ORIGIN, callRoute, getRequest } from "./support/routes";

const today = vilniusDay();
const day = (n: number) => addDays(today, n);
const SIDES = ["photoFront", "photoBack", "photoLeft", "photoRight"] as const;

let ctx: TestContext;
let jpeg: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  ctx = await createTestContext();
  jpeg = new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(() => ctx.close());

const bucket = () => ctx.context.env.photos as unknown as MemoryBucket;
const tripObjects = (bookingId: string) =>
  bucket()
    .keys()
    .filter((key) => key.startsWith(`private/trips/${bookingId}/`));

async function people() {
  const host = await createUser(ctx, { isHost: true, verified: true, fullName: "Host Person" });
  const renter = await createUser(ctx, { fullName: "Renter Person" });
  const stranger = await createUser(ctx);
  const admin = await createUser(ctx, { isAdmin: true });
  const car = await createCar(ctx, host.id);
  return {
    host,
    renter,
    car,
    hostCookie: await sessionCookieFor(ctx, host.id),
    renterCookie: await sessionCookieFor(ctx, renter.id),
    strangerCookie: await sessionCookieFor(ctx, stranger.id),
    adminCookie: await sessionCookieFor(ctx, admin.id),
  };
}
type People = Awaited<ReturnType<typeof people>>;

/** A paid booking whose check-in (start today) or check-out (end today) is open now. */
async function tripBooking(p: People, status: "confirmed" | "active", dates?: { start: string; end: string }) {
  const [start, end] = dates ? [dates.start, dates.end] : status === "confirmed" ? [day(0), day(3)] : [day(-3), day(0)];
  return createBooking(ctx, { carId: p.car.id, renterId: p.renter.id, ownerId: p.host.id }, status, {
    startDate: start,
    endDate: end,
    paymentStatus: "captured",
    depositAmount: 20000,
    depositStatus: "held",
    confirmedAt: new Date(),
  });
}

const photo = (name = "side.jpg", bytes: Uint8Array<ArrayBuffer> = jpeg) =>
  new File([bytes], name, { type: "image/jpeg" });
const noFile = () => new File([], "", { type: "application/octet-stream" });

function recordFields(kind: "check_in" | "check_out", overrides: Record<string, string | File | File[]> = {}) {
  return {
    intent: "record",
    kind,
    odometerKm: "12000",
    fuelLevel: "6",
    note: "Small scratch on the rear bumper",
    ...Object.fromEntries(SIDES.map((side) => [side, photo(`${side}.jpg`)])),
    morePhotos: noFile(),
    ...overrides,
  };
}

function multipart(fields: Record<string, string | File | File[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const entry of Array.isArray(value) ? value : [value]) form.append(name, entry);
  }
  return form;
}

function post(bookingId: string, fields: Record<string, string | File | File[]>, cookie?: string) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return callRoute<{ form: string; result: { status: string; error?: Record<string, string[]> } }>(
    tripAction,
    new Request(new URL(`/bookings/${bookingId}`, ORIGIN), { method: "POST", headers, body: multipart(fields) }),
    ctx.context,
    { bookingId },
  );
}

const recordsOf = (bookingId: string) => ctx.db.select().from(tripRecords).where(eq(tripRecords.bookingId, bookingId));
const photosOf = (bookingId: string) => ctx.db.select().from(tripPhotos).where(eq(tripPhotos.bookingId, bookingId));
const bookingRow = async (bookingId: string) =>
  (await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;

async function expectNothingWritten(bookingId: string, status: string) {
  expect(await recordsOf(bookingId)).toEqual([]);
  expect(await photosOf(bookingId)).toEqual([]);
  expect(tripObjects(bookingId)).toEqual([]);
  expect((await bookingRow(bookingId)).status).toBe(status);
}

describe("check-in", () => {
  it("records the car's state with four photos and makes the booking active; both parties are told", async () => {
    const p = await people();
    const id = await tripBooking(p, "confirmed");
    const result = await post(id, recordFields("check_in"), p.hostCookie);
    expect(result.status).toBe(303);
    expect(result.location).toBe(`/bookings/${id}`);

    expect((await bookingRow(id)).status).toBe("active");
    const [record] = await recordsOf(id);
    expect(record).toMatchObject({ kind: "check_in", odometerKm: 12000, fuelLevel: 6, recordedBy: p.host.id });
    expect(record!.note).toBe("Small scratch on the rear bumper");
    const photos = await photosOf(id);
    expect(photos.map((row) => row.angle).sort()).toEqual(["back", "front", "left", "right"]);
    expect(photos.every((row) => row.subject === "check_in" && row.uploadedBy === p.host.id)).toBe(true);
    expect(tripObjects(id)).toHaveLength(4);

    const told = await ctx.db.select().from(notifications).where(eq(notifications.type, "trip_check_in"));
    expect(
      told
        .filter((n) => (n.data as { booking_id?: string }).booking_id === id)
        .map((n) => n.userId)
        .sort(),
    ).toEqual([p.host.id, p.renter.id].sort());
    const mails = await ctx.db.select().from(devMailbox).where(eq(devMailbox.to, p.renter.email));
    expect(mails.at(-1)?.text).toContain(`/bookings/${id}`);
  });

  it("takes up to eight more photos, and refuses a ninth (twelve in all) with nothing written", async () => {
    const p = await people();
    const id = await tripBooking(p, "confirmed");
    const refused = await post(
      id,
      recordFields("check_in", { morePhotos: Array.from({ length: 9 }, () => photo()) }),
      p.renterCookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error?.morePhotos).toEqual(["trips:errors.tooManyPhotos"]);
    await expectNothingWritten(id, "confirmed");

    const taken = await post(id, recordFields("check_in", { morePhotos: [photo(), photo()] }), p.renterCookie);
    expect(taken.status).toBe(303);
    expect((await photosOf(id)).filter((row) => row.angle === "other")).toHaveLength(2);
  });

  it("is refused before its window opens (24 hours before the start)", async () => {
    const p = await people();
    const id = await tripBooking(p, "confirmed", { start: day(3), end: day(5) });
    const result = await post(id, recordFields("check_in"), p.hostCookie);
    expect(result.status).toBe(409);
    expect(result.data.result.error?.[""]).toEqual(["trips:errors.notOpen"]);
    await expectNothingWritten(id, "confirmed");
  });

  it("refuses a missing side with a message on it, keeps the typed values and writes nothing", async () => {
    const p = await people();
    const id = await tripBooking(p, "confirmed");
    const result = await post(id, recordFields("check_in", { photoLeft: noFile() }), p.hostCookie);
    expect(result.status).toBe(400);
    expect(result.data.result.error?.photoLeft).toEqual(["trips:errors.sideMissing"]);
    const reply = result.data.result as unknown as { initialValue: Record<string, unknown> };
    expect(reply.initialValue.odometerKm).toBe("12000");
    expect(reply.initialValue.photoFront).toBeUndefined();
    await expectNothingWritten(id, "confirmed");
  });

  it("refuses a file that is not an image on its side, before anything is stored", async () => {
    const p = await people();
    const id = await tripBooking(p, "confirmed");
    const text = new Uint8Array(new TextEncoder().encode("not an image at all"));
    const result = await post(id, recordFields("check_in", { photoBack: photo("back.jpg", text) }), p.hostCookie);
    expect(result.status).toBe(400);
    expect(result.data.result.error?.photoBack).toEqual(["common:validation.photoType"]);
    await expectNothingWritten(id, "confirmed");
  });

  it.each([
    ["", "trips:errors.fuelRequired"],
    ["9", "trips:errors.fuelRange"],
  ])("refuses the fuel level %j", async (fuelLevel, message) => {
    const p = await people();
    const id = await tripBooking(p, "confirmed");
    const result = await post(id, recordFields("check_in", { fuelLevel }), p.hostCookie);
    expect(result.status).toBe(400);
    expect(result.data.result.error?.fuelLevel).toEqual([message]);
    await expectNothingWritten(id, "confirmed");
  });

  it("is refused to anyone but the two parties; admins read the trip but cannot record", async () => {
    const p = await people();
    const id = await tripBooking(p, "confirmed");
    expect((await post(id, recordFields("check_in"), p.strangerCookie)).status).toBe(403);
    expect((await post(id, recordFields("check_in"), p.adminCookie)).status).toBe(403);
    const guest = await post(id, recordFields("check_in"));
    expect(guest.location).toMatch(/^\/auth\/signin/);
    expect((await post(crypto.randomUUID(), recordFields("check_in"), p.hostCookie)).status).toBe(404);
    await expectNothingWritten(id, "confirmed");
  });

  it("of two recordings racing, one wins; the other is told and leaves no photo behind", async () => {
    const p = await people();
    const id = await tripBooking(p, "confirmed");
    const booking = (await findTripBooking(ctx.db, id))!;
    const submit = (userId: string) =>
      submitTripForm(ctx.context, {
        booking,
        userId,
        formData: multipart(recordFields("check_in")),
        origin: ORIGIN,
      });
    const outcomes = await Promise.all([submit(p.host.id), submit(p.renter.id)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const lost = outcomes.find((o) => !o.ok);
    expect(lost && !lost.ok && lost.status).toBe(409);
    expect(lost && !lost.ok && lost.result.error?.[""]).toEqual(["trips:errors.alreadyRecorded"]);
    expect(await recordsOf(id)).toHaveLength(1);
    expect(await photosOf(id)).toHaveLength(4);
    expect(tripObjects(id)).toHaveLength(4);
    expect((await bookingRow(id)).status).toBe("active");
  });
});

describe("check-out", () => {
  async function checkedIn(p: People, dates?: { start: string; end: string }) {
    const id = await tripBooking(p, "active", dates);
    const at = new Date();
    await ctx.db.insert(tripRecords).values({
      bookingId: id,
      kind: "check_in",
      recordedBy: p.host.id,
      odometerKm: 12000,
      fuelLevel: 8,
      recordedAt: at,
    });
    return id;
  }

  it("completes the trip, opens the claim window and counts the host's booking and earnings", async () => {
    const p = await people();
    const id = await checkedIn(p);
    const before = (await ctx.db.select().from(profiles).where(eq(profiles.id, p.host.id)))[0]!;
    const result = await post(id, recordFields("check_out", { odometerKm: "12480", fuelLevel: "5" }), p.renterCookie);
    expect(result.status).toBe(303);

    const row = await bookingRow(id);
    expect(row.status).toBe("completed");
    expect(row.depositStatus).toBe("held");
    expect(row.claimWindowEndsAt!.getTime() - row.completedAt!.getTime()).toBe(24 * HOUR_MS);
    const after = (await ctx.db.select().from(profiles).where(eq(profiles.id, p.host.id)))[0]!;
    expect(after.totalBookings).toBe(before.totalBookings + 1);
    expect(after.totalEarnings).toBe(before.totalEarnings + row.hostEarnings);

    const page = await callRoute<{
      measures: { kmDriven: number; kmAllowed: number; excessKm: number };
      deposit: { status: string; heldUntil: number };
      records: { check_out: { odometerKm: number; photos: unknown[] } };
    }>(tripLoader, getRequest(`/bookings/${id}`, { cookie: p.hostCookie }), ctx.context, { bookingId: id });
    // No agreement: 200 km a day for the booking's three days.
    expect(page.data.measures).toMatchObject({ kmDriven: 480, kmAllowed: 600, excessKm: 0 });
    expect(page.data.deposit).toMatchObject({ status: "held", heldUntil: row.claimWindowEndsAt!.getTime() });
    expect(page.data.records.check_out.photos).toHaveLength(4);
  });

  it("of two check-outs racing, one completes the trip and the host's booking is counted once", async () => {
    const p = await people();
    const id = await checkedIn(p);
    const before = (await ctx.db.select().from(profiles).where(eq(profiles.id, p.host.id)))[0]!;
    const booking = (await findTripBooking(ctx.db, id))!;
    const submit = (userId: string) =>
      submitTripForm(ctx.context, {
        booking,
        userId,
        formData: multipart(recordFields("check_out", { odometerKm: "12100" })),
        origin: ORIGIN,
      });
    const outcomes = await Promise.all([submit(p.host.id), submit(p.renter.id)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const after = (await ctx.db.select().from(profiles).where(eq(profiles.id, p.host.id)))[0]!;
    expect(after.totalBookings).toBe(before.totalBookings + 1);
    expect((await photosOf(id)).filter((row) => row.subject === "check_out")).toHaveLength(4);
    expect(tripObjects(id)).toHaveLength(4);
  });

  it("refuses an odometer lower than at check-in, next to the field, with nothing written", async () => {
    const p = await people();
    const id = await checkedIn(p);
    const result = await post(id, recordFields("check_out", { odometerKm: "11999" }), p.hostCookie);
    expect(result.status).toBe(400);
    expect(result.data.result.error?.odometerKm).toEqual(["trips:errors.odometerBelowCheckIn"]);
    expect(await ctx.db.select().from(tripRecords).where(eq(tripRecords.bookingId, id))).toHaveLength(1);
    expect(await photosOf(id)).toEqual([]);
    expect(tripObjects(id)).toEqual([]);
    expect((await bookingRow(id)).status).toBe("active");
  });

  it("closes for both parties 48 hours after the end (the job completes the trip then): neither holds it open", async () => {
    const p = await people();
    // Ended three days ago at 10:00: more than 48 hours ago, whatever the hour now.
    const id = await checkedIn(p, { start: day(-6), end: day(-3) });
    for (const cookie of [p.renterCookie, p.hostCookie]) {
      const late = await post(id, recordFields("check_out", { odometerKm: "12100" }), cookie);
      expect(late.status).toBe(409);
      expect(late.data.result.error?.[""]).toEqual(["trips:errors.notOpen"]);
    }
    expect((await bookingRow(id)).status).toBe("active");
    expect(tripObjects(id)).toEqual([]);
  });

  it("is refused before 24 hours ahead of the end", async () => {
    const p = await people();
    const id = await checkedIn(p, { start: day(0), end: day(4) });
    const early = await post(id, recordFields("check_out", { odometerKm: "12100" }), p.hostCookie);
    expect(early.status).toBe(409);
    expect((await bookingRow(id)).status).toBe("active");
    expect(tripObjects(id)).toEqual([]);
  });
});

describe("the other party's answer", () => {
  async function recorded(p: People) {
    const id = await tripBooking(p, "confirmed");
    expect((await post(id, recordFields("check_in"), p.hostCookie)).status).toBe(303);
    return id;
  }

  it("confirms a record once; the recorder cannot confirm their own", async () => {
    const p = await people();
    const id = await recorded(p);
    const own = await post(id, { intent: "confirm", kind: "check_in" }, p.hostCookie);
    expect(own.status).toBe(409);
    expect(own.data.result.error?.[""]).toEqual(["trips:errors.ownRecord"]);
    expect((await recordsOf(id))[0]!.confirmedAt).toBeNull();

    expect((await post(id, { intent: "confirm", kind: "check_in" }, p.renterCookie)).status).toBe(303);
    const [record] = await recordsOf(id);
    expect(record!.confirmedBy).toBe(p.renter.id);
    expect(record!.confirmedAt).not.toBeNull();
    const again = await post(id, { intent: "disagree", kind: "check_in", disagreement: "No" }, p.renterCookie);
    expect(again.status).toBe(409);
    expect((await recordsOf(id))[0]!.disagreement).toBeNull();
    const told = await ctx.db.select().from(notifications).where(eq(notifications.type, "trip_record_confirmed"));
    expect(told.filter((n) => (n.data as { booking_id?: string }).booking_id === id)).toHaveLength(2);
  });

  it("disagrees with a note and photos of their own, shown beside the record", async () => {
    const p = await people();
    const id = await recorded(p);
    const missingNote = await post(id, { intent: "disagree", kind: "check_in", disagreement: " " }, p.renterCookie);
    expect(missingNote.status).toBe(400);
    expect(missingNote.data.result.error?.disagreement).toEqual(["trips:errors.disagreementRequired"]);

    const result = await post(
      id,
      {
        intent: "disagree",
        kind: "check_in",
        disagreement: "The dent on the door is not mine",
        disagreementPhotos: [photo()],
      },
      p.renterCookie,
    );
    expect(result.status).toBe(303);
    const [record] = await recordsOf(id);
    expect(record!.disagreement).toBe("The dent on the door is not mine");
    expect(record!.confirmedAt).toBeNull();
    const theirs = (await photosOf(id)).filter((row) => row.uploadedBy === p.renter.id);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ subject: "check_in", angle: "other" });
    expect(tripObjects(id)).toHaveLength(5);

    const page = await callRoute<{
      records: { check_in: { photos: unknown[]; disagreementPhotos: unknown[]; canAnswer: boolean } };
    }>(tripLoader, getRequest(`/bookings/${id}`, { cookie: p.renterCookie }), ctx.context, { bookingId: id });
    expect(page.data.records.check_in.photos).toHaveLength(4);
    expect(page.data.records.check_in.disagreementPhotos).toHaveLength(1);
    expect(page.data.records.check_in.canAnswer).toBe(false);
  });
});

describe("the trip page and its photos", () => {
  it("shows the trip to its parties and to admins (read-only); strangers 403, unknown 404", async () => {
    const p = await people();
    const id = await tripBooking(p, "confirmed");
    const page = (cookie: string, bookingId = id) =>
      callRoute<{ role: string; steps: { check_in: { state: string } } }>(
        tripLoader,
        getRequest(`/bookings/${bookingId}`, { cookie }),
        ctx.context,
        { bookingId },
      );
    const host = await page(p.hostCookie);
    expect(host.status).toBe(200);
    expect(host.data).toMatchObject({ role: "host", steps: { check_in: { state: "open" } } });
    expect((await page(p.adminCookie)).data).toMatchObject({ role: "admin", steps: { check_in: { state: "closed" } } });
    expect((await page(p.strangerCookie)).status).toBe(403);
    expect((await page(p.hostCookie, crypto.randomUUID())).status).toBe(404);
  });

  it("serves a trip photo privately to the parties and admins only", async () => {
    const p = await people();
    const id = await tripBooking(p, "confirmed");
    expect((await post(id, recordFields("check_in"), p.hostCookie)).status).toBe(303);
    const [first] = await photosOf(id);
    const other = await tripBooking(p, "confirmed", { start: day(30), end: day(32) });
    const fetchPhoto = (cookie: string | undefined, bookingId = id, photoId = first!.id) =>
      callRoute(
        photoLoader,
        getRequest(`/bookings/${bookingId}/photos/${photoId}`, cookie ? { cookie } : {}),
        ctx.context,
        { bookingId, photoId },
      );
    for (const cookie of [p.hostCookie, p.renterCookie, p.adminCookie]) {
      const served = await fetchPhoto(cookie);
      expect(served.status).toBe(200);
      expect(served.headers.get("Cache-Control")).toBe("private, no-store");
      expect(served.headers.get("Content-Type")).toBe("image/webp");
    }
    expect((await fetchPhoto(p.strangerCookie)).status).toBe(403);
    const guest = await fetchPhoto(undefined);
    expect(guest.location).toMatch(/^\/auth\/signin\?redirectTo=/);
    // The photo's id under another booking of the same parties is not found.
    expect((await fetchPhoto(p.hostCookie, other)).status).toBe(404);
  });
});
