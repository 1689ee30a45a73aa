// What the listing dialogs of /admin share: the car they are about, and the way back to the list as it was
// (its filter and page travel in the dialog's query string).
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/cars/car-badges";
import { formatNumber } from "~/utils/format";

export function backToList(request: Request) {
  return `/admin/listings${new URL(request.url).search}`;
}

export function ListingSummary({
  car,
}: {
  car: {
    make: string;
    model: string;
    year: number;
    mileage: number;
    location: string;
    status: string;
    ownerEmail: string;
  };
}) {
  const { t, i18n } = useTranslation("admin");
  return (
    <div className="rounded-xl border border-line bg-surface p-3">
      <p className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        {car.make} {car.model} {car.year} <Badge>{t(`status.${car.status}`)}</Badge>
      </p>
      <p className="text-sm text-muted">
        {formatNumber(car.mileage, i18n.language)} km · {car.location} · {car.ownerEmail}
      </p>
    </div>
  );
}
