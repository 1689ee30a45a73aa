// The notification lines, each a button that marks it read and opens what it is about (POST /notifications): on
// the /notifications page and in the bell's panel.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import { relativeTime, type ShownNotification } from "~/notifications/notification-view";
import { formatDate, formatMoney, formatPrice } from "~/utils/format";

export function NotificationList({ notifications, now }: { notifications: ShownNotification[]; now: number }) {
  const { t, i18n } = useTranslation("notifications");
  return (
    <ul className="mt-5 grid gap-2">
      {notifications.map((n) => {
        const when = relativeTime(n.createdAt, now);
        return (
          <li key={n.id}>
            <Form method="post" action="/notifications">
              <input type="hidden" name="id" value={n.id} />
              <button
                type="submit"
                name="intent"
                value="open"
                className={`flex w-full items-start gap-3 rounded-xl border p-3 text-left hover:bg-subtle ${n.read ? "border-line bg-surface" : "border-primary/40 bg-primary-soft"}`}
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-subtle text-primary">
                  <Icon name={n.icon} className="size-5" />
                </span>
                <span className="min-w-0 grow">
                  <span className={`block break-words ${n.read ? "" : "font-semibold"}`}>
                    {t(
                      n.text,
                      n.amount === null ? n.values : { ...n.values, amount: formatMoney(n.amount, i18n.language) },
                    )}
                  </span>
                  {n.prices ? (
                    <span className="block text-sm">
                      <s className="text-muted">{formatPrice(n.prices.old, i18n.language)}</s>{" "}
                      <span aria-hidden="true">→</span>{" "}
                      <span className="font-semibold text-success">{formatPrice(n.prices.new, i18n.language)}</span>
                    </span>
                  ) : null}
                  <time dateTime={new Date(n.createdAt).toISOString()} className="mt-0.5 block text-xs text-muted">
                    {when.key === "date"
                      ? formatDate(n.createdAt, i18n.language)
                      : t(`time.${when.key}`, { count: when.count })}
                  </time>
                </span>
                {n.read ? null : (
                  <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary">
                    <span className="sr-only">{t("unreadMark")}</span>
                  </span>
                )}
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}
