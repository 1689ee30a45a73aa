// /admin against a real database: the guard on every loader and action of every admin route, listing moderation
// (approve, reject, edit), insurance packages, the verification queue, contact messages, and the audit log that
// every one of those actions writes, and only when the action took.
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  bookingInsurance,
  cars,
  contactMessages,
  damageClaims,
  insurancePackages,
  notifications,
  profiles,
  verificationDocuments,
} from "#db/schema";
import { userMenuLinks } from "~/components/shell/header";
import { loader as rootLoader } from "~/root";
import { loader as rentalsLoader } from "~/routes/_cars+/rentals";
import { action as approveAction } from "~/routes/_admin+/admin.listings.$carId.approve";
import { action as editAction } from "~/routes/_admin+/admin.listings.$carId.edit";
import { action as rejectAction } from "~/routes/_admin+/admin.listings.$carId.reject";
import { loader as listingsLoader } from "~/routes/_admin+/admin.listings";
import { action as newPackageAction } from "~/routes/_admin+/admin.packages.new";
import { action as editPackageAction } from "~/routes/_admin+/admin.packages.$packageId.edit";
import { action as deletePackageAction } from "~/routes/_admin+/admin.packages.$packageId.delete";
import { action as verificationAction } from "~/routes/_admin+/admin.verifications.$userId";
import { loader as queueLoader } from "~/routes/_admin+/admin.verifications";
import { action as contactAction } from "~/routes/_admin+/admin.contact";
import { loader as auditLoader } from "~/routes/_admin+/admin.audit";
import { createTestContext, type TestContext } from "./support/context";
import { createBooking, createCar, createUser, createSignedInUser, sessionCookieFor } from "./support/factories";
import { callRoute, formRequest, getRequest } from "./support/routes";

type RouteModule = { loader?: (...args: never[]) => unknown; action?: (...args: never[]) => unknown };
const adminRoutes = import.meta.glob<RouteModule>("../../app/routes/_admin+/*.tsx", { eager: true });

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

const signedIn = (options: Parameters<typeof createUser>[1] = {}) => createSignedInUser(ctx, options);

async function auditLines() {
  return ctx.db.select().from(auditLog).orderBy(auditLog.createdAt);
}

describe("the admin guard", () => {
  it("is on every loader and action of every /admin route: guests sign in, other users get 403, admins get in", async () => {
    const owner = await createUser(ctx, { verified: true });
    const car = await createCar(ctx, owner.id, { status: "pending" });
    const [pkg] = await ctx.db
      .insert(insurancePackages)
      .values({ name: "Basic", provider: "BTA" })
      .returning({ id: insurancePackages.id });
    // A disputed claim for the claim's page (/admin/claims/{claimId}): a completed trip of the owner's car.
    const renter = await createUser(ctx, { verified: true });
    const tripId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: owner.id }, "completed", {
      depositAmount: 20_000,
      totalAmount: 32_640,
      depositStatus: "claimed",
    });
    const [claim] = await ctx.db
      .insert(damageClaims)
      .values({
        bookingId: tripId,
        filedBy: owner.id,
        description: "A dent in the door",
        amount: 5_000,
        categories: ["damage"],
        status: "disputed",
        respondBy: new Date(),
      })
      .returning({ id: damageClaims.id });
    const params = { carId: car.id, packageId: pkg!.id, userId: owner.id, claimId: claim!.id, bookingId: tripId };
    const user = await signedIn({ verified: true, isHost: true });
    const admin = await signedIn({ isAdmin: true });

    const checked: string[] = [];
    for (const [file, module] of Object.entries(adminRoutes)) {
      const path = `/admin/${file}`;
      for (const kind of ["loader", "action"] as const) {
        const fn = module[kind] as Parameters<typeof callRoute>[0] | undefined;
        if (!fn) continue;
        checked.push(`${file} ${kind}`);
        const request = (cookie?: string) =>
          kind === "loader" ? getRequest(path, { cookie }) : formRequest(path, { intent: "approve" }, { cookie });

        const guest = await callRoute(fn, request(), ctx.context, params);
        if (kind === "loader") expect(guest.status, `${file} ${kind} guest`).toBe(401);
        else expect(guest.location, `${file} ${kind} guest`).toMatch(/^\/auth\/signin\?redirectTo=/);

        const refused = await callRoute<{ title?: string }>(fn, request(user.cookie), ctx.context, params);
        expect(refused.status, `${file} ${kind} user`).toBe(403);
        expect(refused.data.title, `${file} ${kind} user`).toBe("errors.accessDeniedTitle");

        if (kind === "loader") {
          const allowed = await callRoute(fn, request(admin.cookie), ctx.context, params);
          expect([200, 302], `${file} ${kind} admin`).toContain(allowed.status);
        }
      }
    }
    // Nothing a refused request asked for happened.
    expect(await auditLines()).toEqual([]);
    const [after] = await ctx.db.select({ status: cars.status }).from(cars).where(eq(cars.id, car.id));
    expect(after!.status).toBe("pending");
    // Every admin route module was found and checked (5 tabs, 3 listing dialogs, 3 package dialogs, the review).
    expect(Object.keys(adminRoutes).length).toBeGreaterThanOrEqual(13);
    expect(checked.filter((c) => c.endsWith("action")).length).toBeGreaterThanOrEqual(8);
  });
});

