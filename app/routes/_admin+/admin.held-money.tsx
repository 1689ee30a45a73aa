// /admin/held-money: every movement of money held for an admin — refunds, payouts and reversals the scheduled job gave
// up on, or that Stripe refused in a way a new attempt would not mend — in one list, oldest first, each with Stripe's
// reason and "Retry now" (admin/held-money.server.ts). Each row opens the booking's money page.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin, requireAdminWith } from "~/accounts/guards.server";
import { listHeldMoney, retryHeld } from "~/admin/held-money.server";
import { retryToast } from "~/admin/payout-admin.server";
import { RetryHeldSchema } from "~/admin/payout-form";
import { bookingReference } from "~/bookings/booking-rules";
import { ErrorRow, Row } from "~/components/admin/definition-rows";
import { RetryForm } from "~/components/admin/retry-form";
import { EmptyNote } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/form";
import { getT } from "~/i18n.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, type ToastInput } from "~/utils/toast.server";

export const handle = { i18n: ["admin", "claims"], breadcrumb: "admin:titles.held" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [, [held, t]] = await requireAdminWith(request, context, () =>
    Promise.all([listHeldMoney(context.db), getT(request, "admin")]),
  );
  return {
    title: t("titles.held"),
    held: held.map((row) => ({
      ...row,
      reference: bookingReference(row.bookingId),
      since: row.since.getTime(),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: RetryHeldSchema });
  if (submission.status !== "success") return data({ error: "admin:held.errors.gone" }, { status: 400 });
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  const { kind, id } = submission.value;
  const outcome = await retryHeld(context, admin, { kind, id, now: new Date(), origin });
  if (outcome.kind === "gone") return data({ error: "admin:held.errors.gone" }, { status: 409 });
  if (outcome.kind !== "refund") return redirectWithToast("/admin/held-money", retryToast(outcome), context.env);
  const reference = bookingReference(outcome.bookingId);
  const toast: ToastInput =
    outcome.status === "failed"
      ? {
          type: "error",
          title: "admin:held.toasts.refundFailed",
          values: { reference, reason: outcome.reason.slice(0, 200) },
        }
      : { type: "success", title: `admin:held.toasts.refund_${outcome.status}`, values: { reference } };
  return redirectWithToast("/admin/held-money", toast, context.env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function AdminHeldMoneyPage() {
  const { t, i18n } = useTranslation("admin");
  const { held } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lang = i18n.language;
  return (
    <section aria-labelledby="held-title" className="mt-6">
      <h2 id="held-title" className="text-xl font-bold">
        {t("titles.held")}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-muted">{t("held.intro")}</p>
      {actionData ? (
        <div className="mt-4">
          <FormAlert errors={[actionData.error]} />
        </div>
      ) : null}
      {held.length === 0 ? (
        <EmptyNote compact className="mt-4">
          {t("held.empty")}
        </EmptyNote>
      ) : (
        <ul className="mt-4 grid gap-3" data-testid="held-money">
          {held.map((row) => (
            <li
              key={`${row.kind}-${row.id}`}
              data-kind={row.kind}
              className="grid gap-3 rounded-2xl border border-danger/40 bg-surface p-4 shadow-xs"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  <Link to={`/admin/payouts/${row.bookingId}`} className="text-primary hover:underline">
                    {t("payouts.booking", { reference: row.reference })}
                  </Link>
                </p>
                <p className="text-sm font-semibold">
                  {t(`held.kind.${row.kind}`)}
                  {row.refundKind ? ` · ${t(`claims:admin.refundKind.${row.refundKind}`)}` : null}
                </p>
              </div>
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
                <Row label={t("payouts.amount")}>{formatMoney(row.amount, lang)}</Row>
                <Row label={t("payouts.attempts")}>{row.attempts}</Row>
                <Row label={t("held.since")}>{formatDateTime(row.since, lang)}</Row>
                <ErrorRow label={t("payouts.error")} error={row.lastError} className="sm:col-span-3" />
              </dl>
              {row.acceptedThenFailed ? (
                <p className="text-sm text-warning">{t("claims:admin.refundFailedAfterAccepted")}</p>
              ) : null}
              <RetryForm
                fields={{ intent: "retry", kind: row.kind, id: row.id }}
                label={t("payouts.retry")}
                ariaLabel={t(`held.retryLabel.${row.kind}`, { reference: row.reference })}
                variant="primary"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
