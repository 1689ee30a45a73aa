// /admin/claims (decision 022): the damage claims, disputed ones first with how long they have waited for a decision,
// then the others by status; each opens over the list (admin.claims.$claimId.tsx) with the photos side by side and
// the decision. Below, the refunds that failed (Stripe refused or was out of reach), with "Retry now".
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useActionData, useLoaderData, useOutlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin, requireAdminWith } from "~/accounts/guards.server";
import { listClaims, listFailedRefunds, retryRefund } from "~/admin/claims.server";
import { bookingReference } from "~/bookings/booking-rules";
import { RetryRefundSchema } from "~/claims/claim-form";
import { HOUR_MS } from "~/bookings/trip-rules";
import { ErrorRow, Row } from "~/components/admin/definition-rows";
import { RetryForm } from "~/components/admin/retry-form";
import { buttonClass } from "~/components/ui/button";
import { EmptyNote } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin", "claims"], breadcrumb: "claims:titles.admin" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [, [claims, failed, t]] = await requireAdminWith(request, context, () =>
    Promise.all([listClaims(context.db), listFailedRefunds(context.db), getT(request, "claims")]),
  );
  const now = Date.now();
  return {
    title: t("titles.admin"),
    claims: claims.map((claim) => ({
      id: claim.id,
      reference: bookingReference(claim.bookingId),
      status: claim.status,
      amount: claim.amount,
      deposit: claim.deposit,
      car: `${claim.car.make} ${claim.car.model}`,
      createdAt: claim.createdAt.getTime(),
      disputedAt: claim.status === "disputed" ? (claim.respondedAt?.getTime() ?? null) : null,
      waitingHours:
        claim.status === "disputed" && claim.respondedAt
          ? Math.floor((now - claim.respondedAt.getTime()) / HOUR_MS)
          : null,
    })),
    refunds: failed.map((refund) => ({
      id: refund.id,
      reference: bookingReference(refund.bookingId),
      kind: refund.kind,
      amount: refund.amount,
      attempts: refund.attempts,
      lastError: refund.lastError,
      nextAttemptAt: refund.nextAttemptAt?.getTime() ?? null,
      // Stripe accepted it and could not make it (a closed card): it waits for an admin, who may ask the renter first.
      failedAfterAccepted: refund.reissues > 0 && refund.nextAttemptAt === null,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: RetryRefundSchema });
  if (submission.status !== "success") return data({ error: "errors.badRequest" }, { status: 400 });
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  const retried = await retryRefund(context, admin, { refundId: submission.value.refundId, now: new Date(), origin });
  if (!retried) return data({ error: "claims:errors.retryGone" }, { status: 409 });
  return redirectWithToast("/admin/claims", { type: "success", title: "claims:toasts.retried" }, context.env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function AdminClaimsPage() {
  const { t, i18n } = useTranslation("claims");
  const { claims, refunds } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const outlet = useOutlet();
  const lang = i18n.language;
  return (
    <>
      <div {...(outlet ? { inert: "" } : {})} className="grid gap-8">
        <section aria-labelledby="claims-title" className="mt-6">
          <h2 id="claims-title" className="text-xl font-bold">
            {t("titles.admin")}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted">{t("admin.intro")}</p>
          {claims.length === 0 ? (
            <EmptyNote compact className="mt-4">
              {t("admin.empty")}
            </EmptyNote>
          ) : (
            <ul className="mt-4 grid gap-3" data-testid="admin-claims">
              {claims.map((claim) => (
                <li
                  key={claim.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4 shadow-xs"
                >
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {claim.car} · #{claim.reference}
                    </p>
                    <p className="text-sm">
                      <span className="font-semibold">{t(`status.${claim.status}`)}</span> ·{" "}
                      {t("admin.claimed", {
                        amount: formatMoney(claim.amount, lang),
                        deposit: formatMoney(claim.deposit, lang),
                      })}
                    </p>
                    {claim.disputedAt !== null ? (
                      <p className="text-sm text-muted">
                        {t("admin.waiting", {
                          date: formatDateTime(claim.disputedAt, lang),
                          hours: claim.waitingHours ?? 0,
                        })}
                      </p>
                    ) : null}
                  </div>
                  <Link
                    to={`/admin/claims/${claim.id}`}
                    preventScrollReset
                    aria-label={`${t("admin.open")}: ${claim.car} #${claim.reference}`}
                    className={buttonClass(claim.status === "disputed" ? "primary" : "secondary", "sm")}
                  >
                    {t("admin.open")}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="refunds-title">
          <h2 id="refunds-title" className="text-xl font-bold">
            {t("admin.refunds")}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted">{t("admin.refundsIntro")}</p>
          {actionData ? (
            <div className="mt-3">
              <FormAlert errors={[actionData.error]} />
            </div>
          ) : null}
          {refunds.length === 0 ? (
            <p className="mt-4 flex items-center gap-2 text-sm text-muted">
              <Icon name="check" className="size-4" />
              {t("admin.refundsEmpty")}
            </p>
          ) : (
            <ul className="mt-4 grid gap-3" data-testid="failed-refunds">
              {refunds.map((refund) => (
                <li key={refund.id} className="grid gap-2 rounded-2xl border border-danger/40 bg-surface p-4">
                  <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                    <Row label={t("admin.refundBooking")}>
                      #{refund.reference} · {t(`admin.refundKind.${refund.kind}`)}
                    </Row>
                    <Row label={t("admin.refundAmount")}>{formatMoney(refund.amount, lang)}</Row>
                    <Row label={t("admin.refundAttempts")}>{refund.attempts}</Row>
                    <Row label={t("admin.refundNext")}>
                      {refund.nextAttemptAt ? formatDateTime(refund.nextAttemptAt, lang) : "—"}
                    </Row>
                    <ErrorRow label={t("admin.refundError")} error={refund.lastError} className="sm:col-span-2" />
                  </dl>
                  {refund.failedAfterAccepted ? (
                    <p className="text-sm text-warning">{t("admin.refundFailedAfterAccepted")}</p>
                  ) : null}
                  <RetryForm
                    fields={{ refundId: refund.id }}
                    label={t("admin.retry")}
                    ariaLabel={t("admin.retryLabel", { reference: refund.reference })}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <Outlet />
    </>
  );
}
