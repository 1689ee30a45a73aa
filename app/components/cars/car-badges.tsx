// The badges of a car (part 1 §2 listing card, part 2 §2 car details): listing type, driver service, verified
// owner, electric, instant book.
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";

export interface BadgedCar {
  listingType: "rental" | "sale" | "both";
  driverAvailable: boolean;
  driverOnly: boolean;
  fuelType: string;
  verified: boolean;
  /** Instant book (decision 023): shown on rental listings only. */
  instantBook: boolean;
}

const tone = {
  primary: "bg-primary text-on-primary",
  neutral: "bg-surface/90 text-fg ring-1 ring-line",
  success: "bg-success-soft text-success",
  info: "bg-info-soft text-fg",
} as const;

export function Badge({ children, variant = "neutral" }: { children: React.ReactNode; variant?: keyof typeof tone }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone[variant]}`}>
      {children}
    </span>
  );
}

export type DriverService = "driver_only" | "both_options" | "self_drive_only";

export function driverService(car: Pick<BadgedCar, "driverAvailable" | "driverOnly">): DriverService {
  if (car.driverOnly) return "driver_only";
  return car.driverAvailable ? "both_options" : "self_drive_only";
}

export function CarBadges({
  car,
  show = ["type", "instant", "driver", "verified", "electric"],
}: {
  car: BadgedCar;
  show?: string[];
}) {
  const { t } = useTranslation("cars");
  return (
    <div className="flex flex-wrap gap-1.5">
      {show.includes("type") ? <Badge variant="primary">{t(`listingType.${car.listingType}`)}</Badge> : null}
      {show.includes("instant") && car.instantBook && car.listingType !== "sale" ? (
        <Badge variant="success">
          <Icon name="bolt" className="-ml-0.5 mr-1 size-3.5" />
          {t("instantBook.badge")}
        </Badge>
      ) : null}
      {show.includes("driver") && car.listingType !== "sale" ? (
        <Badge variant="info">{t(`driver.${driverService(car)}`)}</Badge>
      ) : null}
      {show.includes("verified") && car.verified ? <Badge variant="success">{t("badges.verified")}</Badge> : null}
      {show.includes("electric") && car.fuelType === "electric" ? (
        <Badge variant="success">{t("badges.electric")}</Badge>
      ) : null}
    </div>
  );
}
