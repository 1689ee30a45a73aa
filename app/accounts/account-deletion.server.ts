// Deleting an account (the privacy text promises it; part 2 §9: transaction data is kept 7 years, account data
// goes). The person's data goes, their bookings stay with the person anonymised through the profile, their listings
// follow deleteListing's rules (app/cars/own-listings.server.ts). Used by /account/delete and, later, by admins.
//
// Everything in the database happens in one write batch: its first statement marks the user deleted only while no
// booking of theirs is open, and every later statement runs only if that one did. So a booking made between the
// check and the write leaves the whole account untouched. R2 objects are deleted after the write: a failure
// there leaves objects no row names, never a row naming a missing object.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  bookings,
  carImages,
  cars,
  carViewMarks,
  emailTokens,
  favorites,
  listingDrafts,
  notifications,
  OPEN_BOOKING_STATUSES,
  profiles,
  savedSearches,
  sessions,
  users,
  verificationDocuments,
} from "#db/schema";
import { verifyPassword } from "~/accounts/password.server";
import type { Db } from "~/db.server";
import { deleteAvatar, deleteStoredPhotos } from "~/photos/photo-storage.server";
import { deletePrivateDocuments } from "~/photos/document-storage.server";

type Context = Pick<AppLoadContext, "db" | "env">;

/** What a deleted person is called in stored data; pages show their own language's words for it. */
export const DELETED_USER_NAME = "Deleted user";

/** Unique per user, and `.invalid` is reserved (RFC 2606): nothing is ever sent there, and no one can sign up with it. */
export function deletedEmail(userId: string): string {
  return `deleted+${userId.toLowerCase()}@invalid`;
}

/** Not a hash the password check can parse, so no password matches it. */
const UNUSABLE_PASSWORD_HASH = "!deleted";

/** Whether the password is the user's, for the confirmation of a deletion. */
export async function isCurrentPassword({ db, env }: Context, userId: string, password: string): Promise<boolean> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return false;
  const { valid } = await verifyPassword(password, user.passwordHash, env.passwordPepper);
  return valid;
}

export interface OpenBookings {
  /** Open bookings of the user's cars: their renters are counting on them. */
  asOwner: number;
  /** The user's own open trips: a card is held, a host expects them. */
  asRenter: number;
}

function openBookingOf(userId: string | SQL): SQL {
  return and(
    or(eq(bookings.ownerId, userId), eq(bookings.renterId, userId)),
    inArray(bookings.status, [...OPEN_BOOKING_STATUSES]),
  )!;
}

/** The person's open bookings as host and as renter; the person is their id or SQL that yields it (decision 002). */
export async function findOpenBookings(db: Db, userId: string | SQL): Promise<OpenBookings> {
  const [row] = await db
    .select({
      asOwner: sql<number>`coalesce(sum(case when ${bookings.ownerId} = ${userId} then 1 else 0 end), 0)`,
      asRenter: sql<number>`coalesce(sum(case when ${bookings.renterId} = ${userId} then 1 else 0 end), 0)`,
    })
    .from(bookings)
    .where(openBookingOf(userId));
  return { asOwner: Number(row?.asOwner ?? 0), asRenter: Number(row?.asRenter ?? 0) };
}

export type AccountDeletionOutcome =
  | { status: "deleted"; deletedCars: number; withdrawnCars: number }
  | { status: "has-open-bookings"; openBookings: OpenBookings }
  | { status: "not-found" };

/**
 * Deletes the account. Refused, with nothing changed, while any booking of the user's cars or of the user as renter
 * is pending, confirmed or active: those must be finished or cancelled first.
 */
