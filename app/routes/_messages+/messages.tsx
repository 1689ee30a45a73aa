// /messages: the inbox of part 1 §2. The conversation list (with search) beside the open thread
// (/messages/{conversationId}, a child route); on a phone one pane at a time: the list here, the thread there.
// Works without JavaScript: search is a GET form, a conversation is a link, a reply is a POST.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, Outlet, useLoaderData, useParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { requireUser, requireUserWith } from "~/accounts/guards.server";
import { Avatar } from "~/components/shell/header";
import { ButtonLink } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { listConversations, markReadAndListConversations } from "~/messages/messaging.server";
import { formatDateTime } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { useHydrated } from "~/utils/use-hydrated";

export const handle = { i18n: ["messages"], breadcrumb: "messages:title" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const { conversationId } = params;
  // Opening a conversation marks what the reader received in it read (part 1 §4). Done here, in the list's own
  // write batch before it, so the list's unread badges agree with the open thread; only the reader's own received
  // messages match. A write waits for the session's answer (decision 002); the bare inbox is read beside it.
  const [conversations, t] = await Promise.all([
    conversationId
      ? requireUser(request, context).then((user) =>
          markReadAndListConversations(context.db, user.id, conversationId, query),
        )
      : requireUserWith(request, context, (userId) => listConversations(context.db, userId, query)).then(
          ([, list]) => list,
        ),
    getT(request, "messages"),
  ]);
  return {
    title: t("title"),
    query,
    conversations,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function MessagesPage() {
  const { t } = useTranslation("messages");
  const { conversations, query } = useLoaderData<typeof loader>();
  const { conversationId } = useParams();
  const open = Boolean(conversationId);

  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <div className={`flex flex-wrap items-center justify-between gap-3 ${open ? "max-lg:sr-only" : ""}`}>
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <DesktopNotificationsButton />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className={`min-w-0 ${open ? "max-lg:hidden" : ""}`}>
          <Form method="get" role="search" className="flex gap-2">
            <label htmlFor="conversation-search" className="sr-only">
              {t("search.label")}
            </label>
            <input
              id="conversation-search"
              type="search"
              name="q"
              defaultValue={query}
              maxLength={100}
              placeholder={t("search.placeholder")}
              className={inputClass}
            />
            <button
              type="submit"
              className="grid size-11 shrink-0 place-items-center rounded-lg border border-line bg-surface hover:bg-subtle"
            >
              <Icon name="search" className="size-5" title={t("search.submit")} />
            </button>
          </Form>
          {conversations.length === 0 ? (
            query ? (
              <p className="mt-6 text-sm text-muted">{t("search.noResults", { query })}</p>
            ) : (
              <div className="mt-6 rounded-xl border border-line bg-surface p-6 text-center">
                <Icon name="mail" className="mx-auto size-8 text-muted" />
                <h2 className="mt-3 font-bold">{t("empty.title")}</h2>
                <p className="mt-1 text-sm text-muted">{t("empty.text")}</p>
                <ButtonLink to="/cars" className="mt-4">
                  {t("empty.action")}
                </ButtonLink>
              </div>
            )
          ) : (
            <ConversationList conversations={conversations} current={conversationId} query={query} />
          )}
        </div>
        <div className={`min-w-0 ${open ? "" : "max-lg:hidden"}`}>
          <Outlet />
        </div>
      </div>
    </section>
  );
}

/** Part 1 §2: desktop notifications for received messages, asked for with a button (browsers refuse unasked prompts). */
function DesktopNotificationsButton() {
  const { t } = useTranslation("messages");
  const hydrated = useHydrated();
  const [permission, setPermission] = useState<NotificationPermission | "unsupported">("unsupported");
  useEffect(() => {
    setPermission("Notification" in window ? Notification.permission : "unsupported");
  }, []);
  if (!hydrated || permission !== "default") return null;
  return (
    <button
      type="button"
      onClick={() => void Notification.requestPermission().then(setPermission)}
      className="inline-flex items-center gap-2 text-sm font-semibold text-primary hover:underline"
    >
      <Icon name="bell" className="size-4" />
      {t("desktopNotifications")}
    </button>
  );
}

type Conversation = ReturnType<typeof useLoaderData<typeof loader>>["conversations"][number];

function ConversationList({
  conversations,
  current,
  query,
}: {
  conversations: Conversation[];
  current: string | undefined;
  query: string;
}) {
  const { t, i18n } = useTranslation("messages");
  return (
    <ul className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-1.5">
      {conversations.map((c) => {
        const name = c.otherName ?? t("unknownUser");
        const search = query ? `?q=${encodeURIComponent(query)}` : "";
        return (
          <li key={c.id}>
            <Link
              to={`/messages/${c.id}${search}`}
              // No prefetching: opening a conversation marks it read, so only a real visit may load it.
              prefetch="none"
              aria-current={c.id === current ? "page" : undefined}
              className="flex gap-3 rounded-xl border border-line bg-surface p-3 hover:bg-subtle aria-[current=page]:border-primary aria-[current=page]:bg-primary-soft"
            >
              <Avatar user={{ fullName: name, email: "?", avatarKey: c.otherAvatarKey }} size="size-10 shrink-0" />
              <span className="min-w-0 grow">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate ${c.unread > 0 ? "font-bold" : "font-semibold"}`}>{name}</span>
                  <time dateTime={new Date(c.lastMessageAt).toISOString()} className="shrink-0 text-xs text-muted">
                    {formatDateTime(c.lastMessageAt, i18n.language)}
                  </time>
                </span>
                {c.carName ? <span className="block truncate text-xs text-muted">{c.carName}</span> : null}
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-muted">
                    {c.lastFromMe ? t("you", { text: c.lastPreview }) : c.lastPreview}
                  </span>
                  {c.unread > 0 ? (
                    <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-on-primary">
                      <span aria-hidden="true">{c.unread}</span>
                      <span className="sr-only">{t("unread", { count: c.unread })}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