describe("listing moderation", () => {
  async function setUp(status: "pending" | "rejected" | "approved" = "pending") {
    const owner = await createUser(ctx, { verified: true, fullName: "Ona Savininkė" });
    const car = await createCar(ctx, owner.id, {
      status,
      make: "Škoda",
      model: "Superb",
      rejectionReason: status === "rejected" ? "Blurry photos" : null,
    });
    const admin = await signedIn({ isAdmin: true });
    return { owner, car, admin };
  }

  it("approves a pending listing: fields set, owner told, audit line written, and the car is in search at once", async () => {
    const { owner, car, admin } = await setUp();
    const before = await callRoute<{ listings: { cars: { id: string }[] } }>(
      rentalsLoader,
      getRequest("/rentals"),
      ctx.context,
    );
    expect(before.data.listings.cars.map((c) => c.id)).not.toContain(car.id);

    const path = `/admin/listings/${car.id}/approve?status=pending`;
    const result = await callRoute(approveAction, formRequest(path, {}, { cookie: admin.cookie }), ctx.context, {
      carId: car.id,
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/admin/listings?status=pending");

    const [row] = await ctx.db.select().from(cars).where(eq(cars.id, car.id));
    expect(row).toMatchObject({ status: "approved", approvedBy: admin.id, rejectionReason: null });
    expect(row!.approvedAt).toBeInstanceOf(Date);

    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: "listing_approved", data: { car_id: car.id, car_make: "Škoda" } });

    const lines = await auditLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "approve_listing",
      targetType: "car",
      targetId: car.id,
      details: { car: "Škoda Superb 2020", from: "pending" },
    });

    const after = await callRoute<{ listings: { cars: { id: string }[] } }>(
      rentalsLoader,
      getRequest("/rentals"),
      ctx.context,
    );
    expect(after.data.listings.cars.map((c) => c.id)).toContain(car.id);
  });

  it("approves a rejected listing and clears its reason; refuses an approved one with 409 and writes nothing", async () => {
    const { car, admin } = await setUp("rejected");
    const approve = () =>
      callRoute<{ error: string }>(
        approveAction,
        formRequest(`/admin/listings/${car.id}/approve`, {}, { cookie: admin.cookie }),
        ctx.context,
        { carId: car.id },
      );
    expect((await approve()).status).toBe(302);
    const [row] = await ctx.db.select().from(cars).where(eq(cars.id, car.id));
    expect(row).toMatchObject({ status: "approved", rejectionReason: null });

    const again = await approve();
    expect(again).toMatchObject({ status: 409, data: { error: "admin:errors.cannotApprove" } });
    expect(await auditLines()).toHaveLength(1);
    expect(await ctx.db.select().from(notifications)).toHaveLength(1);
  });

  it("approving a person's first rental listing makes them a host for good; a sale listing does not", async () => {
    const admin = await signedIn({ isAdmin: true });
    const owner = await createUser(ctx, { verified: true });
    const ownerCookie = await sessionCookieFor(ctx, owner.id);
    const sale = await createCar(ctx, owner.id, { status: "pending", listingType: "sale", salePrice: 1_500_000 });
    const rental = await createCar(ctx, owner.id, { status: "pending", listingType: "rental" });
    const approve = (carId: string) =>
      callRoute(
        approveAction,
        formRequest(`/admin/listings/${carId}/approve`, {}, { cookie: admin.cookie }),
        ctx.context,
        {
          carId,
        },
      );
    const header = async () => {
      const root = await callRoute<{ user: { isHost: boolean; isAdmin: boolean } }>(
        rootLoader,
        getRequest("/", { cookie: ownerCookie }),
        ctx.context,
      );
      return { isHost: root.data.user.isHost, links: userMenuLinks(root.data.user).map((link) => link.to) };
    };
    const profile = async () => (await ctx.db.select().from(profiles).where(eq(profiles.id, owner.id)))[0]!;

    expect((await approve(sale.id)).status).toBe(302);
    expect(await header()).toEqual({ isHost: false, links: expect.not.arrayContaining(["/host-dashboard"]) });
    expect((await profile()).hostSince).toBeNull();

    expect((await approve(rental.id)).status).toBe(302);
    expect(await header()).toEqual({ isHost: true, links: expect.arrayContaining(["/host-dashboard"]) });
    const [approved] = await ctx.db.select().from(cars).where(eq(cars.id, rental.id));
    expect((await profile()).hostSince).toEqual(approved!.approvedAt);

    // Hosting is for good: the listing withdrawn, deleted, and a later approval keep the first date.
    const since = (await profile()).hostSince;
    await ctx.db.update(cars).set({ status: "pending", deletedAt: new Date() }).where(eq(cars.id, rental.id));
    const another = await createCar(ctx, owner.id, { status: "pending", listingType: "both", salePrice: 900_000 });
    expect((await approve(another.id)).status).toBe(302);
    expect(await profile()).toMatchObject({ isHost: true, hostSince: since });
  });

  it("the migration makes a host of everyone whose rental was approved before the rule, from their first approval", async () => {
    const renter = await createUser(ctx);
    const seller = await createUser(ctx);
    const early = new Date("2024-02-03T10:00:00Z");
    await createCar(ctx, renter.id, { listingType: "rental", approvedAt: new Date("2024-05-01T10:00:00Z") });
    await createCar(ctx, renter.id, { listingType: "both", salePrice: 900_000, approvedAt: early });
    await createCar(ctx, seller.id, { listingType: "sale", salePrice: 900_000, approvedAt: early });
    // As the data stood before the migration: nobody had been made a host.
    await ctx.db.update(profiles).set({ isHost: false, hostSince: null });
    const sql = readFileSync("db/migrations/0011_hosts-from-approved-rentals.sql", "utf8").split(
      "--> statement-breakpoint",
    );
    await ctx.client.execute(sql.at(-1)!);
    const rows = await ctx.db.select().from(profiles);
    const of = (id: string) => rows.find((row) => row.id === id)!;
    expect(of(renter.id)).toMatchObject({ isHost: true, hostSince: early });
    expect(of(seller.id)).toMatchObject({ isHost: false, hostSince: null });
  });

  it("rejects with the reason cut to 500, or the default sentence in the owner's language when blank", async () => {
    const { owner, car, admin } = await setUp();
    await ctx.db.update(profiles).set({ preferredLanguage: "lt" }).where(eq(profiles.id, owner.id));
    const reject = (id: string, reason: string) =>
      callRoute<{ error: string }>(
        rejectAction,
        formRequest(`/admin/listings/${id}/reject`, { reason }, { cookie: admin.cookie }),
        ctx.context,
        { carId: id },
      );

    expect((await reject(car.id, "   ")).status).toBe(302);
    const [row] = await ctx.db.select().from(cars).where(eq(cars.id, car.id));
    expect(row).toMatchObject({
      status: "rejected",
      rejectionReason: "Skelbimas neatitinka platformos standartų",
      approvedAt: null,
      approvedBy: null,
    });
    const [told] = await ctx.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(told).toMatchObject({
      type: "listing_rejected",
      data: { reason: "Skelbimas neatitinka platformos standartų" },
    });

    // A rejected listing cannot be rejected again (only pending ones can).
    expect(await reject(car.id, "Other")).toMatchObject({ status: 409, data: { error: "admin:errors.cannotReject" } });

    const second = await createCar(ctx, owner.id, { status: "pending" });
    expect((await reject(second.id, `  ${"x".repeat(600)}  `)).status).toBe(302);
    const [long] = await ctx.db.select().from(cars).where(eq(cars.id, second.id));
    expect(long!.rejectionReason).toBe("x".repeat(500));

    const lines = await auditLines();
    expect(lines.map((l) => [l.action, l.targetId, (l.details as { reason: string }).reason.length])).toEqual([
      ["reject_listing", car.id, "Skelbimas neatitinka platformos standartų".length],
      ["reject_listing", second.id, 500],
    ]);
  });

  it("edits with the spec's messages; bad input keeps what was typed and writes nothing; good input is capped", async () => {
    const { car, admin } = await setUp("approved");
    const edit = (fields: Record<string, string>) =>
      callRoute<{ error?: Record<string, string[]>; initialValue?: Record<string, string> }>(
        editAction,
        formRequest(`/admin/listings/${car.id}/edit`, fields, { cookie: admin.cookie }),
        ctx.context,
        { carId: car.id },
      );
    const good = { make: "Škoda", model: "Superb", year: "2020", mileage: "45000", location: "Vilnius" };

    const bad = await edit({ ...good, make: " ", year: "1850", mileage: "-5", location: "V" });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toMatchObject({
      "": ["admin:errors.invalidData"],
      make: ["admin:validation.make"],
      year: ["admin:validation.year"],
      mileage: ["admin:validation.mileage"],
      location: ["admin:validation.location"],
    });
    expect(bad.data.initialValue).toMatchObject({ year: "1850", location: "V" });
    expect(await auditLines()).toEqual([]);

    const saved = await edit({ ...good, model: `Superb ${"L".repeat(60)}`, mileage: "46000", description: "Nice" });
    expect(saved.status).toBe(302);
    const [row] = await ctx.db.select().from(cars).where(eq(cars.id, car.id));
    expect(row!.model).toHaveLength(50);
    expect(row).toMatchObject({ mileage: 46000, description: "Nice", status: "approved" });
    const [line] = await auditLines();
    expect(line).toMatchObject({ action: "edit_listing", targetId: car.id });
    expect(Object.keys(line!.details as object).sort()).toEqual(["description", "mileage", "model"]);
    expect((line!.details as Record<string, unknown>).mileage).toEqual({ from: 45000, to: 46000 });

    // The same values again change nothing and log nothing.
    expect((await edit({ ...good, model: row!.model, mileage: "46000", description: "Nice" })).status).toBe(302);
    expect(await auditLines()).toHaveLength(1);
  });

  it("lists by status with counts, newest submitted first", async () => {
    const { owner, admin } = await setUp();
    const older = await createCar(ctx, owner.id, { status: "pending", submittedAt: new Date("2026-01-01") });
    await createCar(ctx, owner.id, { status: "rejected" });
    const result = await callRoute<{
      counts: Record<string, number>;
      listings: { id: string; ownerName: string }[];
    }>(listingsLoader, getRequest("/admin/listings", { cookie: admin.cookie }), ctx.context);
    expect(result.data.counts).toEqual({ pending: 2, approved: 0, rejected: 1, all: 3 });
    expect(result.data.listings.map((l) => l.id).at(-1)).toBe(older.id);
    expect(result.data.listings[0]!.ownerName).toBe("Ona Savininkė");
  });

  it("leaves an admin's own listing to another admin: no buttons on it, and approving it is refused", async () => {
    const { car, admin } = await setUp();
    const own = await createCar(ctx, admin.id, { status: "pending" });
    const list = await callRoute<{ listings: { id: string; own: boolean }[] }>(
      listingsLoader,
      getRequest("/admin/listings", { cookie: admin.cookie }),
      ctx.context,
    );
    expect(Object.fromEntries(list.data.listings.map((l) => [l.id, l.own]))).toEqual({
      [car.id]: false,
      [own.id]: true,
    });

    const refused = await callRoute<{ message: string }>(
      approveAction,
      formRequest(`/admin/listings/${own.id}/approve`, {}, { cookie: admin.cookie }),
      ctx.context,
      { carId: own.id },
    );
    expect(refused).toMatchObject({ status: 403, data: { message: "admin:errors.ownCase" } });
    const other = await signedIn({ isAdmin: true });
    const approved = await callRoute(
      approveAction,
      formRequest(`/admin/listings/${own.id}/approve`, {}, { cookie: other.cookie }),
      ctx.context,
      { carId: own.id },
    );
    expect(approved.status).toBe(302);
    expect(await auditLines()).toEqual([expect.objectContaining({ actorId: other.id, targetId: own.id })]);
  });
});

