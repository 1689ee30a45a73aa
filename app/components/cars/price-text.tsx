import { useTranslation } from "react-i18next";
import { formatPrice } from "~/utils/format";

export interface PricedCar {
  listingType: "rental" | "sale" | "both";
  dailyPrice: number | null;
  salePrice: number | null;
}

/** The price line by listing type: per day for rentals, the sale price for sales, both for "rent or sale". */
export function PriceText({ car, className = "" }: { car: PricedCar; className?: string }) {
  const { t, i18n } = useTranslation("cars");
  const perDay =
    car.listingType !== "sale" && car.dailyPrice
      ? t("price.perDay", { price: formatPrice(car.dailyPrice, i18n.language) })
      : null;
  const sale =
    car.listingType !== "rental"
      ? car.salePrice
        ? formatPrice(car.salePrice, i18n.language)
        : t("price.onRequest")
      : null;
  return (
    <p className={className}>
      {perDay ? <span className="whitespace-nowrap">{perDay}</span> : null}
      {perDay && sale ? <span className="px-1.5 text-muted">·</span> : null}
      {sale ? <span className="whitespace-nowrap">{sale}</span> : null}
    </p>
  );
}
