// The verification queue: people and companies who sent their documents (/profile/verification) and wait, oldest
// first. An admin opens the documents (/documents/{id}, private) and approves or rejects with a reason. The decision
// names the submission it was made on (verification_submitted_at): if the person replaced a document meanwhile (which
// takes the set out of review) or submitted again, the decision is refused rather than applied to files the admin
// never saw. The profile's status, the person's notification and the audit line are one write batch.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { notifications, profiles } from "#db/schema";
import type { Db } from "~/db.server";
import { displayName } from "~/profiles/display-name";
import { documentsOf, requiredDocuments } from "~/profiles/verification.server";
import { auditInsert, type Admin } from "./audit.server";

const waiting = and(eq(profiles.verificationStatus, "pending"), isNotNull(profiles.verificationSubmittedAt));

export async function countVerificationQueue(db: Db) {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(profiles)
    .where(waiting);
  return Number(row?.count ?? 0);
}

export async function listVerificationQueue(db: Db) {
  const rows = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      accountType: profiles.accountType,
      submittedAt: profiles.verificationSubmittedAt,
    })
    .from(profiles)
    .where(waiting)
    .orderBy(asc(profiles.verificationSubmittedAt))
    .limit(200);
  return rows.map(({ fullName, companyName, ...row }) => ({
    ...row,
    name: displayName({ fullName, companyName, accountType: row.accountType }),
    submittedAt: row.submittedAt?.getTime() ?? 0,
  }));
}

/** The person and the documents of their submission; null when there is no such person. */
export async function findVerificationCase(db: Db, userId: string) {
  const [[profile], documents] = await db.batch([
    db
      .select({
        id: profiles.id,
        email: profiles.email,
        fullName: profiles.fullName,
        companyName: profiles.companyName,
        companyNumber: profiles.companyNumber,
        accountType: profiles.accountType,
        phone: profiles.phone,
        dateOfBirth: profiles.dateOfBirth,
        location: profiles.location,
        status: profiles.verificationStatus,
        note: profiles.verificationNote,
        submittedAt: profiles.verificationSubmittedAt,
        createdAt: profiles.createdAt,
      })
      .from(profiles)
      .where(eq(profiles.id, userId)),
    documentsOf(db, userId),
  ]);
  if (!profile) return null;
  const { fullName, companyName, ...rest } = profile;
  return {
    ...rest,
    fullName,
    companyName,
    name: displayName({ fullName, companyName, accountType: profile.accountType }),
    submittedAt: profile.submittedAt?.getTime() ?? null,
    createdAt: profile.createdAt.getTime(),
    inReview: profile.status === "pending" && profile.submittedAt !== null,
    documents: requiredDocuments(profile.accountType, documents),
  };
}

export type VerificationDecision = { verdict: "approve" } | { verdict: "reject"; reason: string };
export type VerificationOutcome = "done" | "not-found" | "stale" | "own-case";

/** Approve or reject the submission made at `submittedAt` (what the admin looked at). */
export async function decideVerification(
  db: Db,
  admin: Admin,
  userId: string,
  submittedAt: number,
  decision: VerificationDecision,
  now = new Date(),
): Promise<VerificationOutcome> {
  // Nobody verifies themselves: an admin's own documents wait for another admin.
  if (userId === admin.id) return "own-case";
  const approve = decision.verdict === "approve";
  const reason = approve ? null : decision.reason;
  const status = approve ? "verified" : "rejected";
  const took = sql`exists (select 1 from ${profiles} where ${profiles.id} = ${userId}
    and ${profiles.verificationStatus} = ${status} and ${profiles.updatedAt} = ${now.getTime()})`;
  const data = JSON.stringify(reason ? { reason } : {});
  const [updated] = await db.batch([
    db
      .update(profiles)
      .set({ verificationStatus: status, verificationNote: reason, verificationSubmittedAt: null, updatedAt: now })
      .where(
        and(
          eq(profiles.id, userId),
          eq(profiles.verificationStatus, "pending"),
          eq(profiles.verificationSubmittedAt, new Date(submittedAt)),
        ),
      ),
    db.run(sql`insert into ${notifications} (id, user_id, type, data, read, created_at)
      select ${crypto.randomUUID()}, ${userId}, ${approve ? "verification_approved" : "verification_rejected"},
        ${data}, 0, ${now.getTime()} where ${took}`),
    auditInsert(
      db,
      admin,
      {
        action: approve ? "approve_verification" : "reject_verification",
        targetType: "user",
        targetId: userId,
        details: reason ? { reason } : undefined,
      },
      now,
      took,
    ),
  ]);
  if (updated.rowsAffected === 1) return "done";
  const [exists] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  return exists ? "stale" : "not-found";
}