describe("insurance packages", () => {
  it("requires the name in both languages and a provider, one price above 0, defaults deductible and coverage, and writes nothing on error", async () => {
    const admin = await signedIn({ isAdmin: true });
    const create = (fields: Record<string, string>) =>
      callRoute<{ error?: Record<string, string[]>; initialValue?: Record<string, string> }>(
        newPackageAction,
        formRequest("/admin/packages/new", fields, { cookie: admin.cookie }),
        ctx.context,
      );

    const missing = await create({ nameLt: " ", nameEn: "Gold", provider: "", descriptionEn: "Kept" });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toMatchObject({
      nameLt: ["admin:validation.nameProviderRequired"],
      provider: ["admin:validation.nameProviderRequired"],
    });
    expect(missing.data.initialValue).toMatchObject({ nameEn: "Gold", descriptionEn: "Kept" });

    const names = { nameLt: "Auksinis", nameEn: "Gold", provider: "ERGO" };
    const twoPrices = await create({ ...names, pricePerDay: "12", pricePercentage: "1.5" });
    expect(twoPrices.data.error).toMatchObject({ pricePercentage: ["admin:validation.onePrice"] });
    // A package that costs nothing would be a second "No additional insurance".
    const free = await create({ ...names, pricePerDay: "0" });
    expect(free.status).toBe(400);
    expect(free.data.error).toEqual({ pricePerDay: ["admin:validation.pricePerDay"] });
    const unpriced = await create(names);
    expect(unpriced.data.error).toEqual({ pricePerDay: ["admin:validation.priceRequired"] });
    const noCoverage = await create({ ...names, pricePerDay: "9", maxCoverage: "0" });
    expect(noCoverage.data.error).toEqual({ maxCoverage: ["admin:validation.maxCoverage"] });
    const halfTranslated = await create({ ...names, pricePerDay: "9", coverageEn: "Collision" });
    expect(halfTranslated.data.error).toEqual({ coverageLt: ["admin:validation.bothLanguages"] });
    expect(await ctx.db.select().from(insurancePackages)).toEqual([]);

    const created = await create({
      ...names,
      descriptionLt: "Visiška apsauga",
      descriptionEn: "Full cover",
      pricePerDay: "12,50",
      deductible: "abc",
      maxCoverage: "",
      coverageLt: "Susidūrimas\nVagystė",
      coverageEn: "Collision\n\n  Theft  \nCollision",
      exclusionsLt: "Padangos",
      exclusionsEn: "Tyres",
      active: "on",
    });
    expect(created.status).toBe(302);
    const [row] = await ctx.db.select().from(insurancePackages);
    expect(row).toMatchObject({
      nameLt: "Auksinis",
      nameEn: "Gold",
      descriptionLt: "Visiška apsauga",
      descriptionEn: "Full cover",
      provider: "ERGO",
      pricePerDay: 1250,
      pricePercentage: null,
      deductible: 0,
      maxCoverage: 10_000_000,
      active: true,
      isPopular: false,
      coverageDetailsLt: { coverage: ["Susidūrimas", "Vagystė"], features: [], exclusions: ["Padangos"] },
      coverageDetailsEn: { coverage: ["Collision", "Theft"], features: [], exclusions: ["Tyres"] },
      // The columns from before both languages keep the English for the release still serving during a deploy.
      name: "Gold",
      description: "Full cover",
      coverageDetails: { coverage: ["Collision", "Theft"], features: [], exclusions: ["Tyres"] },
    });
    const [line] = await auditLines();
    expect(line).toMatchObject({ action: "create_package", targetId: row!.id, details: { name: "Auksinis" } });
  });

  it("edits and deletes; a booking keeps the package's name after it is gone", async () => {
    const admin = await signedIn({ isAdmin: true });
    const [pkg] = await ctx.db
      .insert(insurancePackages)
      .values({ name: "Basic", provider: "BTA", pricePerDay: 900 })
      .returning();
    const owner = await createUser(ctx, { verified: true });
    const renter = await createUser(ctx);
    const car = await createCar(ctx, owner.id);
    const bookingId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: owner.id }, "completed");
    await ctx.db
      .insert(bookingInsurance)
      .values({ bookingId, insurancePackageId: pkg!.id, packageName: "Basic", dailyCost: 900, totalCost: 2700 });

    const edited = await callRoute(
      editPackageAction,
      formRequest(
        `/admin/packages/${pkg!.id}/edit`,
        {
          nameLt: "Bazinė apsauga",
          nameEn: "Basic Protection",
          provider: "BTA",
          pricePercentage: "2",
          sortOrder: "3",
        },
        { cookie: admin.cookie },
      ),
      ctx.context,
      { packageId: pkg!.id },
    );
    expect(edited.status).toBe(302);
    const [row] = await ctx.db.select().from(insurancePackages);
    // Unchecked boxes are off: the edit hid the package from renters.
    expect(row).toMatchObject({
      nameLt: "Bazinė apsauga",
      nameEn: "Basic Protection",
      pricePerDay: null,
      pricePercentage: 2,
      sortOrder: 3,
    });
    expect(row!.active).toBe(false);

    const remove = () =>
      callRoute(
        deletePackageAction,
        formRequest(`/admin/packages/${pkg!.id}/delete`, {}, { cookie: admin.cookie }),
        ctx.context,
        { packageId: pkg!.id },
      );
    expect((await remove()).status).toBe(302);
    expect(await ctx.db.select().from(insurancePackages)).toEqual([]);
    const [kept] = await ctx.db.select().from(bookingInsurance);
    expect(kept).toMatchObject({ packageName: "Basic", insurancePackageId: null, totalCost: 2700 });
    expect((await remove()).status).toBe(404);
    expect((await auditLines()).map((l) => l.action)).toEqual(["edit_package", "delete_package"]);
  });
});

