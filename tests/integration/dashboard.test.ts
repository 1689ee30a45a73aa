// The dashboards against a real libSQL file: a small fixed data set whose every figure was worked out by hand (the
// arithmetic is beside each expectation), the clock fixed at 12:00 in Vilnius on Thursday 20 March 2025, and the
// loaders' access rules. Definitions: docs/decisions/011-dashboard-figures.md.
import { eq } from "drizzle-orm";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { favorites, listingDailyStats, notifications, profiles, reviews, savedSearches } from "#db/schema";
import { loadHostDashboard } from "~/dashboard/host-figures.server";
import { loadRenterDashboard } from "~/dashboard/renter-dashboard.server";
import { loader as hostLoader } from "~/routes/_dashboard+/host-dashboard";
import { loader as renterLoader } from "~/routes/_dashboard+/dashboard";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser, sessionCookieFor } from "./support/factories";
import { callRoute, getRequest } from "./support/routes";

/** 10:00 UTC = 12:00 in Vilnius (UTC+2 until 30 March): today is 2025-03-20. */
const NOW = new Date("2025-03-20T10:00:00Z");
const at = (iso: string) => new Date(iso);

let ctx: TestContext;
const ids: Record<string, string> = {};
/** The booking ids by name (b1 …), to read lists back by name. */
const name = (id: string) => Object.entries(ids).find(([, value]) => value === id)?.[0] ?? id;

