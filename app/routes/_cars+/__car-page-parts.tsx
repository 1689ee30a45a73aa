// The car page's parts, beside its route: the section frame, the price and the actions beside the gallery, the driver
// service, the specification and features, the owner's card and the statistics.
import { Link, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { minimumAgeFor, type InstantBookAnswer } from "~/bookings/booking-request";
import type { CarDetails } from "~/cars/car-details.server";
import type { groupFeatures } from "~/cars/feature-catalogue";
import { AuthLink } from "~/components/auth/auth-link";
import { PriceText } from "~/components/cars/price-text";
import { Avatar } from "~/components/shell/header";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { OverlayPage } from "~/components/ui/overlay-page";
import { Icon } from "~/components/ui/icons";
import { formatDate, formatNumber, formatPrice, formatRating } from "~/utils/format";
import { usePreloadRoute } from "~/utils/preload";

const BOOKING_ROUTE = "routes/_cars+/car.$id.book";
const BOOKING_TEXTS = ["bookings"];

const BOOKING_TAPPED = "ratai:booking-tapped";

/** The booking link's click: a plain one (not a new tab or window) tells BookingOpening to show at once. */
function announceBooking(event: React.MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  window.dispatchEvent(new Event(BOOKING_TAPPED));
}

/**
 * The booking dialog's frame while its data is on the way: from the tap on, not after the loader's round trip
 * (seconds on a slow phone; docs/decisions/025). Remix renders a navigation's states in a transition, which a slow
 * phone draws later than the tap's own frame; the tap's event is a plain state update, drawn at once. The route's
 * own dialog takes the frame's place when it renders; a navigation that ends elsewhere removes it. Without
 * JavaScript the link is a page of its own.
 */
export function BookingOpening({ carId }: { carId: string }) {
  const { t } = useTranslation("cars");
  const navigation = useNavigation();
  const [tapped, setTapped] = useState(false);
  const navigated = useRef(false);
  useEffect(() => {
    const show = () => setTapped(true);
    window.addEventListener(BOOKING_TAPPED, show);
    return () => window.removeEventListener(BOOKING_TAPPED, show);
  }, []);
  useEffect(() => {
    if (navigation.state !== "idle") navigated.current = true;
    else if (navigated.current) {
      navigated.current = false;
      setTapped(false);
    }
  }, [navigation.state]);
  const loading = navigation.state === "loading" && navigation.location.pathname === `/car/${carId}/book`;
  if (!tapped && !loading) return null;
  return (
    <OverlayPage title={t("book.title")} closeTo={`/car/${carId}`} width="max-w-4xl">
      <p role="status" aria-live="polite" className="py-16 text-center text-muted">
        {t("book.opening")}
      </p>
    </OverlayPage>
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

export function Actions({
  car,
  isOwner,
  signedIn,
  instantBook,
}: {
  car: CarDetails;
  isOwner: boolean;
  signedIn: boolean;
  instantBook: InstantBookAnswer | null;
}) {
  const { t } = useTranslation("cars");
  const rentable = car.listingType !== "sale";
  // The booking dialog's code and texts, fetched before the tap (app/utils/preload.ts).
  const preloadBooking = usePreloadRoute(
    !isOwner && car.isPublic && signedIn && rentable ? BOOKING_ROUTE : null,
    BOOKING_TEXTS,
  );
  if (isOwner) {
    return (
      <div className="rounded-xl bg-info-soft p-4 text-sm">
        <p className="font-semibold">{t("detail.yourListing")}</p>
        <Link to="/my-listings" className="mt-1 inline-block font-semibold text-primary underline underline-offset-2">
          {t("detail.manageListings")}
        </Link>
      </div>
    );
  }
  if (!car.isPublic) return null;
  if (!signedIn) {
    return (
      <div className="grid gap-2">
        {rentable ? (
          <AuthLink mode="signup" className={buttonClass("primary", "lg")}>
            {t("detail.registerToBook")}
          </AuthLink>
        ) : null}
        {/* A visitor learns what instant book means; whether they qualify shows once they are signed in. */}
        {rentable && car.instantBook ? <InstantBookLine car={car} answer="instant" /> : null}
        <AuthLink mode="signup" className={buttonClass(rentable ? "secondary" : "primary", "lg")}>
          {t("detail.registerToContact")}
        </AuthLink>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      {rentable ? (
        <ButtonLink to={`/car/${car.id}/book`} size="lg" {...preloadBooking} onClick={announceBooking}>
          {instantBook === "instant" ? (
            <>
              <Icon name="bolt" className="size-5" />
              {t("detail.bookNow")}
            </>
          ) : (
            t("instantBook.requestToBook")
          )}
        </ButtonLink>
      ) : null}
      {rentable ? <InstantBookLine car={car} answer={instantBook} /> : null}
      <ButtonLink to={`/car/${car.id}/contact`} variant={rentable ? "secondary" : "primary"} size="lg">
        {t("detail.contactOwner")}
      </ButtonLink>
    </div>
  );
}

/** Under the booking button of an instant-book listing: what instant book means, or why this renter sends a request. */
function InstantBookLine({ car, answer }: { car: CarDetails; answer: InstantBookAnswer | null }) {
  const { t } = useTranslation("cars");
  if (answer === "instant") return <p className="text-sm text-muted">{t("instantBook.note")}</p>;
  if (answer === "unverified") {
    return (
      <p className="text-sm">
        <Link to="/profile/verification" className="font-semibold text-primary underline underline-offset-2">
          {t("instantBook.verify")}
        </Link>
      </p>
    );
  }
  if (answer === "age")
    return <p className="text-sm text-muted">{t("instantBook.age", { age: minimumAgeFor(car.category) })}</p>;
  return null;
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
