// The fee breakdown of part 2 §3 / §9 (two decimals, as fee breakdowns are): what the renter pays and why.
import { useTranslation } from "react-i18next";
import type { BookingPrice } from "~/pricing/booking-price";
import { formatMoney } from "~/utils/format";

export function PriceBreakdown({ price, insuranceName }: { price: BookingPrice; insuranceName: string | null }) {
  const { t, i18n } = useTranslation("bookings");
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const rows: [string, number][] = [
    [t("price.rental", { rate: money(price.dailyRate), count: price.totalDays }), price.subtotal],
    [insuranceName ? t("price.insurance", { name: insuranceName }) : t("price.noInsurance"), price.insuranceCost],
    [t("price.platformFee"), price.platformFee],
    [t("price.processorFee"), price.paymentProcessorFee],
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
      <p className="mt-2 text-xs text-muted">{t("price.depositNote")}</p>
    </div>
  );
}
