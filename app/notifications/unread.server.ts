import { and, count, eq, type SQL } from "drizzle-orm";
import { notifications } from "#db/schema";
import type { Db } from "~/db.server";

/**
 * The bell's badge: unread notifications of one user (served by the partial unread index); their id, or SQL that
 * yields it (a session's subquery: app/root.tsx).
 */
export async function countUnreadNotifications(db: Db, userId: string | SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}
