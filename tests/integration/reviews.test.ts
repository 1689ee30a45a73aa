// Reviews against a real libSQL file: /bookings/{id}/review (loader and action) and writeReview. Both directions
// (renter → host and car, host → renter), the stored averages and counts, the reviewee's notification, who may
// review what and when, one review per booking and reviewer, bad input, and a failed write leaving nothing behind.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cars, notifications, profiles, reviews } from "#db/schema";
import { RATING_REQUIRED } from "~/reviews/review-form";
import { reviewSummaryAbout } from "~/reviews/reviews-about.server";
import { writeReview } from "~/bookings/write-review.server";
import { loader as carLoader } from "~/routes/_cars+/car.$id";
import { loader as profileLoader } from "~/routes/_profiles+/profile.$userId";
import { action as reviewAction, loader as reviewLoader } from "~/routes/_bookings+/bookings.$bookingId.review";
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

/** A host with a car, a renter, and a booking between them in the given status. */
async function rental(status: "pending" | "confirmed" | "active" | "completed" | "cancelled" = "completed") {
  const host = await person("Jonas Savininkas", true);
  const renter = await person("Rūta Nuomininkė");
  const car = await createCar(ctx, host.id, { make: "Škoda", model: "Octavia" });
  const bookingId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: host.id }, status);
  return { host, renter, carId: car.id, bookingId };
}

const path = (bookingId: string) => `/bookings/${bookingId}/review`;

function post(bookingId: string, who: Person, fields: Record<string, string>) {
  return callRoute<{
    result: { status?: string; error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
  }>(reviewAction, formRequest(path(bookingId), fields, { cookie: who.cookie }), ctx.context, { bookingId });
}

function open(bookingId: string, who: Person) {
  return callRoute<{ state: string; role: string; title: string; other: { name: string } }>(
    reviewLoader,
    getRequest(path(bookingId), { cookie: who.cookie }),
    ctx.context,
    { bookingId },
  );
}

const reviewsOf = (bookingId: string) => ctx.db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
const notificationsOf = (userId: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "review_received")));
const ratingOf = async (userId: string) =>
  (
    await ctx.db
      .select({ rating: profiles.rating, count: profiles.reviewCount })
      .from(profiles)
      .where(eq(profiles.id, userId))
  )[0];
const carRatingOf = async (carId: string) =>
  (await ctx.db.select({ rating: cars.rating, count: cars.reviewCount }).from(cars).where(eq(cars.id, carId)))[0];

describe("the renter reviews the host and the car", () => {
  it("shows the form for a completed booking, titled for the reader, naming the host", async () => {
    const { renter, bookingId } = await rental();
    const page = await open(bookingId, renter);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "open", role: "renter", other: { name: "Jonas Savininkas" } });
    expect(page.data.title).toBe("Įvertinkite savininką ir automobilį");
    const english = await callRoute<{ title: string }>(
      reviewLoader,
      getRequest(`${path(bookingId)}?lng=en`, { cookie: renter.cookie }),
      ctx.context,
      { bookingId },
    );
    expect(english.data.title).toBe("Review your host and car");
  });

  it("stores the review about the host and the car, updates both ratings, tells the host, and says so", async () => {
    const { host, renter, carId, bookingId } = await rental();
    const result = await post(bookingId, renter, {
      rating: "4",
      cleanlinessRating: "5",
      communicationRating: "3",
      accuracyRating: "",
      title: " Puiki kelionė ",
      content: "Automobilis švarus.",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/bookings?tab=completed");
    expect(await toastOf(result.headers, ctx.context.env)).toMatchObject({
      type: "success",
      title: "reviews:toasts.submitted",
    });

    const [review] = await reviewsOf(bookingId);
    expect(review).toMatchObject({
      reviewerId: renter.id,
      revieweeId: host.id,
      carId,
      rating: 4,
      cleanlinessRating: 5,
      communicationRating: 3,
      accuracyRating: null,
      title: "Puiki kelionė",
      content: "Automobilis švarus.",
    });
    expect(await ratingOf(host.id)).toEqual({ rating: 4, count: 1 });
    expect(await carRatingOf(carId)).toEqual({ rating: 4, count: 1 });
    // The reviewer's own profile is not touched.
    expect(await ratingOf(renter.id)).toEqual({ rating: 0, count: 0 });

    const [notice] = await notificationsOf(host.id);
    expect(notice?.data).toMatchObject({
      booking_id: bookingId,
      car_id: carId,
      car_make: "Škoda",
      car_model: "Octavia",
      rating: 4,
      reviewer_name: "Rūta Nuomininkė",
      review_id: review!.id,
    });
    expect(await notificationsOf(renter.id)).toHaveLength(0);
  });
});

