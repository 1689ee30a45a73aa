// A person's notifications (part 1 §3, §4, §7): the newest 50 for a filter, the counts the filters show, and the
// read marks — always of the reader's own rows only.
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { notifications } from "#db/schema";
import { NOTIFICATION_TYPES } from "#db/enums";
import type { Db } from "~/db.server";
import { NOTIFICATIONS_SHOWN, isTripNotification, type NotificationFilter } from "~/notifications/notification-view";

/** The "Bookings" filter: a booking's answers and its trip (check-in, check-out, deposit, claim). */
// A host's payouts are about their bookings, so they are under "Bookings" too.
const BOOKING_TYPES = NOTIFICATION_TYPES.filter(
  (type) => type.startsWith("booking_") || isTripNotification(type) || type.startsWith("payout_"),
);

function filterCondition(filter: NotificationFilter) {
  if (filter === "unread") return eq(notifications.read, false);
  if (filter === "bookings") return inArray(notifications.type, BOOKING_TYPES);
  if (filter === "messages") return eq(notifications.type, "new_message");
  return undefined;
}

/** The newest first (`limit` of them: the page's 50, the dashboard's 5), of one filter. */
export function listNotifications(
  db: Db,
  /** Their id, or SQL that yields it (the session's subquery: requireUserWith). */
  userId: string | SQL,
  filter: NotificationFilter,
  limit: number = NOTIFICATIONS_SHOWN,
) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      data: notifications.data,
      read: notifications.read,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), filterCondition(filter)))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

/** How many unread there are in all and in each group (the filters' badges). */
export async function notificationCounts(db: Db, userId: string | SQL) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)`,
      unread: sql<number>`coalesce(sum(case when ${notifications.read} = 0 then 1 else 0 end), 0)`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { all: Number(row?.all ?? 0), unread: Number(row?.unread ?? 0) };
}

/** Marks one of the reader's notifications read; null when it is not theirs (or does not exist). */
export async function markNotificationRead(db: Db, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id, type: notifications.type, data: notifications.data });
  return row ?? null;
}

export async function markAllNotificationsRead(db: Db, userId: string) {
  const result = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return result.rowsAffected;
}
