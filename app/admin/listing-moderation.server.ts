// Moderating listings (part 2 §2 Admin, §4 listing status): the queue by status with counts, newest submitted first;
// approve, reject, edit. Each decision is one write batch: the conditional UPDATE (the status it starts from is in
// its WHERE, so two admins deciding at once cannot both win), the owner's notification and the audit line, the last
// two written only if the update took (an EXISTS over the row as the update leaves it). Approving bumps the
// catalogue version through the cars triggers (migration 0004), so the car is in search at once, and approving a
// rental makes its owner a host for good (is_host, host_since: a trigger of migration 0010, so every path does it).
import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { cars, notifications, profiles } from "#db/schema";
import { notFound } from "~/accounts/guards.server";
import type { Db } from "~/db.server";
import { displayName } from "~/profiles/display-name";
import { auditInsert, type Admin } from "./audit.server";
import {
  APPROVABLE,
  capListingEdit,
  REJECTABLE,
  type CarStatus,
  type ListingEdit,
  type ListingFilter,
} from "./moderation-form";

export const ADMIN_LISTINGS_PAGE_SIZE = 25;

const live = isNull(cars.deletedAt);

/** How many listings each tab holds (deleted ones are gone from every tab). */
export async function listingCounts(db: Db): Promise<Record<ListingFilter, number>> {
  const rows = await db
    .select({ status: cars.status, count: sql<number>`count(*)` })
    .from(cars)
    .where(live)
    .groupBy(cars.status);
  const counts: Record<ListingFilter, number> = { pending: 0, approved: 0, rejected: 0, all: 0 };
  for (const row of rows) {
    const count = Number(row.count);
    counts.all += count;
    if (row.status !== "suspended") counts[row.status] = count;
  }
  return counts;
}

const firstPhoto = sql<string | null>`(select storage_key from car_images i where i.car_id = ${cars.id}
  order by i.is_primary desc, i.sort_order limit 1)`;

/** A page of one tab, newest submitted first, with the owner and the first photo. */
export async function listListings(db: Db, filter: ListingFilter, page: number) {
  const where = filter === "all" ? live : and(live, eq(cars.status, filter));
  const rows = await db
    .select({
      id: cars.id,
      make: cars.make,
      model: cars.model,
      year: cars.year,
      mileage: cars.mileage,
      location: cars.location,
      listingType: cars.listingType,
      dailyPrice: cars.dailyPrice,
      salePrice: cars.salePrice,
      status: cars.status,
      available: cars.available,
      rejectionReason: cars.rejectionReason,
      submittedAt: cars.submittedAt,
      approvedAt: cars.approvedAt,
      photo: firstPhoto,
      ownerId: cars.ownerId,
      ownerEmail: profiles.email,
      ownerName: profiles.fullName,
      ownerCompany: profiles.companyName,
      ownerAccountType: profiles.accountType,
      ownerVerification: profiles.verificationStatus,
    })
    .from(cars)
    .innerJoin(profiles, eq(profiles.id, cars.ownerId))
    .where(where)
    .orderBy(desc(cars.submittedAt), desc(cars.id))
    .limit(ADMIN_LISTINGS_PAGE_SIZE + 1)
    .offset((page - 1) * ADMIN_LISTINGS_PAGE_SIZE);
  return {
    listings: rows.slice(0, ADMIN_LISTINGS_PAGE_SIZE).map(({ ownerName, ownerCompany, ownerAccountType, ...row }) => ({
      ...row,
      ownerName: displayName({ fullName: ownerName, companyName: ownerCompany, accountType: ownerAccountType }),
      submittedAt: row.submittedAt.getTime(),
      approvedAt: row.approvedAt?.getTime() ?? null,
    })),
    hasMore: rows.length > ADMIN_LISTINGS_PAGE_SIZE,
  };
}

/** One listing as the admin dialogs show it; null when there is none (or its owner deleted it). */
export async function findListingForAdmin(db: Db, carId: string) {
  const [row] = await db
    .select({
      id: cars.id,
      ownerId: cars.ownerId,
      make: cars.make,
      model: cars.model,
      year: cars.year,
      mileage: cars.mileage,
      location: cars.location,
      description: cars.description,
      status: cars.status,
      rejectionReason: cars.rejectionReason,
      ownerEmail: profiles.email,
      ownerLanguage: profiles.preferredLanguage,
    })
    .from(cars)
    .innerJoin(profiles, eq(profiles.id, cars.ownerId))
    .where(and(eq(cars.id, carId), live));
  return row ?? null;
}

/** The listing a dialog is about, or the 404 page. */
export async function requireListing(db: Db, carId: string | undefined) {
  const car = await findListingForAdmin(db, carId ?? "");
  if (!car) notFound("errors.carNotFound");
  return car;
}