beforeAll(async () => {
  ctx = await createTestContext();
  const host = await createUser(ctx, { fullName: "Mindaugas Savininkas", isHost: true, verified: true });
  const otherHost = await createUser(ctx, { fullName: "Jonas Kitas", isHost: true, verified: true });
  const r1 = await createUser(ctx, { fullName: "Rūta Pirmoji" });
  const r2 = await createUser(ctx, { fullName: "Rokas Antrasis" });
  const r3 = await createUser(ctx, { fullName: "Ieva Trečioji" });
  Object.assign(ids, { host: host.id, otherHost: otherHost.id, r1: r1.id, r2: r2.id, r3: r3.id });
  // A rating of 4.67 from 3 reviews, as the review writer keeps it on the profile.
  await ctx.db.update(profiles).set({ rating: 4.67, reviewCount: 3 }).where(eq(profiles.id, host.id));

  // The host's cars. A: listed long ago. B: approved on 11 March. C: sale only. D: still in review.
  const car = async (owner: string, key: string, values: Parameters<typeof createCar>[2]) => {
    ids[key] = (await createCar(ctx, owner, values)).id;
  };
  await car(host.id, "A", {
    make: "Audi",
    model: "A4",
    category: "sport",
    approvedAt: at("2024-06-01T09:00:00Z"),
    createdAt: at("2024-05-01T09:00:00Z"),
  });
  await car(host.id, "B", {
    make: "BMW",
    model: "X5",
    category: "sport",
    approvedAt: at("2025-03-11T10:00:00Z"),
    createdAt: at("2025-03-10T09:00:00Z"),
  });
  await car(host.id, "C", {
    make: "Citroen",
    model: "DS",
    category: "classic",
    listingType: "sale",
    dailyPrice: null,
    salePrice: 1_500_000,
    approvedAt: at("2024-07-02T09:00:00Z"),
    createdAt: at("2024-07-01T09:00:00Z"),
  });
  await car(host.id, "D", {
    make: "Dacia",
    model: "Duster",
    category: "sport",
    status: "pending",
    createdAt: at("2025-03-18T09:00:00Z"),
  });
  // Other people's cars, for isolation and for the renter's recommendations.
  await car(otherHost.id, "E", {
    make: "Škoda",
    model: "Octavia",
    category: "suv",
    createdAt: at("2024-08-01T09:00:00Z"),
  });
  await car(otherHost.id, "F", {
    make: "Škoda",
    model: "Kodiaq",
    category: "luxury",
    createdAt: at("2024-09-01T09:00:00Z"),
  });
  await car(otherHost.id, "G", {
    make: "Tesla",
    model: "3",
    category: "electric",
    createdAt: at("2025-01-01T09:00:00Z"),
  });
  await car(otherHost.id, "H", {
    make: "Fiat",
    model: "500",
    category: "classic",
    createdAt: at("2025-02-01T09:00:00Z"),
  });
  await car(r1.id, "I", { make: "Opel", model: "Astra", category: "suv", createdAt: at("2025-03-01T09:00:00Z") });
  await car(otherHost.id, "J", {
    make: "Volvo",
    model: "XC90",
    category: "suv",
    available: false,
    createdAt: at("2025-03-02T09:00:00Z"),
  });

  const booking = async (
    key: string,
    carKey: string,
    renter: string,
    status: "pending" | "confirmed" | "completed" | "cancelled",
    values: {
      start: string;
      end: string;
      total: number;
      deposit?: number;
      host?: number;
      created: string;
      completed?: string;
      payment?: "unpaid" | "authorized" | "captured" | "released";
    },
  ) => {
    const owner = ["E", "F", "G", "H", "J"].includes(carKey) ? otherHost.id : host.id;
    ids[key] = await createBooking(ctx, { carId: ids[carKey]!, renterId: ids[renter]!, ownerId: owner }, status, {
      startDate: values.start,
      endDate: values.end,
      totalDays: Math.round((Date.parse(values.end) - Date.parse(values.start)) / 86_400_000),
      totalAmount: values.total,
      depositAmount: values.deposit ?? 0,
      hostEarnings: values.host ?? values.total,
      createdAt: at(values.created),
      completedAt: values.completed ? at(values.completed) : null,
      confirmedAt: status === "confirmed" || status === "completed" ? at(values.created) : null,
      paymentStatus: values.payment ?? (status === "pending" ? "authorized" : "captured"),
    });
  };
  // Car A. b1 was completed at 23:59 on 18 February in Vilnius: the previous 30 days, not this period.
  await booking("b1", "A", "r1", "completed", {
    start: "2025-02-14",
    end: "2025-02-18",
    total: 44_000,
    deposit: 4_000,
    host: 38_000,
    created: "2025-02-01T10:00:00Z",
    completed: "2025-02-18T21:59:00Z",
  });
  await booking("b12", "A", "r3", "completed", {
    start: "2025-02-19",
    end: "2025-02-21",
    total: 11_000,
    deposit: 1_000,
    host: 9_500,
    created: "2025-02-05T10:00:00Z",
    completed: "2025-02-21T10:00:00Z",
  });
  // Completed at 22:30 UTC on 28 February = 00:30 on 1 March in Vilnius: a March earning.
  await booking("b2", "A", "r1", "completed", {
    start: "2025-02-25",
    end: "2025-03-01",
    total: 60_000,
    deposit: 10_000,
    host: 48_000,
    created: "2025-02-10T10:00:00Z",
    completed: "2025-02-28T22:30:00Z",
  });
  await booking("b9", "A", "r1", "cancelled", {
    start: "2025-03-01",
    end: "2025-03-03",
    total: 20_000,
    created: "2025-02-27T10:00:00Z",
    payment: "released",
  });
  await booking("b3", "A", "r2", "completed", {
    start: "2025-03-05",
    end: "2025-03-08",
    total: 33_000,
    deposit: 3_000,
    host: 28_000,
    created: "2025-02-25T12:00:00Z",
    completed: "2025-03-08T08:00:00Z",
  });
  await booking("b10", "A", "r1", "completed", {
    start: "2025-03-15",
    end: "2025-03-19",
    total: 40_000,
    host: 39_000,
    created: "2025-03-01T10:00:00Z",
    completed: "2025-03-20T09:00:00Z",
  });
  await booking("b6", "A", "r1", "confirmed", {
    start: "2025-04-01",
    end: "2025-04-04",
    total: 30_000,
    created: "2025-03-19T10:00:00Z",
  });
  await booking("b7", "A", "r3", "pending", {
    start: "2025-04-10",
    end: "2025-04-12",
    total: 20_000,
    created: "2025-03-19T15:00:00Z",
  });
  // A checkout the renter never finished: the host never sees it.
  await booking("b8", "A", "r2", "pending", {
    start: "2025-04-20",
    end: "2025-04-22",
    total: 20_000,
    created: "2025-03-20T08:00:00Z",
    payment: "unpaid",
  });
  // Car B.
  await booking("b4", "B", "r2", "completed", {
    start: "2025-03-12",
    end: "2025-03-14",
    total: 22_500,
    deposit: 2_500,
    host: 19_000,
    created: "2025-03-11T12:00:00Z",
    completed: "2025-03-14T10:00:00Z",
  });
  await booking("b5", "B", "r2", "confirmed", {
    start: "2025-03-18",
    end: "2025-03-23",
    total: 50_000,
    created: "2025-03-15T10:00:00Z",
  });
  // Another host's booking by r1: counts for r1 as renter, never for our host.
  await booking("b11", "E", "r1", "completed", {
    start: "2025-03-09",
    end: "2025-03-10",
    total: 99_900,
    created: "2025-03-01T11:00:00Z",
    completed: "2025-03-10T10:00:00Z",
  });

  await ctx.db.insert(listingDailyStats).values([
    // The day before the 30-day period and another owner's car: not counted.
    { carId: ids.A!, day: "2025-02-18", views: 100, inquiries: 9 },
    { carId: ids.E!, day: "2025-03-12", views: 1000, inquiries: 50 },
    { carId: ids.A!, day: "2025-02-19", views: 10, inquiries: 2 },
    { carId: ids.A!, day: "2025-03-20", views: 5, inquiries: 1 },
    { carId: ids.B!, day: "2025-03-12", views: 20, inquiries: 3 },
  ]);

  // r1 as a renter: favourites (one no longer listed), a saved search, a review of b2, notifications.
  await ctx.db.insert(favorites).values([
    { userId: r1.id, carId: ids.E!, createdAt: at("2025-03-01T10:00:00Z") },
    { userId: r1.id, carId: ids.J!, createdAt: at("2025-03-05T10:00:00Z") },
  ]);
  await ctx.db
    .insert(savedSearches)
    .values({ userId: r1.id, name: "Elektromobiliai", query: "/rentals?category=electric" });
  await ctx.db.insert(reviews).values({
    bookingId: ids.b2!,
    reviewerId: r1.id,
    revieweeId: host.id,
    carId: ids.A!,
    rating: 5,
  });
  await ctx.db.insert(notifications).values([
    ...Array.from({ length: 7 }, (_, i) => ({
      userId: r1.id,
      type: "system" as const,
      title: `Pranešimas ${i + 1}`,
      message: "Tekstas",
      data: {},
      read: i < 4,
      createdAt: at(`2025-03-${String(10 + i).padStart(2, "0")}T10:00:00Z`),
    })),
    { userId: r2.id, type: "system" as const, title: "Kito", message: "x", data: {}, createdAt: NOW },
  ]);
});
afterAll(() => ctx.close());

