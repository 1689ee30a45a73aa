import { and, count, eq } from "drizzle-orm";
import { notifications } from "#db/schema";
import type { Db } from "~/db.server";

/** The bell's badge: unread notifications of one user (served by the partial unread index). */
export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}