describe("the host reviews the renter", () => {
  it("stores a review about the renter only: the car's rating and the car's categories are left alone", async () => {
    const { host, renter, carId, bookingId } = await rental();
    const page = await open(bookingId, host);
    expect(page.data).toMatchObject({ state: "open", role: "host", other: { name: "Rūta Nuomininkė" } });

    // A forged form with the car's categories: they are not the host's to rate.
    const result = await post(bookingId, host, {
      rating: "5",
      communicationRating: "4",
      cleanlinessRating: "1",
      accuracyRating: "1",
    });
    expect(result.status).toBe(302);
    const [review] = await reviewsOf(bookingId);
    expect(review).toMatchObject({
      reviewerId: host.id,
      revieweeId: renter.id,
      carId,
      rating: 5,
      communicationRating: 4,
      cleanlinessRating: null,
      accuracyRating: null,
      title: null,
      content: null,
    });
    expect(await ratingOf(renter.id)).toEqual({ rating: 5, count: 1 });
    expect(await ratingOf(host.id)).toEqual({ rating: 0, count: 0 });
    expect(await carRatingOf(carId)).toEqual({ rating: 0, count: 0 });
    const [notice] = await notificationsOf(renter.id);
    expect(notice?.data).toMatchObject({ booking_id: bookingId, rating: 5, reviewer_name: "Jonas Savininkas" });
  });

  it("lets both parties review the same booking, each once", async () => {
    const { host, renter, bookingId } = await rental();
    expect((await post(bookingId, renter, { rating: "5" })).status).toBe(302);
    expect((await post(bookingId, host, { rating: "2" })).status).toBe(302);
    expect(await reviewsOf(bookingId)).toHaveLength(2);
    expect(await ratingOf(host.id)).toEqual({ rating: 5, count: 1 });
    expect(await ratingOf(renter.id)).toEqual({ rating: 2, count: 1 });
  });
});