describe("the host dashboard, 30 days (19 February – 20 March 2025)", () => {
  it("computes every figure as worked out by hand", async () => {
    const { figures, hasListings, range } = await loadHostDashboard(ctx.db, ids.host!, "30d", NOW);
    expect(hasListings).toBe(true);
    expect(range).toEqual({ from: "2025-02-19", until: "2025-03-21", days: 30 });
    expect(figures).toEqual({
      // Completed from 19 Feb 00:00 to 21 Mar 00:00 Vilnius: b12 10 000 + b2 50 000 + b3 30 000 + b10 40 000
      // + b4 20 000 = 150 000 (total − deposit each); b1 (18 Feb 23:59) and the other host's b11 are out.
      totalEarnings: 150_000,
      // host_earnings of the same five: 9 500 + 48 000 + 28 000 + 39 000 + 19 000
      hostPayout: 143_500,
      // The previous 30 days had b1 only: 44 000 − 4 000 = 40 000; (150 000 − 40 000) ÷ 40 000 = +275 %
      earningsGrowth: 275,
      // March in Vilnius: b2 (00:30 on 1 March) 50 000 + b3 30 000 + b10 40 000 + b4 20 000; b12 was February's
      monthEarnings: 140_000,
      // Confirmed or active, not yet returned (end > 20 March): b5 (until 23 March) and b6 (April)
      activeBookings: 2,
      // b7 (card authorised); b8's checkout was never finished
      pendingBookings: 1,
      // Booked days in the period ÷ listed days: A 30 + B 10 (approved 11 March: 11–20 March); C is for sale, D in
      // review. A: b12 2 + b2 4 + b3 3 + b10 4 = 13; B: b4 2 + b5 3 (18, 19, 20 March) = 5; 18 ÷ 40 = 45 %
      occupancy: 45,
      // Taken bookings created in the period: b3, b10, b6, b4, b5 = 5; inquiries 2 + 1 + 3 = 6; 5 ÷ 6 = 83.3 %
      conversion: 83,
      // 150 000 ÷ 5 completed
      averageBookingValue: 30_000,
      completedBookings: 5,
      // Renters with 2+ taken bookings with this host, ever: r1 (b1, b2, b10, b6) and r2 (b3, b4, b5); r3 has one
      // completed (b12) and one pending (b7), and the cancelled b9 and unfinished b8 do not count.
      repeatCustomers: 2,
      rating: 4.7,
      reviewCount: 3,
      // A 10 (19 Feb) + A 5 (20 Mar) + B 20 (12 Mar); 18 Feb and the other host's car are out
      views: 35,
      inquiries: 6,
      bookings: 5,
    });
  });

  it("lists the five newest bookings the host can see, the top cars and the chart by day", async () => {
    const { recentBookings, topCars, chart } = await loadHostDashboard(ctx.db, ids.host!, "30d", NOW);
    // Newest created first; b8 (unfinished checkout) is not the host's to see.
    expect(recentBookings.map((b) => name(b.id))).toEqual(["b7", "b6", "b5", "b4", "b10"]);
    expect(recentBookings[0]).toMatchObject({
      status: "pending",
      carName: "Audi A4 2020",
      renterName: "Ieva Trečioji",
      value: 20_000,
      startDate: "2025-04-10",
    });
    // A: 10 000 + 50 000 + 30 000 + 40 000 from four completed; B: 20 000 from one; C and D earned nothing.
    expect(topCars.map(({ name, earnings, completed }) => ({ name, earnings, completed }))).toEqual([
      { name: "Audi A4 2020", earnings: 130_000, completed: 4 },
      { name: "BMW X5 2020", earnings: 20_000, completed: 1 },
    ]);
    expect(chart.size).toBe("day");
    expect(chart.bars).toHaveLength(30);
    expect(chart.bars[0]).toEqual({ from: "2025-02-19", until: "2025-02-20", earnings: 0 });
    // The days of 19 February … 20 March with an earning (the index is days after 19 February).
    expect(Object.fromEntries(chart.bars.filter((b) => b.earnings > 0).map((b) => [b.from, b.earnings]))).toEqual({
      "2025-02-21": 10_000, // b12
      "2025-03-01": 50_000, // b2, at 00:30 in Vilnius
      "2025-03-08": 30_000, // b3
      "2025-03-14": 20_000, // b4
      "2025-03-20": 40_000, // b10
    });
    expect(chart.bars[10]!.from).toBe("2025-03-01");
    // Highest bar 500 € ÷ 4 = 125 → steps of 200 €, top 600 €.
    expect(chart.scale).toEqual({ top: 60_000, ticks: [0, 20_000, 40_000, 60_000] });
  });
});

