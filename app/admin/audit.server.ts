// The audit log: one line per admin action, written in the same batch as the change (so a line exists exactly when
// the change does), read by admins at /admin/audit. Lines are never updated or deleted.
import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import { auditLog, type AUDIT_ACTIONS, type AUDIT_TARGETS } from "#db/schema";
import type { SessionUser } from "~/accounts/session.server";
import type { Db } from "~/db.server";

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditTarget = (typeof AUDIT_TARGETS)[number];
export type Admin = Pick<SessionUser, "id" | "email">;

export interface AuditEntry {
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string;
  details?: Record<string, unknown>;
}

/**
 * The audit line's insert, for a write batch. `onlyIf` makes it conditional on the change having happened (an
 * EXISTS over the row as the change leaves it), so a refused or lost race writes no line.
 */
export function auditInsert(db: Db, admin: Admin, entry: AuditEntry, now: Date, onlyIf?: SQL) {
  const id = crypto.randomUUID();
  const details = entry.details ? JSON.stringify(entry.details) : null;
  const at = now.getTime();
  return db.run(sql`insert into ${auditLog} (id, actor_id, actor_email, action, target_type, target_id, details, created_at)
    select ${id}, ${admin.id}, ${admin.email}, ${entry.action}, ${entry.targetType}, ${entry.targetId}, ${details}, ${at}
    where ${onlyIf ?? sql`1`}`);
}

export const AUDIT_PAGE_SIZE = 50;

export interface AuditCursor {
  at: number;
  id: string;
}

/** Newest first, a page at a time (keyset on created_at and id), optionally one action or one target. */
export async function listAudit(
  db: Db,
  filter: { action?: AuditAction | null; targetId?: string | null; before?: AuditCursor | null },
) {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.before) {
    const at = new Date(filter.before.at);
    conditions.push(
      or(lt(auditLog.createdAt, at), and(eq(auditLog.createdAt, at), lt(auditLog.id, filter.before.id)))!,
    );
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
    id: row.id,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    details: row.details ?? {},
    createdAt: row.createdAt.getTime(),
  }));
  const last = page.at(-1);
  const next = rows.length > AUDIT_PAGE_SIZE && last ? { at: last.createdAt, id: last.id } : null;
  return { entries: page, next };
}