describe("averages and counts after several reviews", () => {
  it("recounts the host's profile over all their reviews and each car over its renters' reviews", async () => {
    const host = await person("Daugelio Automobilių Savininkas", true);
    const carA = await createCar(ctx, host.id);
    const carB = await createCar(ctx, host.id, { make: "Volvo", model: "XC60" });
    const renters = await Promise.all([person("A"), person("B"), person("C"), person("D")]);
    const book = (carId: string, renter: Person) =>
      createBooking(ctx, { carId, renterId: renter.id, ownerId: host.id }, "completed");

    const ratings: [string, Person, string][] = [
      [carA.id, renters[0]!, "5"],
      [carA.id, renters[1]!, "4"],
      [carA.id, renters[2]!, "2"],
      [carB.id, renters[3]!, "5"],
    ];
    const bookingIds: string[] = [];
    for (const [carId, renter, rating] of ratings) {
      const bookingId = await book(carId, renter);
      bookingIds.push(bookingId);
      expect((await post(bookingId, renter, { rating, cleanlinessRating: rating })).status).toBe(302);
    }
    // (5 + 4 + 2) / 3 = 3.666… → 3.67; the host over all four: 16 / 4 = 4.
    expect(await carRatingOf(carA.id)).toEqual({ rating: 3.67, count: 3 });
    expect(await carRatingOf(carB.id)).toEqual({ rating: 5, count: 1 });
    expect(await ratingOf(host.id)).toEqual({ rating: 4, count: 4 });

    // The host reviewing a renter changes that renter's rating only.
    expect((await post(bookingIds[0]!, host, { rating: "3" })).status).toBe(302);
    expect(await carRatingOf(carA.id)).toEqual({ rating: 3.67, count: 3 });
    expect(await ratingOf(host.id)).toEqual({ rating: 4, count: 4 });
    expect(await ratingOf(renters[0]!.id)).toEqual({ rating: 3, count: 1 });
    expect(await notificationsOf(host.id)).toHaveLength(4);

    // The list's breakdown counts every review about the host, not only the 3 the car page lists.
    const summary = await reviewSummaryAbout(ctx.db, host.id);
    expect(summary).toEqual({
      total: 4,
      average: 4,
      stars: { 5: 2, 4: 1, 3: 0, 2: 1, 1: 0 },
      categories: { cleanliness: 4, communication: null, accuracy: null },
    });
    const carPage = await callRoute<{ reviewSummary: typeof summary; car: { reviews: unknown[] } }>(
      carLoader,
      getRequest(`/car/${carA.id}`),
      ctx.context,
      { id: carA.id },
    );
    expect(carPage.data.car.reviews).toHaveLength(3);
    expect(carPage.data.reviewSummary).toEqual(summary);
    const profilePage = await callRoute<{ reviewSummary: typeof summary; reviewTotal: number }>(
      profileLoader,
      getRequest(`/profile/${host.id}`),
      ctx.context,
      { userId: host.id },
    );
    expect(profilePage.data.reviewTotal).toBe(4);
    expect(profilePage.data.reviewSummary.stars).toEqual(summary.stars);
  });
});