describe("the host dashboard, other periods", () => {
  it("7 days (14–20 March): conversion capped at 100 %, growth on the 7 days before", async () => {
    const { figures, chart } = await loadHostDashboard(ctx.db, ids.host!, "7d", NOW);
    expect(figures).toMatchObject({
      // b4 (14 March) 20 000 + b10 (20 March) 40 000
      totalEarnings: 60_000,
      // 7–13 March: b3 30 000; (60 000 − 30 000) ÷ 30 000
      earningsGrowth: 100,
      monthEarnings: 140_000,
      // A 7 + B 7 listed days; booked A: b10 15–18 March = 4; B: b4 ended on the 14th = 0, b5 18–20 = 3; 7 ÷ 14
      occupancy: 50,
      // Created 14–20 March and taken: b5, b6 = 2; inquiries: 1 (A on the 20th); 2 ÷ 1 capped at 100 %
      bookings: 2,
      inquiries: 1,
      conversion: 100,
      views: 5,
      averageBookingValue: 30_000,
    });
    expect(chart.bars.map((b) => b.earnings)).toEqual([20_000, 0, 0, 0, 0, 0, 40_000]);
  });

  it("90 days: bars are calendar weeks from Monday", async () => {
    const { chart, range } = await loadHostDashboard(ctx.db, ids.host!, "90d", NOW);
    // 21 March − 90 days = Saturday 21 December 2024: a first week of two days, then Mondays.
    expect(range.from).toBe("2024-12-21");
    expect(chart.size).toBe("week");
    expect(chart.bars[0]).toMatchObject({ from: "2024-12-21", until: "2024-12-23" });
    expect(chart.bars.at(-1)).toMatchObject({ from: "2025-03-17", until: "2025-03-21" });
    expect(Object.fromEntries(chart.bars.filter((b) => b.earnings > 0).map((b) => [b.from, b.earnings]))).toEqual({
      "2025-02-17": 50_000, // b1 (Tue 18th, 23:59) 40 000 + b12 (Fri 21st) 10 000
      "2025-02-24": 50_000, // b2 (Sat 1 March, 00:30)
      "2025-03-03": 30_000, // b3 (Sat 8th)
      "2025-03-10": 20_000, // b4 (Fri 14th)
      "2025-03-17": 40_000, // b10 (Thu 20th)
    });
  });

  it("1 year: bars are calendar months, occupancy from each car's approval", async () => {
    const { chart, figures } = await loadHostDashboard(ctx.db, ids.host!, "1y", NOW);
    expect(chart.size).toBe("month");
    expect(chart.bars).toHaveLength(13);
    expect(chart.bars[0]).toMatchObject({ from: "2024-03-21", until: "2024-04-01" });
    // February: b1 40 000 + b12 10 000; March: b2, b3, b4, b10 = 140 000.
    expect(chart.bars[11]).toMatchObject({ from: "2025-02-01", earnings: 50_000 });
    expect(chart.bars[12]).toMatchObject({ from: "2025-03-01", earnings: 140_000 });
    expect(chart.bars.slice(0, 11).every((b) => b.earnings === 0)).toBe(true);
    expect(figures.totalEarnings).toBe(190_000);
    // A listed from 1 June 2024: 30+31+31+30+31+30+31 (Jun–Dec) + 31 + 28 + 20 (to 20 March) = 293; B 10 → 303.
    // Booked: A 4 + 2 + 4 + 3 + 4 = 17, B 5 → 22 ÷ 303 = 7.26 %
    expect(figures.occupancy).toBe(7);
  });

  it("a host without completed bookings, views or reviews: N/A where there is nothing to divide", async () => {
    const newcomer = await createUser(ctx, { isHost: true, verified: true });
    await createCar(ctx, newcomer.id, { approvedAt: NOW, createdAt: NOW, status: "pending" });
    const { figures, hasListings, topCars, recentBookings, chart } = await loadHostDashboard(
      ctx.db,
      newcomer.id,
      "30d",
      NOW,
    );
    expect(hasListings).toBe(true);
    expect(figures).toMatchObject({
      totalEarnings: 0,
      earningsGrowth: null,
      occupancy: null, // no approved rental car
      conversion: null, // no inquiries
      averageBookingValue: null,
      rating: null, // a rating of 0
      repeatCustomers: 0,
    });
    expect(topCars).toEqual([]);
    expect(recentBookings).toEqual([]);
    expect(chart.scale).toEqual({ top: 10_000, ticks: [0, 5_000, 10_000] });
  });
});

