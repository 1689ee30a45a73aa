// /admin/payouts (decision 023): every host payout by state, with a count per state. Without `?status` it shows all of
// them, the failed ones first (they are what an admin comes for), so the address means the same view whoever opens
// it; `?status=failed` etc. shows one state. A failed payout shows Stripe's reason and its next attempt, with "Retry
// now", which sends it at once and says how it went; a paid one its date and Stripe's transfer id. Each row opens
// the booking's money page. Below: the reversals (a host's part of a refund taken back) that failed.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin, requireAdminWith } from "~/accounts/guards.server";
import { RetryPayoutSchema } from "~/admin/payout-form";
import { PAYOUT_FILTERS, readPayoutFilter, type PayoutFilter } from "~/admin/payout-view";
import { listFailedReversals, listPayouts, payoutCounts, retryPayout, retryToast } from "~/admin/payout-admin.server";
import { bookingReference } from "~/bookings/booking-rules";
import { ErrorRow, Row } from "~/components/admin/definition-rows";
import { RetryForm } from "~/components/admin/retry-form";
import { StatusTabs } from "~/components/admin/status-tabs";
import { EmptyNote } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { companyOf } from "~/profiles/display-name";
import { formatDateTime, formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.payouts" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const status = readPayoutFilter(new URL(request.url).searchParams.get("status"));
  const [, [rows, counts, reversals, t]] = await requireAdminWith(request, context, () =>
    Promise.all([
      listPayouts(context.db, status),
      payoutCounts(context.db),
      listFailedReversals(context.db),
      getT(request, "admin"),
    ]),
  );
  return {
    title: t("titles.payouts"),
    status,
    counts,
    payouts: rows.map((row) => ({
      id: row.id,
      bookingId: row.bookingId,
      reference: bookingReference(row.bookingId),
      hostId: row.hostId,
      hostName: row.hostName,
      company: companyOf({
        accountType: row.hostAccountType,
        companyName: row.hostCompanyName,
        companyNumber: row.hostCompanyNumber,
      }),
      amount: row.amount,
      sentAmount: row.sentAmount,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      nextAttemptAt: row.nextAttemptAt?.getTime() ?? null,
      transferId: row.stripeTransferId,
      paidAt: row.paidAt?.getTime() ?? null,
    })),
    reversals: reversals.map((row) => ({
      id: row.id,
      payoutId: row.payoutId,
      bookingId: row.bookingId,
      reference: bookingReference(row.bookingId),
      amount: row.amount,
      attempts: row.attempts,
      lastError: row.lastError,
      nextAttemptAt: row.nextAttemptAt?.getTime() ?? null,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: RetryPayoutSchema });
  if (submission.status !== "success") return data({ error: "admin:payouts.errors.retryGone" }, { status: 400 });
  const url = new URL(request.url);
  const origin = context.env.appUrl ?? url.origin;
  const outcome = await retryPayout(context, admin, { payoutId: submission.value.payoutId, now: new Date(), origin });
  if (outcome.kind === "gone") return data({ error: "admin:payouts.errors.retryGone" }, { status: 409 });
  return redirectWithToast(`/admin/payouts${url.search}`, retryToast(outcome), context.env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

const STATE_TONE: Record<string, string> = {
  failed: "border-danger/40",
  paid: "border-line",
  sending: "border-primary/40",
  scheduled: "border-line",
  waiting_for_account: "border-line",
};

const filterHref = (name: PayoutFilter) => (name === "all" ? "/admin/payouts" : `/admin/payouts?status=${name}`);

export default function AdminPayoutsPage() {
  const { t, i18n } = useTranslation("admin");
  const { status, counts, payouts, reversals } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lang = i18n.language;
  return (
    <div className="mt-6 grid gap-8">
      <section aria-labelledby="payouts-title">
        <h2 id="payouts-title" className="text-xl font-bold">
          {t("titles.payouts")}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">{t("payouts.intro")}</p>
        <StatusTabs
          label={t("payouts.filterLabel")}
          names={PAYOUT_FILTERS}
          current={status}
          counts={counts}
          href={filterHref}
          text={(name) => t(`payouts.filters.${name}`)}
          className="mt-4"
        />
        {actionData ? (
          <div className="mt-4">
            <FormAlert errors={[actionData.error]} />
          </div>
        ) : null}
        {payouts.length === 0 ? (
          <EmptyNote compact className="mt-4">
            {t(`payouts.empty.${status}`)}
          </EmptyNote>
        ) : (
          <ul className="mt-4 grid gap-3" data-testid="admin-payouts" aria-label={t(`payouts.filters.${status}`)}>
            {payouts.map((payout) => (
              <li
                key={payout.id}
                data-booking={payout.bookingId}
                className={`grid gap-3 rounded-2xl border bg-surface p-4 shadow-xs ${STATE_TONE[payout.status] ?? ""}`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold">
                    <Link to={`/admin/payouts/${payout.bookingId}`} className="text-primary hover:underline">
                      {t("payouts.booking", { reference: payout.reference })}
                    </Link>
                  </p>
                  <p className="text-sm font-semibold">{t(`payouts.status.${payout.status}`)}</p>
                </div>
                <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
                  <Row label={t("payouts.host")}>
                    <Link to={`/profile/${payout.hostId}`} className="hover:text-primary hover:underline">
                      {payout.hostName || t("payouts.unnamed")}
                    </Link>
                  </Row>
                  {payout.company ? (
                    <>
                      <Row label={t("payouts.company")}>{payout.company.name}</Row>
                      <Row label={t("payouts.companyNumber")}>{payout.company.code || "—"}</Row>
                    </>
                  ) : null}
                  <Row label={t("payouts.amount")}>
                    {formatMoney(payout.amount, lang)}
                    {payout.sentAmount !== null && payout.sentAmount !== payout.amount
                      ? ` (${t("payouts.sent", { amount: formatMoney(payout.sentAmount, lang) })})`
                      : null}
                  </Row>
                  <Row label={t("payouts.attempts")}>{payout.attempts}</Row>
                  {payout.status === "failed" ? (
                    <Row label={t("payouts.next")}>
                      {payout.nextAttemptAt ? formatDateTime(payout.nextAttemptAt, lang) : t("payouts.noNext")}
                    </Row>
                  ) : null}
                  {payout.status === "paid" ? (
                    <>
                      <Row label={t("payouts.paidAt")}>{payout.paidAt ? formatDateTime(payout.paidAt, lang) : "—"}</Row>
                      <div className="min-w-0">
                        <dt className="text-muted">{t("payouts.transfer")}</dt>
                        <dd className="break-all font-mono text-xs">{payout.transferId ?? t("payouts.noTransfer")}</dd>
                      </div>
                    </>
                  ) : null}
                  {payout.status === "failed" ? (
                    <ErrorRow
                      label={t("payouts.error")}
                      error={payout.lastError}
                      className="sm:col-span-2 lg:col-span-4"
                    />
                  ) : null}
                </dl>
                {payout.status === "failed" ? (
                  <RetryForm
                    fields={{ intent: "retry", payoutId: payout.id }}
                    label={t("payouts.retry")}
                    ariaLabel={t("payouts.retryLabel", { reference: payout.reference })}
                    variant="primary"
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="reversals-title">
        <h2 id="reversals-title" className="text-xl font-bold">
          {t("payouts.reversals")}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">{t("payouts.reversalsIntro")}</p>
        {reversals.length === 0 ? (
          <p className="mt-4 flex items-center gap-2 text-sm text-muted">
            <Icon name="check" className="size-4" />
            {t("payouts.reversalsEmpty")}
          </p>
        ) : (
          <ul className="mt-4 grid gap-3" data-testid="failed-reversals">
            {reversals.map((reversal) => (
              <li key={reversal.id} className="grid gap-3 rounded-2xl border border-danger/40 bg-surface p-4">
                <p className="font-semibold">
                  <Link to={`/admin/payouts/${reversal.bookingId}`} className="text-primary hover:underline">
                    {t("payouts.booking", { reference: reversal.reference })}
                  </Link>
                </p>
                <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
                  <Row label={t("payouts.amount")}>{formatMoney(reversal.amount, lang)}</Row>
                  <Row label={t("payouts.attempts")}>{reversal.attempts}</Row>
                  <Row label={t("payouts.next")}>
                    {reversal.nextAttemptAt ? formatDateTime(reversal.nextAttemptAt, lang) : t("payouts.noNext")}
                  </Row>
                  <ErrorRow label={t("payouts.error")} error={reversal.lastError} className="sm:col-span-3" />
                </dl>
                <RetryForm
                  fields={{ intent: "retry", payoutId: reversal.payoutId }}
                  label={t("payouts.retry")}
                  ariaLabel={t("payouts.retryReversalLabel", { reference: reversal.reference })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
