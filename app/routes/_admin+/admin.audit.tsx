// /admin/audit: every admin action, newest first (who, what, when, and the details that matter), fifty at a time,
// filtered by action as a GET form. Read-only: nothing in the product changes or removes a line.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdminWith } from "~/accounts/guards.server";
import { listAudit, type AuditAction } from "~/admin/audit.server";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyNote } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field-errors";
import { AUDIT_ACTIONS } from "#db/enums";
import { getT } from "~/i18n.server";
import { formatDateTime } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.audit" };

function parseCursor(value: string | null) {
  const match = value?.match(/^(\d{1,15})_([0-9a-f-]{36})$/);
  return match ? { at: Number(match[1]), id: match[2]! } : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("action");
  const action = AUDIT_ACTIONS.find((a) => a === requested) ?? null;
  const target = url.searchParams.get("target")?.slice(0, 64) || null;
  const [, [{ entries, next }, t]] = await requireAdminWith(request, context, () =>
    Promise.all([
      listAudit(context.db, { action, targetId: target, before: parseCursor(url.searchParams.get("before")) }),
      getT(request, "admin"),
    ]),
  );
  const nextParams = new URLSearchParams(url.searchParams);
  if (next) nextParams.set("before", `${next.at}_${next.id}`);
  return {
    title: t("titles.audit"),
    action,
    target,
    entries,
    nextHref: next ? `/admin/audit?${nextParams.toString()}` : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

const TARGET_LINK: Record<string, (id: string) => string | null> = {
  car: (id) => `/car/${id}`,
  user: (id) => `/profile/${id}`,
  insurance_package: () => "/admin/packages",
  contact_message: () => "/admin/contact?show=handled",
  booking: (id) => `/admin/payouts/${id}`,
};

function Details({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation("admin");
  const entries = Object.entries(details);
  if (entries.length === 0) return null;
  return (
    <dl className="mt-1 grid gap-x-3 gap-y-0.5 text-xs text-muted sm:grid-cols-[auto_1fr]">
      {entries.map(([key, value]) => {
        const change = value as { from?: unknown; to?: unknown } | null;
        const text =
          change && typeof change === "object" && "to" in change
            ? t("audit.change", { from: String(change.from ?? "—"), to: String(change.to ?? "—") })
            : String(value);
        return (
          <div key={key} className="contents">
            <dt className="font-semibold">{t(`audit.details.${key}`, { defaultValue: key })}</dt>
            <dd className="break-words">{text}</dd>
          </div>
        );
      })}
    </dl>
  );
}

export default function AuditLogPage() {
  const { t, i18n } = useTranslation("admin");
  const { action, target, entries, nextHref } = useLoaderData<typeof loader>();
  return (
    <div>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-action" className="mb-1.5 block text-sm font-semibold">
            {t("audit.filter")}
          </label>
          <select id="audit-action" name="action" defaultValue={action ?? ""} className={inputClass}>
            <option value="">{t("audit.allActions")}</option>
            {AUDIT_ACTIONS.map((name) => (
              <option key={name} value={name}>
                {t(`audit.actions.${name}`)}
              </option>
            ))}
          </select>
        </div>
        {target ? <input type="hidden" name="target" value={target} /> : null}
        <Button type="submit" variant="secondary">
          {t("audit.apply")}
        </Button>
      </Form>
      {entries.length === 0 ? (
        <EmptyNote className="mt-6">{t("audit.empty")}</EmptyNote>
      ) : (
        <ol className="mt-6 divide-y divide-line rounded-2xl border border-line bg-surface">
          {entries.map((entry) => {
            const href = TARGET_LINK[entry.targetType]?.(entry.targetId) ?? null;
            return (
              <li key={entry.id} className="grid gap-1 p-4 sm:grid-cols-[12rem_1fr]">
                <time dateTime={new Date(entry.createdAt).toISOString()} className="text-sm text-muted">
                  {formatDateTime(entry.createdAt, i18n.language)}
                </time>
                <div className="min-w-0">
                  <p className="text-sm">
                    <span className="font-semibold">{entry.actorEmail}</span>{" "}
                    {t(`audit.actions.${entry.action as AuditAction}`)}
                    {href ? (
                      <>
                        {" · "}
                        <Link to={href} className="text-primary hover:underline">
                          {t(`audit.targets.${entry.targetType}`)}
                        </Link>
                      </>
                    ) : null}
                  </p>
                  <Details details={entry.details} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {nextHref ? (
        <div className="mt-6 flex justify-end">
          <Link to={nextHref} className={buttonClass("secondary", "sm")}>
            {t("audit.older")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