describe("the verification queue", () => {
  async function submitted() {
    const person = await createUser(ctx, { fullName: "Jonas Jonaitis" });
    const at = new Date("2026-11-20T10:00:00Z");
    await ctx.db
      .update(profiles)
      .set({ verificationStatus: "pending", verificationSubmittedAt: at })
      .where(eq(profiles.id, person.id));
    await ctx.db.insert(verificationDocuments).values([
      {
        userId: person.id,
        kind: "identity",
        storageKey: `private/v/${person.id}/a`,
        contentType: "image/png",
        sizeBytes: 10,
      },
      {
        userId: person.id,
        kind: "driving_licence",
        storageKey: `private/v/${person.id}/b`,
        contentType: "application/pdf",
        sizeBytes: 10,
      },
    ]);
    return { person, at: at.getTime() };
  }

  it("lists who waits and approves the submission the admin saw; a changed one is refused", async () => {
    const { person, at } = await submitted();
    const admin = await signedIn({ isAdmin: true });
    const queue = await callRoute<{ queue: { id: string; name: string }[] }>(
      queueLoader,
      getRequest("/admin/verifications", { cookie: admin.cookie }),
      ctx.context,
    );
    expect(queue.data.queue).toEqual([expect.objectContaining({ id: person.id, name: "Jonas Jonaitis" })]);

    const decide = (fields: Record<string, string>) =>
      callRoute<{ formError?: string; reasonError?: string; reason?: string }>(
        verificationAction,
        formRequest(`/admin/verifications/${person.id}`, fields, { cookie: admin.cookie }),
        ctx.context,
        { userId: person.id },
      );

    const stale = await decide({ intent: "approve", submittedAt: String(at - 1000) });
    expect(stale).toMatchObject({ status: 409, data: { formError: "admin:errors.verificationChanged" } });

    expect((await decide({ intent: "approve", submittedAt: String(at) })).status).toBe(302);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, person.id));
    expect(profile).toMatchObject({ verificationStatus: "verified", verificationSubmittedAt: null });
    const [told] = await ctx.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(told!.type).toBe("verification_approved");
    expect(await auditLines()).toEqual([
      expect.objectContaining({ action: "approve_verification", targetType: "user", targetId: person.id }),
    ]);

    // Decided already: a second decision on the same submission changes nothing.
    expect((await decide({ intent: "reject", submittedAt: String(at), reason: "Late" })).status).toBe(409);
    expect(await auditLines()).toHaveLength(1);
  });

  it("rejects only with a reason, which the person reads", async () => {
    const { person, at } = await submitted();
    const admin = await signedIn({ isAdmin: true });
    const decide = (fields: Record<string, string>) =>
      callRoute<{ reasonError?: string }>(
        verificationAction,
        formRequest(`/admin/verifications/${person.id}`, fields, { cookie: admin.cookie }),
        ctx.context,
        { userId: person.id },
      );
    const blank = await decide({ intent: "reject", submittedAt: String(at), reason: "  " });
    expect(blank).toMatchObject({ status: 400, data: { reasonError: "admin:validation.verificationReason" } });
    expect(await auditLines()).toEqual([]);

    expect((await decide({ intent: "reject", submittedAt: String(at), reason: "The licence is expired" })).status).toBe(
      302,
    );
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, person.id));
    expect(profile).toMatchObject({ verificationStatus: "rejected", verificationNote: "The licence is expired" });
    const [told] = await ctx.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(told).toMatchObject({ type: "verification_rejected", data: { reason: "The licence is expired" } });
  });
});

