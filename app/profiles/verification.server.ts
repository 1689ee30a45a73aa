// Identity verification from the user's side (/profile/verification): upload the documents the account type needs,
// replace one, submit them for review. Reviewing them is the admin's (a later issue); this keeps the rows right:
// one document per user and kind, and `verification_submitted_at` set only while a complete set awaits review.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { profiles, verificationDocuments } from "#db/schema";
import type { Db } from "~/db.server";
import { isStorageFailure } from "~/photos/photo-storage.server";
import { deletePrivateDocuments, storePrivateDocument } from "~/photos/document-storage.server";
import type { DocumentProblem } from "~/photos/document-rules";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { dateOfBirthProblem } from "~/accounts/profile-rules";
import { vilniusDay } from "~/utils/calendar-days";
import {
  cleanFileName,
  identityDocumentKind,
  missingDocumentKinds,
  requiredDocumentKinds,
  type AccountType,
  type VerificationDocumentKind,
} from "./verification-form";

type Context = Pick<AppLoadContext, "db" | "env">;

/** A person's documents, oldest first (for the batch that reads the profile with them). */
export function documentsOf(db: Db, userId: string | SQL) {
  return db
    .select({
      id: verificationDocuments.id,
      kind: verificationDocuments.kind,
      fileName: verificationDocuments.fileName,
      contentType: verificationDocuments.contentType,
      sizeBytes: verificationDocuments.sizeBytes,
      createdAt: verificationDocuments.createdAt,
    })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.userId, userId))
    .orderBy(asc(verificationDocuments.createdAt));
}

/** The documents the account type asks for (a leftover of another kind is not shown), with times as numbers. */
export function requiredDocuments(accountType: AccountType, documents: Awaited<ReturnType<typeof documentsOf>>) {
  const required = requiredDocumentKinds(accountType);
  return documents
    .filter((document) => required.includes(document.kind))
    .map((document) => ({ ...document, createdAt: document.createdAt.getTime() }));
}

export async function getVerification(db: Db, userId: string | SQL) {
  const [[profile], documents] = await db.batch([
    db
      .select({
        accountType: profiles.accountType,
        status: profiles.verificationStatus,
        note: profiles.verificationNote,
        submittedAt: profiles.verificationSubmittedAt,
        dateOfBirth: profiles.dateOfBirth,
      })
      .from(profiles)
      .where(eq(profiles.id, userId)),
    documentsOf(db, userId),
  ]);
  if (!profile) return null;
  const required = requiredDocumentKinds(profile.accountType);
  return {
    accountType: profile.accountType,
    status: profile.status,
    note: profile.note,
    submittedAt: profile.submittedAt?.getTime() ?? null,
    dateOfBirth: profile.dateOfBirth,
    required,
    missing: missingDocumentKinds(profile.accountType, documents),
    documents: requiredDocuments(profile.accountType, documents),
  };
}

