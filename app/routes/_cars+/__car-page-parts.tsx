// The car page's parts that act in the browser, beside its route: the actions beside the gallery and the booking
// dialog's first frame. What never changes is in __car-sections.tsx, off the first load (decision 025).
import { Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { minimumAgeFor, type InstantBookAnswer } from "~/bookings/booking-request";
import type { CarDetails } from "~/cars/car-details.server";
import { AuthLink } from "~/components/auth/auth-link";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { OverlayPage } from "~/components/ui/overlay-page";
import { Icon } from "~/components/ui/icons";
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
