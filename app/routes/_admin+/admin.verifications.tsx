// /admin/verifications: people and companies waiting for their documents to be checked, oldest first. Each opens
// over the list with the documents and the decision.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useOutlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdminWith } from "~/accounts/guards.server";
import { listVerificationQueue } from "~/admin/verification-review.server";
import { Badge } from "~/components/cars/car-badges";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { getT } from "~/i18n.server";
import { formatDateTime } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["admin", "profile"], breadcrumb: "admin:titles.verifications" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [admin, [queue, t]] = await requireAdminWith(request, context, () =>
    Promise.all([listVerificationQueue(context.db), getT(request, "admin")]),
  );
  // An admin's own submission is decided by another admin (verification-review.server.ts).
  return {
    title: t("titles.verifications"),
    queue: queue.map((person) => ({ ...person, own: person.id === admin.id })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function VerificationQueuePage() {
  const { t, i18n } = useTranslation("admin");
  const { queue } = useLoaderData<typeof loader>();
  const outlet = useOutlet();
  return (
    <>
      <div {...(outlet ? { inert: "" } : {})}>
        <p className="mt-6 max-w-2xl text-sm text-muted">{t("verifications.intro")}</p>
        {queue.length === 0 ? (
          <EmptyState icon="shield" title={t("verifications.empty")} compact className="mt-6" />
        ) : (
          <ul className="mt-6 grid gap-3">
            {queue.map((person) => (
              <li
                key={person.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4 shadow-xs"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {person.name ?? person.email}
                    <Badge>{t(`verifications.accountType.${person.accountType}`)}</Badge>
                  </p>
                  <p className="text-sm text-muted">
                    {person.email} ·{" "}
                    {t("verifications.submitted", { date: formatDateTime(person.submittedAt, i18n.language) })}
                  </p>
                </div>
                {person.own ? (
                  <p className="text-sm text-muted">{t("verifications.own")}</p>
                ) : (
                  <Link
                    to={`/admin/verifications/${person.id}`}
                    preventScrollReset
                    aria-label={t("verifications.reviewNamed", { name: person.name ?? person.email })}
                    className={buttonClass("primary", "sm")}
                  >
                    {t("verifications.review")}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <Outlet />
    </>
  );
}