/** Whether the user has sent a complete set of documents that still awaits an admin's review. */
export async function isAwaitingReview(db: Db, userId: string | SQL): Promise<boolean> {
  const [profile] = await db
    .select({ submittedAt: profiles.verificationSubmittedAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return Boolean(profile?.submittedAt);
}

export type Verification = NonNullable<Awaited<ReturnType<typeof getVerification>>>;

export type UploadOutcome =
  | { status: "saved" }
  | { status: "refused"; problem: DocumentProblem | "profile:verification.errors.fileRequired" }
  | { status: "verified" }
  | { status: "conflict" }
  /** R2 refused the upload: nothing was stored and no row written. */
  | { status: "unavailable" };

/** A file input that was left empty arrives as an empty string or an empty nameless file. */
function chosenFile(file: File | string | null): File | null {
  return !file || typeof file === "string" || (file.size === 0 && !file.name) ? null : file;
}

/** The profile's verification and date of birth, and the user's current document of `kind`, in one round trip. */
async function profileAndDocument(db: Db, userId: string, kind: VerificationDocumentKind) {
  const [[profile], [previous]] = await db.batch([
    db
      .select({ status: profiles.verificationStatus, dateOfBirth: profiles.dateOfBirth })
      .from(profiles)
      .where(eq(profiles.id, userId)),
    db
      .select({ id: verificationDocuments.id, storageKey: verificationDocuments.storageKey })
      .from(verificationDocuments)
      .where(and(eq(verificationDocuments.userId, userId), eq(verificationDocuments.kind, kind))),
  ]);
  return { profile, previous };
}

type Replaced =
  { status: "saved" } | { status: "refused"; problem: DocumentProblem } | { status: "conflict" | "unavailable" };

/**
 * Stores `file` as the user's document of `kind`, replacing `previous`, and writes `profileChange` to the profile in
 * the same batch, both only while the profile is (`verified`) or is not verified: the row is replaced first, then
 * the old object deleted; an object no row names is deleted again.
 */
async function replaceDocument(
  { db, env }: Context,
  input: {
    userId: string;
    kind: VerificationDocumentKind;
    file: File;
    previous: { id: string; storageKey: string } | undefined;
    verified: boolean;
    profileChange: Partial<typeof profiles.$inferInsert>;
    now: Date;
  },
): Promise<Replaced> {
  const { userId, kind, file, previous, now } = input;
  let stored: Awaited<ReturnType<typeof storePrivateDocument>>;
  try {
    stored = await storePrivateDocument(env, userId, file);
  } catch (error) {
    // A single write that failed: nothing is in R2 and no row was touched.
    if (isStorageFailure(error)) return { status: "unavailable" };
    throw error;
  }
  if (!stored.ok) return { status: "refused", problem: stored.problem };
  const values = {
    storageKey: stored.key,
    contentType: stored.contentType,
    sizeBytes: file.size,
    fileName: cleanFileName(file.name),
    createdAt: now,
  };
  const standing = input.verified
    ? eq(profiles.verificationStatus, "verified")
    : ne(profiles.verificationStatus, "verified");
  let saved = false;
  try {
    const [written, changed] = await db.batch([
      previous
        ? db
            .update(verificationDocuments)
            .set(values)
            .where(
              and(
                eq(verificationDocuments.id, previous.id),
                eq(verificationDocuments.storageKey, previous.storageKey),
                sql`exists (select 1 from ${profiles} where ${profiles.id} = ${userId} and ${standing})`,
              ),
            )
        : db.insert(verificationDocuments).values({ userId, kind, ...values }),
      db
        .update(profiles)
        .set(input.profileChange)
        .where(and(eq(profiles.id, userId), standing)),
    ]);
    // A change of a verified profile counts only if the profile itself changed with it.
    saved = written.rowsAffected > 0 && (!input.verified || changed.rowsAffected > 0);
  } catch (error) {
    // Another upload of the same kind won the race: its row stands, this file goes.
    if (!isUniqueViolation(error, "verification_documents")) throw error;
  } finally {
    if (!saved) await deletePrivateDocuments(env, [stored.key]);
  }
  if (!saved) return { status: "conflict" };
  if (previous) {
    try {
      await deletePrivateDocuments(env, [previous.storageKey]);
    } catch (error) {
      console.warn(`Could not delete the replaced document ${previous.storageKey}: ${String(error)}`);
    }
  }
  return { status: "saved" };
}

/**
 * Keeps a document of one kind, replacing the previous one of that kind. A new file takes a submitted set out of
 * review (the user submits again), so an admin never reviews documents that changed under them. Verified users
 * have nothing to send.
 */
export async function uploadDocument(
  context: Context,
  userId: string,
  kind: VerificationDocumentKind,
  file: File | string | null,
  now = new Date(),
): Promise<UploadOutcome> {
  const chosen = chosenFile(file);
  if (!chosen) return { status: "refused", problem: "profile:verification.errors.fileRequired" };
  const { profile, previous } = await profileAndDocument(context.db, userId, kind);
  if (!profile || profile.status === "verified") return { status: "verified" };
  return replaceDocument(context, {
    userId,
    kind,
    file: chosen,
    previous,
    verified: false,
    profileChange: { verificationSubmittedAt: null, updatedAt: now },
    now,
  });
}

export type DateOfBirthChangeOutcome =
  | { status: "sent" }
  /** Only a verified identity changes its date here; anyone else edits it on /profile. */
  | { status: "not-verified" }
  | { status: "refused"; field: "dateOfBirth" | "document"; problem: string }
  | { status: "conflict" | "unavailable" };

/**
 * A verified person's new date of birth, sent with the identity document that shows it (decision 031): the document
 * replaces the previous one of its kind, the date is written, and the account goes back under review (pending,
 * submitted now) until an admin approves it, so instant book and the age rule never trust a date nobody checked.
 * One batch, conditional on the profile still being verified.
 */
export async function changeVerifiedDateOfBirth(
  context: Context,
  user: { id: string; accountType: AccountType },
  input: { dateOfBirth: string | undefined; document: File | string | null },
  now = new Date(),
): Promise<DateOfBirthChangeOutcome> {
  const dateOfBirth = input.dateOfBirth?.trim() ?? "";
  const problem = dateOfBirth
    ? dateOfBirthProblem(dateOfBirth, vilniusDay(now))
    : "profile:validation.dateOfBirthFormat";
  if (problem) return { status: "refused", field: "dateOfBirth", problem };
  const file = chosenFile(input.document);
  if (!file) return { status: "refused", field: "document", problem: "profile:verification.errors.fileRequired" };
  const kind = identityDocumentKind(user.accountType);
  const { profile, previous } = await profileAndDocument(context.db, user.id, kind);
  if (!profile || profile.status !== "verified") return { status: "not-verified" };
  if (profile.dateOfBirth === dateOfBirth) {
    return { status: "refused", field: "dateOfBirth", problem: "profile:validation.dateOfBirthSame" };
  }
  const replaced = await replaceDocument(context, {
    userId: user.id,
    kind,
    file,
    previous,
    verified: true,
    profileChange: {
      dateOfBirth,
      verificationStatus: "pending",
      verificationSubmittedAt: now,
      verificationNote: null,
      updatedAt: now,
    },
    now,
  });
  if (replaced.status === "refused") return { status: "refused", field: "document", problem: replaced.problem };
  return replaced.status === "saved" ? { status: "sent" } : replaced;
}

export type SubmitOutcome =
  | { status: "submitted" }
  | { status: "verified" }
  | { status: "under-review" }
  | { status: "missing"; missing: VerificationDocumentKind[] };

/**
 * Sends the documents for review: status pending, submitted now, the old decision's note cleared. One conditional
 * statement checks the set is complete and the user not verified, so a document deleted meanwhile cannot slip by.
 * A rejected user may submit again; a set already awaiting review is not submitted twice.
 */
export async function submitForReview(
  db: Db,
  userId: string,
  accountType: AccountType,
  now = new Date(),
): Promise<SubmitOutcome> {
  const required = [...requiredDocumentKinds(accountType)];
  const result = await db
    .update(profiles)
    .set({ verificationStatus: "pending", verificationSubmittedAt: now, verificationNote: null, updatedAt: now })
    .where(
      and(
        eq(profiles.id, userId),
        eq(profiles.accountType, accountType),
        ne(profiles.verificationStatus, "verified"),
        sql`not (${profiles.verificationStatus} = 'pending' and ${profiles.verificationSubmittedAt} is not null)`,
        sql`(select count(distinct ${verificationDocuments.kind}) from ${verificationDocuments}
          where ${verificationDocuments.userId} = ${userId}
          and ${inArray(verificationDocuments.kind, required)}) = ${required.length}`,
      ),
    );
  if (result.rowsAffected > 0) return { status: "submitted" };
  const state = await getVerification(db, userId);
  if (!state || state.status === "verified") return { status: "verified" };
  if (state.missing.length > 0) return { status: "missing", missing: state.missing };
  return { status: "under-review" };
}

/** A document's row for the download route, which decides who may read it. */
export async function findDocument(db: Db, documentId: string) {
  const [document] = await db
    .select({
      id: verificationDocuments.id,
      userId: verificationDocuments.userId,
      kind: verificationDocuments.kind,
      storageKey: verificationDocuments.storageKey,
      contentType: verificationDocuments.contentType,
      fileName: verificationDocuments.fileName,
    })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.id, documentId))
    .limit(1);
  return document ?? null;
}
