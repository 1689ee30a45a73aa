// /booking-cancelled (part 2 §2 "Booking cancelled"): where the checkout sends the renter who left it or whose card
// failed. It writes nothing: the unpaid request lapses by itself at its payment deadline (the checkout's expiry
// webhook or the sweep); until then its renter can go back to the checkout with "Try Payment Again". The booking's card is
// shown to its renter or owner only; any other failure to load it is silent, as the spec says.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUserWith } from "~/accounts/guards.server";
import { findReceipt } from "~/bookings/booking-receipt.server";
import { canPayNow, paymentDeadline } from "~/bookings/booking-rules";
import { CarImage } from "~/components/cars/car-image";
import type { BreadcrumbHandle } from "~/components/shell/breadcrumbs";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { formatDate, formatDateTime, formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { PayNowForm } from "./__pay-now-form";

export const handle: BreadcrumbHandle & { i18n: string[] } = {
  i18n: ["payment", "bookings", "common"],
  breadcrumb: "payment:cancelPage.title",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const bookingId = new URL(request.url).searchParams.get("booking_id")?.trim() ?? "";
  // The booking is asked for by the session's subquery beside its lookup: one round trip (decision 002).
  const [[, receipt], t] = await Promise.all([
    requireUserWith(request, context, (userId) =>
      findReceipt(context.db, bookingId, userId).catch((error: unknown) => {
        console.error("cancelled booking could not be read", error);
        return null;
      }),
    ),
    getT(request, "payment"),
  ]);
  // The payment went through after all (paid in another tab, or the way back was taken after paying): saying
  // "no charges were made" would be wrong, so the page that tells the truth about it takes over.
  if (receipt && (receipt.paymentStatus === "authorized" || receipt.paymentStatus === "captured")) {
    throw redirect(`/booking-success?booking_id=${encodeURIComponent(receipt.id)}`);
  }
  return {
    title: t("cancelPage.title"),
    booking: receipt
      ? {
          carId: receipt.carId,
          make: receipt.car.make,
          model: receipt.car.model,
          year: receipt.car.year,
          image: receipt.car.image,
          startDate: receipt.startDate,
          endDate: receipt.endDate,
          totalDays: receipt.totalDays,
          totalAmount: receipt.totalAmount,
          id: receipt.id,
          // The request the renter left still waits for its payment: back to its checkout, not a new booking.
          payBy:
            receipt.role === "renter" && canPayNow(receipt, new Date())
              ? paymentDeadline(receipt.createdAt).getTime()
              : null,
          // Only the renter can try the payment again; the owner cannot book their own car.
          retryTo:
            receipt.role === "renter"
              ? `/car/${receipt.carId}/book?${new URLSearchParams({ start: receipt.startDate, end: receipt.endDate })}`
              : null,
        }
      : null,
  };
}

export default function BookingCancelledPage() {
  const { booking } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("payment");
  const busy = useNavigation().state !== "idle";
  const reasons = ["cancelled", "declined", "technical", "expired"] as const;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <section className="rounded-2xl border border-warning/40 bg-warning-soft p-5 sm:p-6">
        <div className="flex items-start gap-4">
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-surface text-warning">
            <Icon name="alert" className="size-6" />
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("cancelPage.title")}</h1>
            <p className="mt-2">{t("cancelPage.text")}</p>
          </div>
        </div>
      </section>

      <div className="mt-6 grid gap-6">
        {booking?.payBy ? (
          <p className="rounded-xl border border-primary/30 bg-primary-soft p-4 font-semibold">
            {t("cancelPage.payUntil", { time: formatDateTime(booking.payBy, i18n.language) })}
          </p>
        ) : null}
        {booking ? <CancelledBooking booking={booking} /> : null}

        <section
          aria-labelledby="what-happened-title"
          className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-6"
        >
          <h2 id="what-happened-title" className="text-lg font-bold">
            {t("cancelPage.whatHappened")}
          </h2>
          <p className="mt-1 text-sm text-muted">{t("cancelPage.whatHappenedIntro")}</p>
          <ul className="mt-3 grid list-disc gap-1.5 pl-5">
            {reasons.map((reason) => (
              <li key={reason}>{t(`cancelPage.reasons.${reason}`)}</li>
            ))}
          </ul>
          <p className="mt-4 flex items-center gap-2 rounded-xl bg-success-soft p-3 font-semibold text-success">
            <Icon name="check" className="size-5 shrink-0" />
            {t("cancelPage.noCharges")}
          </p>
        </section>

        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {booking?.payBy ? (
            // The spec's "Try Payment Again": here it goes back to the same checkout, as "Pay now" does in My Bookings.
            <PayNowForm bookingId={booking.id} busy={busy} size="lg" label={t("cancelPage.tryAgain")} />
          ) : booking?.retryTo ? (
            <ButtonLink to={booking.retryTo} size="lg">
              {t("cancelPage.tryAgain")}
            </ButtonLink>
          ) : (
            <ButtonLink to="/rentals" size="lg">
              {t("cancelPage.browseCars")}
            </ButtonLink>
          )}
          <ButtonLink to="/bookings" variant="secondary" size="lg">
            {t("cancelPage.myBookings")}
          </ButtonLink>
          <ButtonLink to="/contact" variant="secondary" size="lg">
            {t("cancelPage.support")}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

type Booking = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["booking"]>;

function CancelledBooking({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation("payment");
  const title = `${booking.make} ${booking.model} ${booking.year}`;
  const date = (day: string) => formatDate(day, i18n.language, "long");
  return (
    <section
      aria-labelledby="cancelled-booking-title"
      className="overflow-hidden rounded-2xl border border-line bg-surface shadow-xs"
    >
      <h2 id="cancelled-booking-title" className="border-b border-line px-5 py-3 text-lg font-bold">
        {t("cancelPage.detailsTitle")}
      </h2>
      <div className="flex gap-4 p-5">
        <CarImage photo={booking.image} alt={title} className="aspect-[4/3] w-28 shrink-0 rounded-xl sm:w-40" eager />
        <div className="min-w-0">
          <p className="text-lg font-semibold">{title}</p>
          <p className="mt-1 text-sm">
            {date(booking.startDate)} – {date(booking.endDate)}
          </p>
          <p className="mt-1 text-sm text-muted">
            {t("cancelPage.total", {
              amount: formatMoney(booking.totalAmount, i18n.language),
              count: booking.totalDays,
            })}
          </p>
        </div>
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