describe("contact messages and the audit log", () => {
  it("marks a message answered once, and the log shows admin actions newest first, filtered by action", async () => {
    const admin = await signedIn({ isAdmin: true });
    const [message] = await ctx.db
      .insert(contactMessages)
      .values({ name: "Rūta", email: "ruta@example.lt", subject: "Sąskaita", message: "Labas", type: "support" })
      .returning();
    const mark = () =>
      callRoute(
        contactAction,
        formRequest("/admin/contact", { id: message!.id }, { cookie: admin.cookie }),
        ctx.context,
      );
    expect((await mark()).status).toBe(302);
    expect((await mark()).status).toBe(409);
    const [row] = await ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ handledBy: admin.id });

    const owner = await createUser(ctx, { verified: true });
    const car = await createCar(ctx, owner.id, { status: "pending" });
    await callRoute(
      approveAction,
      formRequest(`/admin/listings/${car.id}/approve`, {}, { cookie: admin.cookie }),
      ctx.context,
      {
        carId: car.id,
      },
    );

    const log = await callRoute<{ entries: { action: string; actorEmail: string }[] }>(
      auditLoader,
      getRequest("/admin/audit", { cookie: admin.cookie }),
      ctx.context,
    );
    expect(log.data.entries.map((e) => e.action)).toEqual(["approve_listing", "handle_contact"]);
    expect(log.data.entries[0]!.actorEmail).toBe(admin.email);

    const filtered = await callRoute<{ entries: { action: string }[] }>(
      auditLoader,
      getRequest("/admin/audit?action=handle_contact", { cookie: admin.cookie }),
      ctx.context,
    );
    expect(filtered.data.entries.map((e) => e.action)).toEqual(["handle_contact"]);

    const nonsense = await callRoute<{ entries: unknown[] }>(
      auditLoader,
      getRequest("/admin/audit?action=drop_table&before=garbage", { cookie: admin.cookie }),
      ctx.context,
    );
    expect(nonsense.status).toBe(200);
    expect(nonsense.data.entries).toHaveLength(2);
    const lines = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "handle_contact")));
    expect(lines).toHaveLength(1);
  });
});
