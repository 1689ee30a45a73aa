// One movement of a booking's money on its admin money page (admin.payouts_.$bookingId.tsx): a payment (each charge,
// with its line items and who receives each), the deposit held and settled, a refund or a payout to the host (each
// with the charge, and the line item, it moves: decision 035) or a reversal, with its time and its details.
import { useTranslation } from "react-i18next";
import type { MoneyEvent, MovedCharge } from "~/admin/payout-admin.server";
import { formatDateTime, formatMoney } from "~/utils/format";

export function Movement({ event }: { event: MoneyEvent }) {
  const { t, i18n } = useTranslation("admin");
  const lang = i18n.language;
  const money = (cents: number) => formatMoney(cents, lang);
  const when = event.at === null ? t("moneyPage.undated") : formatDateTime(event.at, lang);
  const moved = (e: MovedCharge): [string, string | null][] => [
    [t("moneyPage.ofCharge"), e.chargePurpose ? t(`moneyPage.purpose.${e.chargePurpose}`) : null],
    [t("moneyPage.ofLineItem"), e.lineItem ? t(`moneyPage.lineItem.${e.lineItem}`) : null],
  ];
  const heading = (text: string) => (
    <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <span className="font-semibold">{text}</span>
      <span className="text-sm text-muted">{when}</span>
    </p>
  );
  switch (event.kind) {
    case "payment": {
      const status = t(`moneyPage.paymentStatus.${event.status}`);
      return (
        <>
          {heading(
            event.purpose === "rental"
              ? t("moneyPage.event.payment", { amount: money(event.amount), status })
              : t("moneyPage.event.charge", {
                  purpose: t(`moneyPage.purpose.${event.purpose}`),
                  amount: money(event.amount),
                  status,
                }),
          )}
          <Details
            items={event.items.map((item) => [
              t(`moneyPage.lineItem.${item.code}`),
              t("moneyPage.lineItemValue", {
                amount:
                  item.quantity === 1
                    ? money(item.amount)
                    : `${item.quantity} × ${money(item.unitAmount)} = ${money(item.amount)}`,
                receiver: t(`moneyPage.receiver.${item.receiver}`),
              }),
            ])}
          />
        </>
      );
    }
    case "depositHeld":
      return heading(t("moneyPage.event.depositHeld", { amount: money(event.amount) }));
    case "depositSettled":
      return heading(
        t(`moneyPage.event.deposit_${event.status}`, { kept: money(event.kept), returned: money(event.returned) }),
      );
    case "refund":
      return (
        <>
          {heading(
            t("moneyPage.event.refund", {
              kind: t(`moneyPage.refundKind.${event.refundKind}`),
              amount: money(event.amount),
              status: t(`moneyPage.refundStatus.${event.status}`),
            }),
          )}
          <Details
            items={[
              ...moved(event),
              [t("moneyPage.reason"), event.reason],
              [t("payouts.attempts"), String(event.attempts)],
              [t("moneyPage.stripeRefund"), event.stripeId, true],
              [t("moneyPage.doneAt"), event.doneAt ? formatDateTime(event.doneAt, lang) : null],
              [t("payouts.error"), event.error, true],
            ]}
          />
        </>
      );
    case "payout":
      return (
        <>
          {heading(
            t("moneyPage.event.payout", {
              amount: money(event.amount),
              status: t(`payouts.status.${event.status}`),
            }),
          )}
          <Details
            items={[
              ...moved(event),
              [
                t("moneyPage.sentAmount"),
                event.sentAmount !== null && event.sentAmount !== event.amount ? money(event.sentAmount) : null,
              ],
              [t("payouts.attempts"), String(event.attempts)],
              [t("payouts.transfer"), event.transferId, true],
              [t("payouts.paidAt"), event.paidAt ? formatDateTime(event.paidAt, lang) : null],
              [t("payouts.error"), event.status === "failed" ? event.error : null, true],
              [
                t("payouts.next"),
                event.status === "failed" && event.nextAttemptAt ? formatDateTime(event.nextAttemptAt, lang) : null,
              ],
            ]}
          />
        </>
      );
    case "reversal":
      return (
        <>
          {heading(
            t("moneyPage.event.reversal", {
              amount: money(event.amount),
              status: t(`moneyPage.reversalStatus.${event.status}`),
            }),
          )}
          <Details
            items={[
              [t("payouts.attempts"), String(event.attempts)],
              [t("moneyPage.stripeReversal"), event.stripeId, true],
              [t("moneyPage.doneAt"), event.doneAt ? formatDateTime(event.doneAt, lang) : null],
              [t("payouts.error"), event.error, true],
            ]}
          />
          {event.forFailedRefund ? (
            <p className="mt-1 text-sm text-warning">{t("moneyPage.reversalForFailedRefund")}</p>
          ) : null}
        </>
      );
  }
}

/** Label–value pairs, the empty ones left out; `true` for machine text (ids, Stripe's messages). */
function Details({ items }: { items: [string, string | null, boolean?][] }) {
  const shown = items.filter(([, value]) => value);
  if (shown.length === 0) return null;
  return (
    <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {shown.map(([label, value, machine]) => (
        <div key={label} className="min-w-0">
          <dt className="text-muted">{label}</dt>
          <dd className={machine ? "break-all font-mono text-xs" : "break-words"}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
