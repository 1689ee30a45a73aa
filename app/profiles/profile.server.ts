// The own profile (/profile): what the page shows, the form's write and the avatar's replacement. Every write names
// the user's own row; nothing here takes an id from a form.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, not, or, sql, type SQL } from "drizzle-orm";
import { bookings, profiles } from "#db/schema";
import type { ProfileInput } from "~/accounts/profile-form";
import type { PhotoProblem } from "~/photos/photo-rules";
import type { Db } from "~/db.server";
import {
  deleteAvatar,
  isStorageFailure,
  PhotoProcessingError,
  preparePhotos,
  storeAvatar,
} from "~/photos/photo-storage.server";
import { sanitizeText, TEXT_CAPS } from "~/utils/sanitize";

type Context = Pick<AppLoadContext, "db" | "env">;

/** Avatar and document uploads per user: each one costs an Images call or an R2 write. */
export const UPLOAD_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

export async function getOwnProfile(db: Db, userId: string | SQL) {
  const [[profile], [completed]] = await db.batch([
    db
      .select({
        id: profiles.id,
        email: profiles.email,
        accountType: profiles.accountType,
        fullName: profiles.fullName,
        companyName: profiles.companyName,
        companyNumber: profiles.companyNumber,
        avatarKey: profiles.avatarKey,
        phone: profiles.phone,
        bio: profiles.bio,
        location: profiles.location,
        dateOfBirth: profiles.dateOfBirth,
        verificationStatus: profiles.verificationStatus,
        verificationSubmittedAt: profiles.verificationSubmittedAt,
        isHost: profiles.isHost,
        totalEarnings: profiles.totalEarnings,
        rating: profiles.rating,
        reviewCount: profiles.reviewCount,
        createdAt: profiles.createdAt,
      })
      .from(profiles)
      .where(eq(profiles.id, userId)),
    // profiles.total_bookings counts a host's completed rentals only; the own page counts trips taken too.
    db
      .select({ n: sql<number>`count(*)` })
      .from(bookings)
      .where(and(or(eq(bookings.renterId, userId), eq(bookings.ownerId, userId)), eq(bookings.status, "completed"))),
  ]);
  if (!profile) return null;
  return {
    ...profile,
    completedBookings: Number(completed?.n ?? 0),
    verificationSubmittedAt: profile.verificationSubmittedAt?.getTime() ?? null,
    createdAt: profile.createdAt.getTime(),
  };
}

export type OwnProfile = NonNullable<Awaited<ReturnType<typeof getOwnProfile>>>;

export type ProfileUpdateOutcome = "saved" | "dateOfBirthVerified";

/**
 * Saves the form's fields, sanitised and capped (part 1 §5); an empty optional field clears the value. One
 * conditional statement, so a verification decided meanwhile is respected (decision 031):
 * - a verified identity's date of birth stays as verified: a date that differs from it is refused and nothing is
 *   written ("dateOfBirthVerified"); the form, which shows it read-only, sends none;
 * - a set of documents under review is taken out of review when the date changes (the user sends it again), as a
 *   new document does, so an admin never approves a date that changed under them.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: ProfileInput,
  now = new Date(),
): Promise<ProfileUpdateOutcome> {
  const optional = (value: string | undefined, cap: number) => {
    const clean = value === undefined ? "" : sanitizeText(value, cap);
    return clean === "" ? null : clean;
  };
  const dateOfBirth = input.dateOfBirth ?? null;
  const verified = sql`${profiles.verificationStatus} = 'verified'`;
  const result = await db
    .update(profiles)
    .set({
      fullName: sanitizeText(input.fullName, TEXT_CAPS.name),
      phone: input.phone ?? null,
      location: optional(input.location, 200),
      dateOfBirth: sql`case when ${verified} then ${profiles.dateOfBirth} else ${dateOfBirth} end`,
      verificationSubmittedAt: sql`case when not ${verified} and ${profiles.dateOfBirth} is not ${dateOfBirth}
        then null else ${profiles.verificationSubmittedAt} end`,
      bio: optional(input.bio, TEXT_CAPS.bio),
      updatedAt: now,
    })
    .where(
      and(
        eq(profiles.id, userId),
        or(not(verified), sql`${dateOfBirth} is null`, sql`${profiles.dateOfBirth} is ${dateOfBirth}`),
      ),
    );
  return result.rowsAffected > 0 ? "saved" : "dateOfBirthVerified";
}

export type AvatarOutcome =
  | { status: "saved" }
  | { status: "refused"; problem: PhotoProblem | "profile:avatar.required" | "profile:avatar.onlyOne" }
  | { status: "failed" }
  /** R2 refused the upload: nothing was stored and the profile is unchanged. */
  | { status: "unavailable" };

/**
 * Stores the new avatar, points the profile at it, then deletes the old one. The pointer moves only if it still
 * names the avatar read at the start, so two uploads racing cannot leave an object no row names.
 */
export async function replaceAvatar(
  { db, env }: Context,
  userId: string,
  entries: ReadonlyArray<File | string>,
): Promise<AvatarOutcome> {
  const prepared = await preparePhotos(entries, 0);
  if (!prepared.ok) return { status: "refused", problem: prepared.problem };
  if (prepared.files.length === 0) return { status: "refused", problem: "profile:avatar.required" };
  if (prepared.files.length > 1) return { status: "refused", problem: "profile:avatar.onlyOne" };

  const [current] = await db.select({ avatarKey: profiles.avatarKey }).from(profiles).where(eq(profiles.id, userId));
  if (!current) return { status: "failed" };
  let avatarKey: string;
  try {
    avatarKey = await storeAvatar(env, userId, prepared.files[0]!);
  } catch (error) {
    if (isStorageFailure(error)) return { status: "unavailable" };
    if (error instanceof PhotoProcessingError) return { status: "failed" };
    throw error;
  }
  let moved = false;
  try {
    const result = await db
      .update(profiles)
      .set({ avatarKey, updatedAt: new Date() })
      .where(
        and(
          eq(profiles.id, userId),
          current.avatarKey === null ? isNull(profiles.avatarKey) : eq(profiles.avatarKey, current.avatarKey),
        ),
      );
    moved = result.rowsAffected > 0;
  } finally {
    if (!moved) await deleteAvatar(env, avatarKey);
  }
  if (!moved) return { status: "failed" };
  if (current.avatarKey) {
    try {
      await deleteAvatar(env, current.avatarKey);
    } catch (error) {
      // The new photo is saved and shown; an old object left behind is only storage.
      console.warn(`Could not delete the old avatar ${current.avatarKey}: ${String(error)}`);
    }
  }
  return { status: "saved" };
}
