// /admin/payouts/{bookingId} (decision 023): a booking's money page — every movement of its money in time order (the
// payment, the deposit, the refunds, the host's payout and what was taken back from it) and the admin's refund.
// The refund is two steps and works without JavaScript: "Review" posts the amount, the reason and (optionally) the
// host's part, and answers with what would happen, writing nothing; "Confirm" carries those values and writes the
// refund, the reversal and the audit line in one batch (admin/admin-refunds.server.ts).
import { FormProvider, getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { notFound, requireAdminWith } from "~/accounts/guards.server";
import { adminRefundSchema, centsToEuroInput } from "~/admin/payout-form";
import { REFUND_REASON_MAX, type TakeBack } from "~/admin/payout-view";
import { moneyEvents } from "~/admin/payout-admin.server";
import { bookingReference } from "~/bookings/booking-rules";
import { Row } from "~/components/admin/definition-rows";
import { Button, buttonClass } from "~/components/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/form";
import { useForm } from "~/components/ui/use-form";
import { getT } from "~/i18n.server";
import { findMoneyCase, refundAsAdmin, refundBounds, refundPlan } from "~/admin/admin-refunds.server";
import { formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { Movement } from "./__money-movement";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.payouts" };

/** An admin and the booking's money, read beside the session's lookup: one round trip (decision 002). */
async function moneyCase({ request, params, context }: LoaderFunctionArgs) {
  const [admin, found] = await requireAdminWith(request, context, () =>
    findMoneyCase(context.db, params.bookingId ?? ""),
  );
  if (!found) notFound("admin:moneyPage.notFound", "admin:moneyPage.notFoundTitle");
  return { admin, found };
}

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const { found } = await moneyCase(args);
  const t = await getT(request, "admin");
  const { booking } = found;
  const reference = bookingReference(booking.id);
  const bounds = refundBounds(found);
  return {
    title: t("titles.money", { reference }),
    booking: {
      id: booking.id,
      reference,
      car: `${booking.car.make} ${booking.car.model}`,
      status: booking.status,
      startDate: booking.startDate,
      endDate: booking.endDate,
      total: booking.totalAmount,
      hostId: booking.hostId,
      hostName: booking.hostName,
      renterId: booking.renterId,
      renterName: booking.renterName,
    },
    refunded: bounds.refunded,
    payoutAmount: found.payout?.amount ?? null,
    bounds,
    events: moneyEvents(found),
  };
}

const REFUND_TOASTS = {
  succeeded: "admin:moneyPage.toasts.refunded",
  processing: "admin:moneyPage.toasts.refundOnItsWay",
  owed: "admin:moneyPage.toasts.refundOwed",
  held: "admin:moneyPage.toasts.refundHeld",
} as const;

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { admin, found } = await moneyCase(args);
  const bounds = refundBounds(found);
  const submission = parseWithZod(await request.formData(), { schema: adminRefundSchema(bounds) });
  if (!bounds.captured || bounds.adminRefundId) {
    const reason = bounds.adminRefundId ? "admin:moneyPage.errors.duplicate" : "admin:moneyPage.errors.notCaptured";
    return data({ result: submission.reply({ formErrors: [reason] }), review: null }, { status: 409 });
  }
  if (submission.status !== "success") return data({ result: submission.reply(), review: null }, { status: 400 });
  const value = submission.value;
  if (value.intent === "review") {
    const plan = refundPlan(found, value.amount, value.hostPart);
    return {
      result: submission.reply(),
      review: {
        ...plan,
        reason: value.reason,
        fields: {
          amount: centsToEuroInput(plan.amount),
          hostPart: centsToEuroInput(plan.hostPart),
          reason: value.reason,
        },
      },
    };
  }
  const outcome = await refundAsAdmin(context, admin, {
    bookingId: found.booking.id,
    amount: value.amount,
    hostPart: value.hostPart ?? 0,
    reason: value.reason,
    now: new Date(),
    origin: context.env.appUrl ?? new URL(request.url).origin,
  });
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [`admin:moneyPage.errors.${outcome.error}`] }), review: null },
      { status: 409 },
    );
  }
  return redirectWithToast(
    `/admin/payouts/${found.booking.id}`,
    {
      type: outcome.refundSent ? "success" : "warning",
      title: REFUND_TOASTS[outcome.refundState],
    },
    context.env,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function MoneyPage() {
  const { t, i18n } = useTranslation("admin");
  const { title, booking, refunded, payoutAmount, bounds, events } = useLoaderData<typeof loader>();
  const lang = i18n.language;
  return (
    <div className="mt-6 grid gap-8">
      <div>
        <Link to="/admin/payouts" className="text-sm font-semibold text-primary hover:underline">
          ← {t("moneyPage.back")}
        </Link>
        <h2 className="mt-2 text-2xl font-bold">{title}</h2>
        <p className="mt-1 text-muted">
          {booking.car} · {booking.startDate} – {booking.endDate} · {t(`moneyPage.bookingStatus.${booking.status}`)}
        </p>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Row label={t("moneyPage.renter")}>
            <Link to={`/profile/${booking.renterId}`} className="hover:text-primary hover:underline">
              {booking.renterName || t("payouts.unnamed")}
            </Link>
          </Row>
          <Row label={t("payouts.host")}>
            <Link to={`/profile/${booking.hostId}`} className="hover:text-primary hover:underline">
              {booking.hostName || t("payouts.unnamed")}
            </Link>
          </Row>
          <Row label={t("moneyPage.total")}>{formatMoney(booking.total, lang)}</Row>
          <Row label={t("moneyPage.refunded")}>{formatMoney(refunded, lang)}</Row>
          <Row label={t("moneyPage.refundable")}>{formatMoney(bounds.refundable, lang)}</Row>
          <Row label={t("moneyPage.payout")}>
            {payoutAmount === null
              ? t("moneyPage.noPayout")
              : t("moneyPage.payoutLeft", {
                  amount: formatMoney(payoutAmount, lang),
                  left: formatMoney(bounds.reversible, lang),
                })}
          </Row>
        </dl>
      </div>

      <section aria-labelledby="movements-title">
        <h2 id="movements-title" className="text-xl font-bold">
          {t("moneyPage.movements")}
        </h2>
        <ol className="mt-4 grid gap-3" data-testid="money-movements">
          {events.map((event, index) => (
            <li key={index} className="rounded-2xl border border-line bg-surface p-4 shadow-xs">
              <Movement event={event} />
            </li>
          ))}
        </ol>
      </section>

      <RefundSection />
    </div>
  );
}

function RefundSection() {
  const { t, i18n } = useTranslation("admin");
  const { bounds } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const lang = i18n.language;
  const review = actionData?.review ?? null;
  const [form, fields] = useForm<{ amount: string; reason: string; hostPart: string }>({
    id: "admin-refund",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  const hasPayout = bounds.takeBack !== "none";
  return (
    <section aria-labelledby="refund-title" className="grid gap-4 border-t border-line pt-6">
      <h2 id="refund-title" className="text-xl font-bold">
        {t("moneyPage.refundTitle")}
      </h2>
      {bounds.adminRefundId ? (
        <p className="max-w-2xl rounded-xl border border-line bg-subtle p-4 text-sm" data-testid="refund-done">
          {t("moneyPage.oneRefund")}
        </p>
      ) : !bounds.captured ? (
        <p className="max-w-2xl rounded-xl border border-line bg-subtle p-4 text-sm">{t("moneyPage.notCaptured")}</p>
      ) : (
        <>
          <p className="max-w-2xl text-sm text-muted">{t("moneyPage.refundIntro")}</p>
          {hasPayout ? null : (
            <p className="max-w-2xl rounded-xl border border-line bg-subtle p-4 text-sm">{t("moneyPage.notSettled")}</p>
          )}
          {review ? <Review review={review} /> : null}
          <FormProvider context={form.context}>
            <Form method="post" {...getFormProps(form)} className="grid max-w-xl gap-5">
              <FormAlert id={form.errorId} errors={form.errors} />
              <TextField
                meta={fields.amount}
                label={t("moneyPage.amount")}
                hint={t("moneyPage.amountHint", { max: formatMoney(bounds.refundable, lang) })}
                inputProps={{ inputMode: "decimal", autoComplete: "off" }}
              />
              <TextAreaField
                meta={fields.reason}
                label={t("moneyPage.reason")}
                hint={t("moneyPage.reasonHint")}
                rows={3}
                maxLength={REFUND_REASON_MAX}
              />
              {hasPayout ? (
                <TextField
                  meta={fields.hostPart}
                  label={t("moneyPage.hostPart")}
                  hint={t("moneyPage.hostPartHint", { max: formatMoney(bounds.reversible, lang) })}
                  inputProps={{ inputMode: "decimal", autoComplete: "off" }}
                />
              ) : null}
              <Button
                type="submit"
                name="intent"
                value="review"
                variant={review ? "secondary" : "primary"}
                className="justify-self-start"
                disabled={navigation.state !== "idle"}
              >
                {review ? t("moneyPage.reviewAgain") : t("moneyPage.reviewButton")}
              </Button>
            </Form>
          </FormProvider>
        </>
      )}
    </section>
  );
}

interface ReviewData {
  amount: number;
  hostPart: number;
  platform: number;
  takeBack: TakeBack;
  proposed: boolean;
  reason: string;
  fields: { amount: string; hostPart: string; reason: string };
}

function Review({ review }: { review: ReviewData }) {
  const { t, i18n } = useTranslation("admin");
  const navigation = useNavigation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const hostLine =
    review.takeBack === "none"
      ? t("moneyPage.review.noPayout")
      : review.hostPart === 0
        ? t("moneyPage.review.nothingFromHost")
        : t(`moneyPage.review.fromHost_${review.takeBack}`, { amount: money(review.hostPart) });
  return (
    <div
      role="status"
      className="grid max-w-xl gap-3 rounded-2xl border border-primary/40 bg-primary-soft p-4"
      data-testid="refund-review"
    >
      <h3 className="font-bold">{t("moneyPage.review.title")}</h3>
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        <li>{t("moneyPage.review.renter", { amount: money(review.amount) })}</li>
        <li>
          {hostLine}
          {review.proposed && review.takeBack !== "none" ? ` ${t("moneyPage.review.proposed")}` : null}
        </li>
        <li>{t("moneyPage.review.platform", { amount: money(review.platform) })}</li>
      </ul>
      <p className="break-words text-sm">
        <span className="font-semibold">{t("moneyPage.reason")}:</span> {review.reason}
      </p>
      <Form method="post">
        <input type="hidden" name="amount" value={review.fields.amount} />
        <input type="hidden" name="hostPart" value={review.fields.hostPart} />
        <input type="hidden" name="reason" value={review.fields.reason} />
        <button
          type="submit"
          name="intent"
          value="confirm"
          disabled={navigation.state !== "idle"}
          className={buttonClass("primary", "md")}
        >
          {t("moneyPage.confirm", { amount: money(review.amount) })}
        </button>
      </Form>
    </div>
  );
}
