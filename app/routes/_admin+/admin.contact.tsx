// /admin/contact: what visitors sent through /contact, waiting ones oldest first; an admin answers by e-mail (the
// reply link opens their mail program) and marks the message answered, which records who and when.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin, requireAdminWith } from "~/accounts/guards.server";
import { CONTACT_FILTERS, contactFilter } from "~/admin/contact-filters";
import { MarkContactHandledSchema } from "~/admin/contact-inbox-form";
import { listContactMessages, markContactHandled } from "~/admin/contact-inbox.server";
import { Badge } from "~/components/cars/car-badges";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { formatDateTime } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.contact" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const filter = contactFilter(new URL(request.url).searchParams.get("show"));
  const [, [messages, t]] = await requireAdminWith(request, context, () =>
    Promise.all([listContactMessages(context.db, filter), getT(request, "admin")]),
  );
  return { title: t("titles.contact"), filter, messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: MarkContactHandledSchema });
  if (submission.status !== "success" || !(await markContactHandled(context.db, admin, submission.value.id))) {
    return data({ error: "admin:errors.contactGone" }, { status: 409 });
  }
  return redirectWithToast("/admin/contact", { type: "success", title: "admin:toasts.contactHandled" }, context.env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function ContactInboxPage() {
  const { t, i18n } = useTranslation("admin");
  const { filter, messages } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div>
      <nav aria-label={t("contact.filterLabel")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {CONTACT_FILTERS.map((name) => (
            <li key={name}>
              <Link
                to={name === "open" ? "/admin/contact" : `/admin/contact?show=${name}`}
                aria-current={filter === name ? "page" : undefined}
                className={`inline-flex rounded-full border px-3 py-1.5 text-sm font-semibold ${
                  filter === name
                    ? "border-primary bg-primary-soft text-primary"
                    : "border-line bg-surface text-muted hover:text-fg"
                }`}
              >
                {t(`contact.filters.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {messages.length === 0 ? (
        <EmptyState icon="mail" title={t(`contact.empty.${filter}`)} compact className="mt-6" />
      ) : (
        <ul className="mt-6 grid gap-4">
          {messages.map((message) => (
            <li key={message.id}>
              <article
                aria-labelledby={`contact-${message.id}`}
                className="grid gap-3 rounded-2xl border border-line bg-surface p-4 shadow-xs"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 id={`contact-${message.id}`} className="font-semibold break-words">
                      {message.subject}
                    </h2>
                    <p className="text-sm text-muted break-words">
                      {message.name} · {message.email} · {formatDateTime(message.createdAt, i18n.language)}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1.5">
                    <Badge variant="info">{t(`contact.types.${message.type}`)}</Badge>
                    <Badge>{message.language.toUpperCase()}</Badge>
                    {message.signedIn ? <Badge>{t("contact.member")}</Badge> : null}
                  </div>
                </div>
                <p className="whitespace-pre-line break-words text-sm">{message.message}</p>
                <div className="flex flex-wrap items-center gap-2">
                  <a
                    href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                    className={buttonClass("secondary", "sm")}
                  >
                    <Icon name="mail" className="size-4" />
                    {t("contact.reply")}
                  </a>
                  {message.handledAt ? (
                    <span className="text-sm text-muted">
                      {t("contact.handledOn", { date: formatDateTime(message.handledAt, i18n.language) })}
                    </span>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="id" value={message.id} />
                      <Button
                        type="submit"
                        size="sm"
                        disabled={navigation.formData?.get("id") === message.id}
                        aria-label={t("contact.markHandledNamed", { subject: message.subject })}
                      >
                        <Icon name="check" className="size-4" />
                        {t("contact.markHandled")}
                      </Button>
                    </Form>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
