// /notifications: the bell's panel as a page (part 1 §2), what the bell leads to without JavaScript: the filters
// All / Unread / Bookings / Messages (a GET parameter), mark all as read, and each line a button that marks it read
// and opens what it is about. The newest 50; relative times as the spec words them.
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { notFound, requireUser, requireUserWith } from "~/accounts/guards.server";
import { NotificationList } from "~/components/notifications/notification-list";
import { Button } from "~/components/ui/button";
import { EmptyNote } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { NotificationActionSchema } from "~/notifications/notification-form";
import { NOTIFICATION_FILTERS, describeNotification, readFilter } from "~/notifications/notification-view";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationCounts,
} from "~/notifications/notification-inbox.server";
import { pageMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/redirect";

export const handle = { i18n: ["notifications"], breadcrumb: "notifications:title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const filter = readFilter(new URL(request.url).searchParams.get("filter"));
  const [, [rows, counts]] = await requireUserWith(request, context, (userId) =>
    Promise.all([listNotifications(context.db, userId, filter), notificationCounts(context.db, userId)]),
  );
  const t = await getT(request, "notifications");
  return {
    title: t("title"),
    filter,
    counts,
    // The server's clock, so the page and its hydration agree on "2h ago".
    now: Date.now(),
    notifications: rows.map((row) => ({
      id: row.id,
      read: row.read,
      createdAt: row.createdAt.getTime(),
      ...describeNotification(row),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: NotificationActionSchema });
  if (submission.status !== "success") return data({ error: "errors.badRequest" }, { status: 400 });
  const input = submission.value;
  if (input.intent === "open") {
    const row = await markNotificationRead(context.db, user.id, input.id ?? "");
    if (!row) notFound("errors.notFound");
    return redirect(describeNotification(row).href, 303);
  }
  await markAllNotificationsRead(context.db, user.id);
  // The bell's panel stays where it is (its fetcher reloads); the page goes back to its list.
  if (input.stay === "1") return { ok: true };
  return redirect(safeRedirectPath(input.redirectTo ?? "/notifications"), 303);
}

export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const { filter, counts, notifications, now } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        {counts.unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="redirectTo" value={`/notifications?filter=${filter}`} />
            <Button type="submit" name="intent" value="read-all" variant="secondary" size="sm">
              <Icon name="check" className="size-4" />
              {t("markAllRead")}
            </Button>
          </Form>
        ) : null}
      </div>
      <nav aria-label={t("filters.label")} className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {NOTIFICATION_FILTERS.map((value) => (
            <li key={value}>
              <Link
                to={value === "all" ? "/notifications" : `/notifications?filter=${value}`}
                aria-current={filter === value ? "page" : undefined}
                className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-line px-4 text-sm font-semibold hover:bg-subtle aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-on-primary"
              >
                {t(`filters.${value}`)}
                {value === "unread" && counts.unread > 0 ? <span>({counts.unread})</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {notifications.length === 0 ? (
        <EmptyNote filled={false} className="mt-8">
          {t(`empty.${filter}`)}
        </EmptyNote>
      ) : (
        <NotificationList notifications={notifications} now={now} />
      )}
    </section>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
