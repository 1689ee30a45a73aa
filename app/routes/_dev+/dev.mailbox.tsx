// The local stand-in for an inbox: e-mails the app "sent" while no e-mail API key is set. 404 whenever a real
// sender is configured, and always in production.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { desc } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { devMailbox } from "#db/schema";
import { notFound } from "~/accounts/guards.server";
import { isDevMailboxEnabled } from "~/email/sender.server";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { EmptyNote } from "~/components/ui/empty-state";

export const handle = { i18n: ["pages"], breadcrumb: "pages:mailbox.title" };

const LINK_PATTERN = /https?:\/\/[^\s]+/g;

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isDevMailboxEnabled(context.env)) notFound("errors.notFound");
  const t = await getT(request, "pages");
  const messages = await context.db
    .select({
      id: devMailbox.id,
      to: devMailbox.to,
      subject: devMailbox.subject,
      text: devMailbox.text,
      createdAt: devMailbox.createdAt,
    })
    .from(devMailbox)
    .orderBy(desc(devMailbox.createdAt))
    .limit(50);
  return data(
    {
      title: t("mailbox.title"),
      messages: messages.map((m) => ({ ...m, links: m.text.match(LINK_PATTERN) ?? [] })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function MailboxPage() {
  const { t, i18n } = useTranslation("pages");
  const { messages } = useLoaderData<typeof loader>();
  const format = new Intl.DateTimeFormat(i18n.language === "en" ? "en-GB" : "lt-LT", {
    dateStyle: "short",
    timeStyle: "medium",
    timeZone: "Europe/Vilnius",
  });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold">{t("mailbox.title")}</h1>
      <p className="mt-2 text-sm text-muted">{t("mailbox.intro")}</p>
      {messages.length === 0 ? (
        <EmptyNote filled={false} className="mt-8">
          {t("mailbox.empty")}
        </EmptyNote>
      ) : (
        <ol className="mt-6 grid gap-4">
          {messages.map((message) => (
            <li key={message.id} className="rounded-xl border border-line bg-surface p-4" data-testid="mail">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold">{message.subject}</h2>
                <time className="text-xs text-muted" dateTime={new Date(message.createdAt).toISOString()}>
                  {format.format(new Date(message.createdAt))}
                </time>
              </div>
              <p className="mt-1 text-sm text-muted">
                {t("mailbox.to")} <span data-testid="mail-to">{message.to}</span>
              </p>
              <pre className="mt-3 overflow-x-auto rounded-lg bg-subtle p-3 text-sm whitespace-pre-wrap">
                {message.text}
              </pre>
              {message.links.length > 0 ? (
                <ul className="mt-3 grid gap-1">
                  {message.links.map((link) => (
                    <li key={link}>
                      <a href={link} className="text-sm font-semibold break-all text-primary underline">
                        {t("mailbox.open")}: {new URL(link).pathname}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
