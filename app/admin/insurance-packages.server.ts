// Insurance packages from the admin's side (part 2 §2 Admin "Packages tab", §7 "admin read, insert, update, delete
// by id"): every package, active or not, in the order the booking page shows them. A booking keeps the package's name
// and prices it was made with (booking_insurance), so editing or deleting a package never changes a booking.
import { asc, eq, sql } from "drizzle-orm";
import { insurancePackages } from "#db/schema";
import type { Db } from "~/db.server";
import { auditInsert, type Admin } from "./audit.server";
import { languageField, type PackageValues } from "./package-form";

export function listPackages(db: Db) {
  return db.select().from(insurancePackages).orderBy(asc(insurancePackages.sortOrder), asc(insurancePackages.nameLt));
}

export async function findPackage(db: Db, id: string) {
  const [row] = await db.select().from(insurancePackages).where(eq(insurancePackages.id, id));
  return row ?? null;
}

export type InsurancePackage = NonNullable<Awaited<ReturnType<typeof findPackage>>>;

function columns(values: PackageValues) {
  const details = (language: "lt" | "en") => ({
    coverage: values[languageField("coverage", language)],
    features: values[languageField("features", language)],
    exclusions: values[languageField("exclusions", language)],
  });
  return {
    nameLt: values.nameLt,
    nameEn: values.nameEn,
    provider: values.provider,
    descriptionLt: values.descriptionLt,
    descriptionEn: values.descriptionEn,
    pricePerDay: values.pricePerDay,
    pricePercentage: values.pricePercentage,
    deductible: values.deductible,
    maxCoverage: values.maxCoverage,
    coverageDetailsLt: details("lt"),
    coverageDetailsEn: details("en"),
    // The columns from before both languages keep the English text until a later release drops them (db/schema.ts).
    name: values.nameEn,
    description: values.descriptionEn,
    coverageDetails: details("en"),
    sortOrder: values.sortOrder,
    active: values.active,
    isPopular: values.isPopular,
  };
}

export async function createPackage(db: Db, admin: Admin, values: PackageValues, now = new Date()) {
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(insurancePackages).values({ id, ...columns(values), createdAt: now, updatedAt: now }),
    auditInsert(
      db,
      admin,
      { action: "create_package", targetType: "insurance_package", targetId: id, details: { name: values.nameLt } },
      now,
    ),
  ]);
  return id;
}

/** false when the package is gone (another admin deleted it meanwhile). */
export async function updatePackage(db: Db, admin: Admin, id: string, values: PackageValues, now = new Date()) {
  const exists = sql`exists (select 1 from ${insurancePackages} where ${insurancePackages.id} = ${id})`;
  const [updated] = await db.batch([
    db
      .update(insurancePackages)
      .set({ ...columns(values), updatedAt: now })
      .where(eq(insurancePackages.id, id)),
    auditInsert(
      db,
      admin,
      { action: "edit_package", targetType: "insurance_package", targetId: id, details: { name: values.nameLt } },
      now,
      exists,
    ),
  ]);
  return updated.rowsAffected === 1;
}

/** false when there was nothing to delete. Bookings keep their copy of the package (booking_insurance). */
export async function deletePackage(db: Db, admin: Admin, id: string, now = new Date()) {
  const found = await findPackage(db, id);
  if (!found) return false;
  const exists = sql`exists (select 1 from ${insurancePackages} where ${insurancePackages.id} = ${id})`;
  const [, deleted] = await db.batch([
    auditInsert(
      db,
      admin,
      { action: "delete_package", targetType: "insurance_package", targetId: id, details: { name: found.nameLt } },
      now,
      exists,
    ),
    db.delete(insurancePackages).where(eq(insurancePackages.id, id)),
  ]);
  return deleted.rowsAffected === 1;
}