export type AdminListing = NonNullable<Awaited<ReturnType<typeof findListingForAdmin>>>;

export type DecisionOutcome =
  { status: "done" } | { status: "not-found" } | { status: "own-listing" } | { status: "wrong-status"; now: CarStatus };

/** Nobody reviews themselves: an admin's own listing waits for another admin (approve, reject and edit alike). */
export const isOwnListing = (car: { ownerId: string }, admin: Pick<Admin, "id">) => car.ownerId === admin.id;

const statusIn = (statuses: readonly CarStatus[]) => inArray(cars.status, [...statuses]);

function notification(db: Db, car: AdminListing, reason: string | null, now: Date, onlyIf: SQL) {
  const type = reason === null ? "listing_approved" : "listing_rejected";
  const data = JSON.stringify({ car_id: car.id, car_make: car.make, car_model: car.model, reason });
  return db.run(sql`insert into ${notifications} (id, user_id, type, data, read, created_at)
    select ${crypto.randomUUID()}, ${car.ownerId}, ${type}, ${data}, 0, ${now.getTime()} where ${onlyIf}`);
}

async function decide(
  db: Db,
  admin: Admin,
  carId: string,
  from: readonly CarStatus[],
  change: { status: CarStatus; approvedAt: Date | null; approvedBy: string | null; rejectionReason: string | null },
  now: Date,
): Promise<DecisionOutcome> {
  const car = await findListingForAdmin(db, carId);
  if (!car) return { status: "not-found" };
  if (isOwnListing(car, admin)) return { status: "own-listing" };
  const took = sql`exists (select 1 from ${cars} where ${cars.id} = ${carId} and ${cars.status} = ${change.status}
    and ${cars.updatedAt} = ${now.getTime()})`;
  const approving = change.status === "approved";
  const [updated] = await db.batch([
    db
      .update(cars)
      .set({ ...change, updatedAt: now })
      .where(and(eq(cars.id, carId), live, statusIn(from))),
    notification(db, car, change.rejectionReason, now, took),
    auditInsert(
      db,
      admin,
      {
        action: approving ? "approve_listing" : "reject_listing",
        targetType: "car",
        targetId: carId,
        details: {
          car: `${car.make} ${car.model} ${car.year}`,
          from: car.status,
          ...(change.rejectionReason ? { reason: change.rejectionReason } : {}),
        },
      },
      now,
      took,
    ),
  ]);
  if (updated.rowsAffected === 1) return { status: "done" };
  const current = await findListingForAdmin(db, carId);
  return current ? { status: "wrong-status", now: current.status } : { status: "not-found" };
}

/** Pending or rejected → approved: approved_at and approved_by set, the rejection reason cleared. */
export function approveListing(db: Db, admin: Admin, carId: string, now = new Date()) {
  return decide(
    db,
    admin,
    carId,
    APPROVABLE,
    { status: "approved", approvedAt: now, approvedBy: admin.id, rejectionReason: null },
    now,
  );
}

/** Pending → rejected with the reason (already defaulted and cut by rejectionReason()); approval fields cleared. */
export function rejectListing(db: Db, admin: Admin, carId: string, reason: string, now = new Date()) {
  return decide(
    db,
    admin,
    carId,
    REJECTABLE,
    { status: "rejected", approvedAt: null, approvedBy: null, rejectionReason: reason },
    now,
  );
}

const EDITABLE = ["make", "model", "year", "mileage", "location", "description"] as const;

/** The admin's edit: the fields the form holds, capped; the audit line lists what changed, before and after. */
export async function editListing(
  db: Db,
  admin: Admin,
  carId: string,
  input: ListingEdit,
  now = new Date(),
): Promise<{ status: "saved" | "unchanged" | "not-found" | "own-listing" }> {
  const car = await findListingForAdmin(db, carId);
  if (!car) return { status: "not-found" };
  if (isOwnListing(car, admin)) return { status: "own-listing" };
  const edit = capListingEdit(input);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of EDITABLE) {
    if ((car[field] ?? null) !== (edit[field] ?? null)) changes[field] = { from: car[field], to: edit[field] };
  }
  if (Object.keys(changes).length === 0) return { status: "unchanged" };
  const took = sql`exists (select 1 from ${cars} where ${cars.id} = ${carId} and ${cars.updatedAt} = ${now.getTime()})`;
  const [updated] = await db.batch([
    db
      .update(cars)
      .set({ ...edit, updatedAt: now })
      .where(and(eq(cars.id, carId), live)),
    auditInsert(db, admin, { action: "edit_listing", targetType: "car", targetId: carId, details: changes }, now, took),
  ]);
  return { status: updated.rowsAffected === 1 ? "saved" : "not-found" };
}
