// The car page's parts that the browser never changes: the price headline, the owner's card and the statistics beside
// the gallery, and the sections below the first screen (the driver service, specifications, features, description,
// rental terms, the availability calendar, pick-up points and the owner's reviews). Nothing in them changes, so
// the page keeps the server's HTML of them when it hydrates (ServerHtml) and this module is not on the first load; it
// is fetched only when the browser must draw them itself: the page reached by a client navigation, or another month
// or language (decision 025).
import { Link, type useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { CarDetails } from "~/cars/car-details.server";
import type { groupFeatures } from "~/cars/feature-catalogue";
import { PriceText } from "~/components/cars/price-text";
import { Avatar } from "~/components/shell/header";
import { AvailabilityCalendar } from "~/components/bookings/availability-calendar";
import { CancellationPolicyText } from "~/components/bookings/cancellation-policy";
import { ReviewList } from "~/components/reviews/review-list";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { REVIEWS_SHOWN } from "~/reviews/review-limits";
import { formatDate, formatNumber, formatPrice, formatRating } from "~/utils/format";
import type { loader } from "./car.$id";

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

export function CarSections({
  car,
  calendar,
  allReviews,
  reviewSummary,
}: Pick<PageData, "car" | "calendar" | "allReviews" | "reviewSummary">) {
  const { t, i18n } = useTranslation("cars");
  const rentable = car.listingType !== "sale";
  return (
    <>
      {rentable ? (
        <Section title={t("detail.driverService")}>
          <DriverService car={car} />
        </Section>
      ) : null}
      <Section title={t("detail.specifications")}>
        <Specifications car={car} />
      </Section>
      {car.featureGroups.length > 0 ? (
        <Section title={t("detail.features")}>
          <Features groups={car.featureGroups} />
        </Section>
      ) : null}
      {car.description ? (
        <Section title={t("detail.description")}>
          <p className="whitespace-pre-line">{car.description}</p>
        </Section>
      ) : null}
      {rentable ? (
        <Section title={t("detail.rentalTerms")}>
          <ul className="grid gap-2 text-sm">
            <li>{t("detail.rentalDays", { min: car.minRentalDays, max: car.maxRentalDays })}</li>
            {car.minimumRentalHours > 24 ? (
              <li>
                {t("detail.notice", {
                  hours: car.minimumRentalHours,
                  days: Math.ceil(car.minimumRentalHours / 24),
                })}
              </li>
            ) : null}
            {car.depositAmount ? (
              <li>{t("detail.deposit", { price: formatPrice(car.depositAmount, i18n.language) })}</li>
            ) : null}
            <li>
              <CancellationPolicyText policy={car.cancellationPolicy} />
            </li>
          </ul>
          {car.rules ? <p className="mt-4 whitespace-pre-line">{car.rules}</p> : null}
        </Section>
      ) : null}
      {calendar ? (
        <Section title={t("detail.availability")} id="availability">
          <div className="max-w-md">
            <AvailabilityCalendar
              month={calendar}
              language={i18n.language}
              monthHref={(month) => `?month=${month}#availability`}
            />
          </div>
        </Section>
      ) : null}
      {car.pickupPoints.length > 0 ? (
        <Section title={t("detail.pickupPoints")}>
          <ul className="grid gap-3 sm:grid-cols-2">
            {car.pickupPoints.map((point) => (
              <li key={point.id} className="rounded-xl border border-line bg-surface p-4 text-sm">
                <p className="font-semibold">
                  {point.name}
                  {point.isPrimary ? (
                    <span className="ml-2 text-xs font-medium text-primary">{t("detail.primaryPoint")}</span>
                  ) : null}
                </p>
                <p className="text-muted">
                  {point.address}, {point.city}
                  {point.country !== "Lithuania" ? `, ${t(`country.${point.country}`)}` : ""}
                </p>
                <p className="mt-1 text-muted">{t("detail.hours", { hours: point.availableHours })}</p>
                {point.instructions ? <p className="mt-1">{point.instructions}</p> : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title={t("detail.ownerReviews")} id="reviews">
        <ReviewList reviews={car.reviews} summary={reviewSummary} />
        {!allReviews && car.reviewTotal > REVIEWS_SHOWN ? (
          <Link to={`?reviews=all#reviews`} preventScrollReset className={buttonClass("secondary", "md", "mt-4")}>
            {t("detail.showAllReviews", { count: car.reviewTotal })}
          </Link>
        ) : null}
      </Section>
    </>
  );
}

/** The owner's card and the car's statistics, at the foot of the column beside the gallery. */
export function OwnerAndStatistics({ car }: { car: CarDetails }) {
  return (
    <>
      <OwnerCard car={car} />
      <Statistics car={car} />
    </>
  );
}

export function Section({ title, id, children }: { title: string; id?: string; children: React.ReactNode }) {
  // Not the title: aria-labelledby takes a list of ids split at spaces, and "Techniniai duomenys-title" named two
  // ids that did not exist, so the sections had no name.
  const generated = useId();
  const headingId = `${id ?? generated}-title`;
  return (
    <section aria-labelledby={headingId} id={id} className="scroll-mt-20 border-t border-line pt-6">
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function DriverService({ car }: { car: CarDetails }) {
  const { t, i18n } = useTranslation("cars");
  const price = (cents: number | null) => (cents ? formatPrice(cents, i18n.language) : null);
  const options = [
    !car.driverOnly ? { title: t("detail.selfDrive"), body: t("detail.selfDriveBody") } : null,
    car.driverAvailable || car.driverOnly
      ? {
          title: t("detail.withDriver"),
          body: [
            car.dailyPriceWithDriver ? t("price.perDay", { price: price(car.dailyPriceWithDriver) }) : null,
            car.driverPricePerHour ? t("detail.driverPerHour", { price: price(car.driverPricePerHour) }) : null,
            t("detail.minimumHours", { count: car.minimumRentalHours }),
          ]
            .filter(Boolean)
            .join(" · "),
        }
      : null,
  ].filter((option): option is { title: string; body: string } => option !== null);
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {options.map((option) => (
        <li key={option.title} className="rounded-xl border border-line bg-surface p-4">
          <p className="font-semibold">{option.title}</p>
          <p className="mt-1 text-sm text-muted">{option.body}</p>
        </li>
      ))}
    </ul>
  );
}

type ShownCar = CarDetails & { powerKw: number | null; featureGroups: ReturnType<typeof groupFeatures> };

export function Specifications({ car }: { car: ShownCar }) {
  const { t, i18n } = useTranslation("cars");
  const rows: [string, string | null][] = [
    [t("spec.year"), String(car.year)],
    [t("spec.mileage"), `${formatNumber(car.mileage, i18n.language)} km`],
    [t("spec.fuel"), t(`fuel.${car.fuelType}`)],
    [t("spec.transmission"), t(`transmission.${car.transmission}`)],
    [
      t("spec.power"),
      car.horsepower ? `${car.horsepower} ${t("filters.unit.hp")} (${car.powerKw} ${t("filters.unit.kw")})` : null,
    ],
    [t("spec.engine"), car.engineSize ? `${formatNumber(car.engineSize, i18n.language)} l` : null],
    [t("spec.seats"), String(car.seats)],
    [t("spec.doors"), String(car.doors)],
    [t("spec.category"), t(`category.${car.category}`)],
    [t("spec.location"), car.location],
    [t("spec.condition"), car.condition],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

export function Features({ groups }: { groups: ShownCar["featureGroups"] }) {
  const { t } = useTranslation("features");
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {groups.map((group) => (
        <div key={group.code}>
          <h3 className="text-sm font-semibold text-muted">{t(`groups.${group.code}`)}</h3>
          <ul className="mt-2 grid gap-1.5">
            {group.features.map((code) => (
              <li key={code} className="flex items-start gap-2 text-sm">
                <Icon name="check" className="mt-0.5 size-4 shrink-0 text-success" />
                {t(`features.${code}`)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function PriceHeadline({ car }: { car: CarDetails }) {
  const { t, i18n } = useTranslation("cars");
  const extra = [
    car.listingType !== "sale" && car.weeklyPrice
      ? t("detail.perWeek", { price: formatPrice(car.weeklyPrice, i18n.language) })
      : null,
    car.listingType !== "sale" && car.monthlyPrice
      ? t("detail.perMonth", { price: formatPrice(car.monthlyPrice, i18n.language) })
      : null,
    car.listingType !== "sale" && car.depositAmount
      ? t("detail.deposit", { price: formatPrice(car.depositAmount, i18n.language) })
      : null,
  ].filter(Boolean);
  return (
    <div>
      <PriceText car={car} className="text-3xl font-extrabold text-primary" />
      {extra.length ? <p className="mt-1 text-sm text-muted">{extra.join(" · ")}</p> : null}
    </div>
  );
}

export function OwnerCard({ car }: { car: CarDetails }) {
  const { t, i18n } = useTranslation("cars");
  const name =
    car.ownerAccountType === "company" && car.ownerCompanyName
      ? car.ownerCompanyName
      : (car.ownerName ?? t("detail.owner"));
  return (
    <Link
      to={`/profile/${car.ownerId}`}
      className="flex items-center gap-3 rounded-xl border border-line bg-surface p-4 hover:bg-subtle"
      aria-label={t("detail.ownerProfile", { name })}
    >
      <Avatar user={{ fullName: name, email: "?", avatarKey: car.ownerAvatarKey }} size="size-12 text-lg" />
      <div className="min-w-0">
        <p className="truncate font-semibold">{name}</p>
        <p className="text-sm text-muted">
          {car.ownerVerification === "verified" ? t("detail.verifiedOwner") : t("detail.owner")}
          {car.ownerRating > 0 ? ` · ★ ${formatRating(car.ownerRating, i18n.language)} (${car.ownerReviewCount})` : ""}
        </p>
        <p className="text-xs text-muted">
          {t("detail.memberSince", { year: new Date(car.ownerSince).getFullYear() })}
        </p>
      </div>
      <Icon name="chevronRight" className="ml-auto size-5 text-muted" />
    </Link>
  );
}

export function Statistics({ car }: { car: CarDetails }) {
  const { t, i18n } = useTranslation("cars");
  const items = [
    [t("stats.views"), formatNumber(car.viewCount, i18n.language)],
    [t("stats.favorites"), formatNumber(car.favoriteCount, i18n.language)],
    [t("stats.bookings"), formatNumber(car.bookingCount, i18n.language)],
    [t("stats.listed"), formatDate(car.createdAt, i18n.language)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-xl border border-line bg-surface p-4">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