describe("the renter dashboard", () => {
  it("counts and lists r1's trips, favourites, notifications and saved searches", async () => {
    const dashboard = await loadRenterDashboard(ctx.db, ids.r1!, NOW);
    expect(dashboard.counts).toEqual({
      // b1, b2, b9, b10, b6 with our host and b11 with the other
      bookings: 6,
      favorites: 2,
      // b6 (confirmed, 1–4 April)
      upcoming: 1,
      // Seven notifications, the first four read
      unreadNotifications: 3,
    });
    expect(dashboard.upcoming.map((trip) => name(trip.id))).toEqual(["b6"]);
    expect(dashboard.upcoming[0]).toMatchObject({ hostName: "Mindaugas Savininkas", carName: "Audi A4 2020" });
    // The last three completed, latest return first; b2 is reviewed.
    expect(dashboard.completed.map((trip) => [name(trip.id), trip.reviewed])).toEqual([
      ["b10", false],
      ["b11", false],
      ["b2", true],
    ]);
    // Newest favourite first; the unavailable Volvo is shown as no longer listed.
    expect(dashboard.favorites.map((car) => [car.make, car.stillListed])).toEqual([
      ["Volvo", false],
      ["Škoda", true],
    ]);
    expect(dashboard.notifications.map((n) => n.values.title)).toEqual([
      "Pranešimas 7",
      "Pranešimas 6",
      "Pranešimas 5",
      "Pranešimas 4",
      "Pranešimas 3",
    ]);
    expect(dashboard.notifications.map((n) => n.read)).toEqual([false, false, false, true, true]);
    expect(dashboard.savedSearches).toMatchObject([{ name: "Elektromobiliai", query: "/rentals?category=electric" }]);
  });

  it("recommends cars like the favourites and the saved searches first, then the newest; never own or favourited", async () => {
    const { recommended } = await loadRenterDashboard(ctx.db, ids.r1!, NOW);
    // Matches, newest first: Tesla (the saved search: electric rentals), Kodiaq (a Škoda, like the favourite
    // Octavia). Then the newest others: BMW (10 Mar 2025), Fiat (1 Feb), Citroen (1 Jul 2024), Audi (1 May).
    // Not the Octavia (a favourite), the Opel (r1's own), the Volvo (unavailable) nor the Dacia (in review).
    expect(recommended.map((car) => `${car.make} ${car.model}`)).toEqual([
      "Tesla 3",
      "Škoda Kodiaq",
      "BMW X5",
      "Fiat 500",
      "Citroen DS",
      "Audi A4",
    ]);
  });

  it("someone with no favourites nor searches gets the six newest public cars that are not theirs", async () => {
    const {
      recommended,
      counts,
      upcoming,
      completed,
      favorites: favs,
      notifications: notes,
    } = await loadRenterDashboard(ctx.db, ids.otherHost!, NOW);
    // The public cars that are not the other host's (E, F, G, H are), newest first: BMW (10 March 2025), Opel
    // (1 March), Citroen (July 2024), Audi (May 2024). Only four exist; the Dacia is in review.
    expect(recommended.map((car) => car.make)).toEqual(["BMW", "Opel", "Citroen", "Audi"]);
    expect(counts).toEqual({ bookings: 0, favorites: 0, upcoming: 0, unreadNotifications: 0 });
    expect([upcoming, completed, favs, notes]).toEqual([[], [], [], []]);
  });
});

