// What visitors sent through /contact, for admins: waiting ones first-come first-served, answered ones newest first.
// Marking one answered records who and when, with an audit line, in one batch.
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { contactMessages } from "#db/schema";
import type { Db } from "~/db.server";
import { auditInsert, type Admin } from "./audit.server";
import type { ContactFilter } from "./contact-filters";

export const CONTACT_PAGE_SIZE = 50;

export async function countOpenContactMessages(db: Db) {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(contactMessages)
    .where(isNull(contactMessages.handledAt));
  return Number(row?.count ?? 0);
}

export async function listContactMessages(db: Db, filter: ContactFilter) {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(filter === "open" ? isNull(contactMessages.handledAt) : isNotNull(contactMessages.handledAt))
    .orderBy(filter === "open" ? asc(contactMessages.createdAt) : desc(contactMessages.handledAt))
    .limit(CONTACT_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    type: row.type,
    language: row.language,
    signedIn: row.userId !== null,
    createdAt: row.createdAt.getTime(),
    handledAt: row.handledAt?.getTime() ?? null,
  }));
}

/** false when there is no such message or it was already marked (by this admin or another). */
export async function markContactHandled(db: Db, admin: Admin, id: string, now = new Date()) {
  const took = sql`exists (select 1 from ${contactMessages} where ${contactMessages.id} = ${id}
    and ${contactMessages.handledAt} = ${now.getTime()} and ${contactMessages.handledBy} = ${admin.id})`;
  const [updated] = await db.batch([
    db
      .update(contactMessages)
      .set({ handledAt: now, handledBy: admin.id })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt))),
    auditInsert(db, admin, { action: "handle_contact", targetType: "contact_message", targetId: id }, now, took),
  ]);
  return updated.rowsAffected === 1;
}
