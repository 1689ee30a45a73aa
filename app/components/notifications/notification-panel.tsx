// The bell's panel (part 1 §2), with JavaScript; without it the bell leads to /notifications. It reads the same
// loader as that page through a fetcher: filters All / Unread / Bookings / Messages, mark all as read, and each
// line opens what it is about (marking it read). Escape and a click on the backdrop close it (a modal <dialog>).
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NotificationList } from "~/components/notifications/notification-list";
import { EmptyNote } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icons";
import {
  NOTIFICATION_FILTERS,
  type NotificationFilter,
  type NotificationsPage,
} from "~/notifications/notification-view";

export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("notifications");
  const ref = useRef<HTMLDialogElement>(null);
  const list = useFetcher<NotificationsPage>();
  const markAll = useFetcher();
  const [filter, setFilter] = useState<NotificationFilter>("all");

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const { load } = list;
  useEffect(() => {
    load(filter === "all" ? "/notifications" : `/notifications?filter=${filter}`);
  }, [filter, load]);
  // After "mark all as read" the fetcher's action revalidates the page; the list is read again too.
  useEffect(() => {
    if (markAll.state === "idle" && markAll.data) load(`/notifications?filter=${filter}`);
  }, [markAll.state, markAll.data, filter, load]);

  const data = list.data;
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby="notification-panel-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) ref.current?.close();
      }}
      className="mt-16 mr-2 ml-auto max-h-[80vh] w-[min(100%-1rem,26rem)] overflow-y-auto rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/30"
    >
      <div className="p-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="notification-panel-title" className="text-lg font-bold">
            {t("title")}
          </h2>
          <div className="flex items-center gap-1">
            {data && data.counts.unread > 0 ? (
              <markAll.Form method="post" action="/notifications">
                <input type="hidden" name="stay" value="1" />
                <button
                  type="submit"
                  name="intent"
                  value="read-all"
                  className="rounded-md px-2 py-1 text-sm font-semibold text-primary hover:bg-subtle"
                >
                  {t("markAllRead")}
                </button>
              </markAll.Form>
            ) : null}
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="rounded-md p-1.5 text-muted hover:bg-subtle hover:text-fg"
              aria-label={t("close")}
            >
              <Icon name="close" className="size-5" />
            </button>
          </div>
        </div>
        <div role="group" aria-label={t("filters.label")} className="mt-3 flex flex-wrap gap-1.5">
          {NOTIFICATION_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className="min-h-8 rounded-full border border-line px-3 text-sm font-semibold hover:bg-subtle aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-on-primary"
            >
              {t(`filters.${value}`)}
              {value === "unread" && data && data.counts.unread > 0 ? ` (${data.counts.unread})` : ""}
            </button>
          ))}
        </div>
        {!data ? (
          <p className="mt-6 text-center text-sm text-muted">…</p>
        ) : data.notifications.length === 0 ? (
          <EmptyNote filled={false} compact className="mt-6 text-sm">
            {t(`empty.${data.filter}`)}
          </EmptyNote>
        ) : (
          <NotificationList notifications={data.notifications} now={data.now} />
        )}
        <a href="/notifications" className="mt-4 block text-center text-sm font-semibold text-primary hover:underline">
          {t("seeAll")}
        </a>
      </div>
    </dialog>
  );
}