describe("the pages", () => {
  it("ask a guest to sign in (401), both of them", async () => {
    for (const loader of [renterLoader, hostLoader]) {
      const result = await callRoute(loader, getRequest("/dashboard"), ctx.context);
      expect(result).toMatchObject({ status: 401, thrown: true, data: { signIn: true } });
    }
  });

  it("show a signed-in user without a listing the host panel's empty state, and the renter panel", async () => {
    const newbie = await createUser(ctx, { fullName: "Naujas Naudotojas" });
    const cookie = await sessionCookieFor(ctx, newbie.id);
    const host = await callRoute<{ hasListings: boolean; period: string }>(
      hostLoader,
      getRequest("/host-dashboard", { cookie }),
      ctx.context,
    );
    expect(host.status).toBe(200);
    expect(host.data).toMatchObject({ hasListings: false, period: "30d" });
    const renter = await callRoute<{ name: string; counts: { bookings: number } }>(
      renterLoader,
      getRequest("/dashboard", { cookie }),
      ctx.context,
    );
    expect(renter.status).toBe(200);
    expect(renter.data).toMatchObject({ name: "Naujas Naudotojas", counts: { bookings: 0 } });
  });

  it("read the period from the address; a bad one is 30 days, never an error", async () => {
    const cookie = await sessionCookieFor(ctx, ids.host!);
    for (const [query, period, bars] of [
      ["?period=7d", "7d", 7],
      ["?period=1y", "1y", 13],
      ["?period=bogus", "30d", 30],
      ["?period=7d&period=90d", "7d", 7],
      ["", "30d", 30],
    ] as const) {
      const result = await callRoute<{ period: string; hasListings: boolean; chart: { bars: unknown[] } }>(
        hostLoader,
        getRequest(`/host-dashboard${query}`, { cookie }),
        ctx.context,
      );
      expect(result.status, query).toBe(200);
      expect(result.data.period, query).toBe(period);
      expect(result.data.hasListings).toBe(true);
      // 1 year has 12 or 13 month bars depending on today's date: at least 12.
      expect(result.data.chart.bars.length, query).toBeGreaterThanOrEqual(bars === 13 ? 12 : bars);
    }
  });
});
