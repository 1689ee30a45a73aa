// The fee breakdown of part 2 §3 / §9 (two decimals, as fee breakdowns are): what the renter pays and why, what comes
// back (the deposit) and what the host receives, before anything is committed.
import { useTranslation } from "react-i18next";
import { feeRates, rentalText } from "~/bookings/booking-text";
import { DepositReturnNote } from "~/components/bookings/deposit-return-note";
import type { BookingPrice } from "~/pricing/booking-price";
import { formatMoney } from "~/utils/format";

export function PriceBreakdown({ price, insuranceName }: { price: BookingPrice; insuranceName: string | null }) {
  const { t, i18n } = useTranslation("bookings");
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const rates = feeRates(i18n.language);
  const rows: [string, number][] = [
    [rentalText(t, price.rental, i18n.language), price.subtotal],
    [insuranceName ? t("price.insurance", { name: insuranceName }) : t("price.noInsurance"), price.insuranceCost],
    [t("price.platformFee", { percent: rates.platform }), price.platformFee],
    [t("price.processorFee", { percent: rates.processor }), price.paymentProcessorFee],
    [t("price.deposit"), price.deposit],
  ];
  return (
    <div>
      <dl className="grid gap-2 text-sm">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium tabular-nums">{money(amount)}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-4 border-t border-line pt-3 text-base font-bold">
          <dt>{t("price.total")}</dt>
          <dd className="tabular-nums">{money(price.total)}</dd>
        </div>
      </dl>
      {price.deposit > 0 ? <DepositReturnNote className="mt-2 text-xs text-muted" /> : null}
      <p className="mt-1 text-xs text-muted">{t("price.hostEarnings", { amount: money(price.hostEarnings) })}</p>
    </div>
  );
}