describe("when a review is refused", () => {
  it.each(["pending", "confirmed", "active", "cancelled"] as const)(
    "a %s booking cannot be reviewed: the page says why and a post writes nothing",
    async (status) => {
      const { host, renter, bookingId } = await rental(status);
      expect((await open(bookingId, renter)).data.state).toBe("notCompleted");
      const result = await post(bookingId, renter, { rating: "5" });
      expect(result.status).toBe(409);
      expect(JSON.stringify(result.data)).toContain("reviews:errors.notCompleted");
      expect(await reviewsOf(bookingId)).toHaveLength(0);
      expect(await ratingOf(host.id)).toEqual({ rating: 0, count: 0 });
    },
  );

  it("someone who is not a party gets 403 from the page and the form, and nothing is written", async () => {
    const { host, bookingId } = await rental();
    const stranger = await person("Pašalinis");
    expect((await open(bookingId, stranger)).status).toBe(403);
    const result = await post(bookingId, stranger, { rating: "1" });
    expect(result.status).toBe(403);
    expect(result.thrown).toBe(true);
    expect(await reviewsOf(bookingId)).toHaveLength(0);
    expect(await ratingOf(host.id)).toEqual({ rating: 0, count: 0 });
    // writeReview refuses on its own too, whatever its caller checked.
    const booking = { id: bookingId, status: "completed" as const, renterId: "x", ownerId: host.id, carId: "y" };
    const values = {
      rating: 1,
      cleanlinessRating: null,
      communicationRating: null,
      accuracyRating: null,
      title: null,
      content: null,
    };
    expect(await writeReview(ctx.db, booking, stranger.id, values)).toEqual({ status: "not-party" });
  });

  it("an unknown booking is a 404 and a guest posting is sent to sign in", async () => {
    const { renter, bookingId } = await rental();
    expect((await open("no-such-booking", renter)).status).toBe(404);
    const guest = await callRoute(reviewAction, formRequest(path(bookingId), { rating: "5" }), ctx.context, {
      bookingId,
    });
    expect(guest.status).toBe(302);
    expect(guest.location).toContain("/auth/signin");
    expect(await reviewsOf(bookingId)).toHaveLength(0);
  });

  it("a second review of the same booking gets 'already reviewed', not a 500, and changes nothing", async () => {
    const { host, renter, bookingId } = await rental();
    expect((await post(bookingId, renter, { rating: "5" })).status).toBe(302);
    const again = await post(bookingId, renter, { rating: "1", title: "Pakeičiau nuomonę" });
    expect(again.status).toBe(409);
    expect(again.data.result.error?.[""]).toEqual(["reviews:errors.alreadyReviewed"]);
    expect(await reviewsOf(bookingId)).toHaveLength(1);
    expect(await ratingOf(host.id)).toEqual({ rating: 5, count: 1 });
    expect(await notificationsOf(host.id)).toHaveLength(1);
    expect((await open(bookingId, renter)).data.state).toBe("alreadyReviewed");
  });

  it("two reviews posted at once: the unique index lets exactly one through", async () => {
    const { host, renter, carId, bookingId } = await rental();
    const booking = { id: bookingId, status: "completed" as const, renterId: renter.id, ownerId: host.id, carId };
    const values = {
      rating: 4,
      cleanlinessRating: null,
      communicationRating: null,
      accuracyRating: null,
      title: null,
      content: null,
    };
    const outcomes = await Promise.all([
      writeReview(ctx.db, booking, renter.id, values),
      writeReview(ctx.db, booking, renter.id, { ...values, rating: 2 }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["already-reviewed", "written"]);
    expect(await reviewsOf(bookingId)).toHaveLength(1);
    expect((await ratingOf(host.id))?.count).toBe(1);
  });

  it("no overall rating: 'Please select an overall rating' at the field, typed values kept, nothing written", async () => {
    const { host, renter, bookingId } = await rental();
    const result = await post(bookingId, renter, {
      cleanlinessRating: "4",
      title: "Be įvertinimo",
      content: "x".repeat(2001),
    });
    expect(result.status).toBe(400);
    expect(result.data.result.error).toEqual({
      rating: [RATING_REQUIRED],
      content: ["reviews:validation.contentTooLong"],
    });
    expect(result.data.result.initialValue).toMatchObject({ cleanlinessRating: "4", title: "Be įvertinimo" });
    expect(await reviewsOf(bookingId)).toHaveLength(0);
    expect(await notificationsOf(host.id)).toHaveLength(0);
    expect(await ratingOf(host.id)).toEqual({ rating: 0, count: 0 });
  });

  it("a write that fails is 'Failed to submit review' with the values kept, and leaves nothing half-done", async () => {
    const { host, renter, carId, bookingId } = await rental();
    // The last statement of the batch fails: the review and the recounted ratings before it must roll back.
    await ctx.client.execute(
      "CREATE TRIGGER test_fail_notifications BEFORE INSERT ON notifications BEGIN SELECT RAISE(ABORT, 'test failure'); END",
    );
    try {
      const result = await post(bookingId, renter, { rating: "5", title: "Bandymas" });
      expect(result.status).toBe(503);
      expect(result.data.result.error?.[""]).toEqual(["reviews:errors.failed"]);
      expect(result.data.result.initialValue).toMatchObject({ rating: "5", title: "Bandymas" });
      expect(vi.mocked(console.error)).toHaveBeenCalledTimes(1);
      vi.mocked(console.error).mockClear();
    } finally {
      await ctx.client.execute("DROP TRIGGER test_fail_notifications");
    }
    expect(await reviewsOf(bookingId)).toHaveLength(0);
    expect(await ratingOf(host.id)).toEqual({ rating: 0, count: 0 });
    expect(await carRatingOf(carId)).toEqual({ rating: 0, count: 0 });
    // And it can be sent again.
    expect((await post(bookingId, renter, { rating: "5" })).status).toBe(302);
  });
});
