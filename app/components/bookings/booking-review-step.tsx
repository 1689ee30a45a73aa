// Step 2 of the booking dialog (/car/{id}/book?step=review, part 2 §2): what the renter asked for, the terms they
// agree to and the price, with "Pay" (a POST form carrying the choice) and the way back to step 1.
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BookingDialogData } from "~/bookings/booking-dialog.server";
import { bookingHref, choiceQuery } from "~/bookings/booking-request";
import { paymentKindText } from "~/bookings/booking-text";
import { DEPOSIT_RETURN_TEXT, depositReturnValues } from "~/bookings/deposit-return";
import { CancellationPolicyText } from "~/components/bookings/cancellation-policy";
import { PriceBreakdown } from "~/components/bookings/price-breakdown";
import { Button, buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { formatDate } from "~/utils/format";

/** Step 2 of the booking dialog: the summary and the terms; "Pay" POSTs the choice and opens the checkout. */
export function ReviewStep({ data }: { data: BookingDialogData }) {
  const { t, i18n } = useTranslation("bookings");
  const { car, choice, evaluation } = data;
  const navigation = useNavigation();
  const href = bookingHref(car.id, choice);
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const date = (day?: string) => (day ? formatDate(day, i18n.language, "long") : "");
  const facts: [string, string][] = [
    [t("review.car"), car.name],
    [
      t("review.dates"),
      `${date(choice.start)} – ${date(choice.end)} (${t("review.days", { count: evaluation.days })})`,
    ],
    [t("review.period"), t(`periods.${choice.period}`)],
    [t("review.service"), t(evaluation.withDriver ? "book.driver" : "book.self")],
    [t("review.pickup"), evaluation.pickupLabel ?? ""],
    [t("review.dropoff"), choice.dropoff === "other" ? choice.dropoffLocation : t("book.dropoff_same")],
    [t("review.insurance"), evaluation.insuranceName ?? t("book.noInsurance")],
  ];
  if (choice.requests) facts.push([t("review.requests"), choice.requests]);
  return (
    <div className="grid gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid gap-6">
        <p
          data-testid="review-kind"
          className={`flex gap-3 rounded-xl border p-3 text-sm ${evaluation.instantBook ? "border-success/30 bg-success-soft" : "border-line bg-info-soft"}`}
        >
          <Icon name={evaluation.instantBook ? "bolt" : "info"} className="mt-0.5 size-5 shrink-0" />
          <span>{t(paymentKindText(evaluation.instantBook))}</span>
        </p>
        <section aria-labelledby="review-details">
          <h2 id="review-details" className="mb-3 text-base font-bold">
            {t("review.details")}
          </h2>
          <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="font-medium break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="review-terms">
          <h2 id="review-terms" className="mb-3 text-base font-bold">
            {t("review.terms")}
          </h2>
          <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted">
            {evaluation.instantBook ? null : (
              <>
                <li>{t("review.termHold")}</li>
                <li>{t("review.termAnswer")}</li>
              </>
            )}
            {evaluation.price && evaluation.price.deposit > 0 ? (
              <li>{t(DEPOSIT_RETURN_TEXT, depositReturnValues())}</li>
            ) : null}
            <li>{t("review.termCancel")}</li>
            {/* Checkout saves the card for the charges the renter agrees to later (decision 035). */}
            <li data-testid="review-saved-card">{t("review.termSavedCard")}</li>
            <li>
              <strong className="font-semibold text-fg">{t("cancellationTerms.title")}:</strong>{" "}
              <CancellationPolicyText policy={car.cancellationPolicy} startDate={choice.start} />{" "}
              {t("cancellationTerms.hostCancels")}
            </li>
            <li>
              {t("review.termAgree")}{" "}
              <Link to="/terms" className="font-semibold text-primary hover:underline">
                {t("review.termsLink")}
              </Link>
            </li>
          </ul>
        </section>
      </div>
      <aside className="lg:sticky lg:top-20 lg:self-start">
        <div className="grid gap-4 rounded-xl border border-line bg-surface p-4">
          <h2 className="font-bold">{t("review.payment")}</h2>
          {evaluation.price ? (
            <PriceBreakdown price={evaluation.price} insuranceName={evaluation.insuranceName} />
          ) : null}
          <Form method="post" action={`/car/${car.id}/book${choiceQuery(choice)}`} className="grid gap-2">
            {Object.entries({
              ...choice,
              dropoffLocation: choice.dropoff === "other" ? choice.dropoffLocation : "",
            }).map(([key, value]) =>
              value ? <input key={key} type="hidden" name={key} value={String(value)} /> : null,
            )}
            <Button type="submit" size="lg" className="w-full" disabled={submitting}>
              {submitting ? t("review.paying") : t("review.pay")}
            </Button>
          </Form>
          <Link to={href({})} preventScrollReset className={buttonClass("secondary", "md", "w-full")}>
            {t("review.back")}
          </Link>
        </div>
      </aside>
    </div>
  );
}