export async function deleteAccount(
  { db, env }: Context,
  userId: string,
  now: Date = new Date(),
): Promise<AccountDeletionOutcome> {
  const [[user], open, ownCars, documents] = await db.batch([
    db
      .select({ avatarKey: profiles.avatarKey })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(and(eq(users.id, userId), isNull(users.deletedAt))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(bookings)
      .where(openBookingOf(userId)),
    db
      .select({ id: cars.id, storageKey: carImages.storageKey })
      .from(cars)
      .leftJoin(carImages, eq(carImages.carId, cars.id))
      .where(and(eq(cars.ownerId, userId), isNull(cars.deletedAt))),
    db
      .select({ storageKey: verificationDocuments.storageKey })
      .from(verificationDocuments)
      .where(eq(verificationDocuments.userId, userId)),
  ]);
  if (!user) return { status: "not-found" };
  if (Number(open[0]?.n ?? 0) > 0)
    return { status: "has-open-bookings", openBookings: await findOpenBookings(db, userId) };

  const stamp = now.getTime();
  // True only inside the batch whose first statement deleted the user.
  const deletedHere = sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.deletedAt} = ${stamp})`;
  const hasBookings = sql`exists (select 1 from ${bookings} where ${bookings.carId} = ${cars.id})`;
  const results = await db.batch([
    db
      .update(users)
      .set({
        email: deletedEmail(userId),
        passwordHash: UNUSABLE_PASSWORD_HASH,
        isAdmin: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.deletedAt),
          sql`not exists (select 1 from ${bookings} where ${openBookingOf(userId)})`,
        ),
      ),
    // deleteListing's rules, for every car at once: a car with past bookings is withdrawn (kept for their records),
    // any other is deleted with its photos' rows.
    db
      .update(cars)
      .set({ deletedAt: now, available: false, updatedAt: now })
      .where(and(eq(cars.ownerId, userId), isNull(cars.deletedAt), hasBookings, deletedHere)),
    db
      .delete(cars)
      .where(and(eq(cars.ownerId, userId), isNull(cars.deletedAt), sql`not ${hasBookings}`, deletedHere))
      .returning({ id: cars.id }),
    db
      .update(profiles)
      .set({
        email: deletedEmail(userId),
        fullName: DELETED_USER_NAME,
        // The schema asks a company for a name and a number; without them the row is a (deleted) person.
        accountType: "person",
        companyName: null,
        companyNumber: null,
        avatarKey: null,
        phone: null,
        bio: null,
        location: null,
        dateOfBirth: null,
        verificationNote: null,
        verificationSubmittedAt: null,
        marketingConsent: false,
        updatedAt: now,
      })
      .where(and(eq(profiles.id, userId), deletedHere)),
    db.delete(verificationDocuments).where(and(eq(verificationDocuments.userId, userId), deletedHere)),
    db.delete(sessions).where(and(eq(sessions.userId, userId), deletedHere)),
    db.delete(emailTokens).where(and(eq(emailTokens.userId, userId), deletedHere)),
    db.delete(favorites).where(and(eq(favorites.userId, userId), deletedHere)),
    db.delete(savedSearches).where(and(eq(savedSearches.userId, userId), deletedHere)),
    db.delete(notifications).where(and(eq(notifications.userId, userId), deletedHere)),
    db.delete(listingDrafts).where(and(eq(listingDrafts.ownerId, userId), deletedHere)),
    // A signed-in visitor's view marks carry their id (they go after two days anyway).
    db.delete(carViewMarks).where(and(eq(carViewMarks.visitor, userId), deletedHere)),
  ]);
  if (results[0].rowsAffected === 0) {
    // Deleted meanwhile by another request, or a booking opened between the check and the write.
    const openBookings = await findOpenBookings(db, userId);
    return openBookings.asOwner + openBookings.asRenter > 0
      ? { status: "has-open-bookings", openBookings }
      : { status: "not-found" };
  }

  const deletedCarIds = new Set(results[2].map((row) => row.id));
  const photoKeys = ownCars.filter((row) => deletedCarIds.has(row.id) && row.storageKey).map((row) => row.storageKey!);
  await removeObjects(async () => {
    if (user.avatarKey) await deleteAvatar(env, user.avatarKey);
  });
  await removeObjects(() =>
    deletePrivateDocuments(
      env,
      documents.map((document) => document.storageKey),
    ),
  );
  await removeObjects(() => deleteStoredPhotos(env, photoKeys));
  return { status: "deleted", deletedCars: deletedCarIds.size, withdrawnCars: results[1].rowsAffected };
}

/** The account is deleted whatever R2 answers; objects it could not delete are logged for a clean-up. */
async function removeObjects(remove: () => Promise<unknown>) {
  try {
    await remove();
  } catch (error) {
    console.warn(`Account deletion left objects in R2: ${String(error)}`);
  }
}
