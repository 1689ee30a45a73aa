// /car/{id}/book: the booking dialog of part 2 §2 as a page over the car (a dialog with JavaScript, a page without).
// Step 1 is a GET form, so the address holds every choice: the calendar's days and months are links, and the
// price is worked out by the server with the one pricing module (app/bookings/booking-request.server.ts). Step 2
// (?step=review) shows the summary and POSTs; the action hands the choice to requestBooking (the same module),
// which checks everything again, writes the request in one atomic statement and opens the checkout.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { notFound, requireUser, requireUserWith } from "~/accounts/guards.server";
import { findBookableCar } from "~/bookings/booking-queries.server";
import { bookingDialogData, readBookingDialog } from "~/bookings/booking-dialog.server";
import type { BookableCar } from "~/bookings/booking-queries.server";
import { readBookingChoice, requestBooking } from "~/bookings/booking-request.server";
import { ChoiceStep } from "~/components/bookings/booking-choice-step";
import { ReviewStep } from "~/components/bookings/booking-review-step";
import { OverlayPage } from "~/components/ui/overlay-page";
import { getLanguage, getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["cars", "bookings"], breadcrumb: "cars:book.title" };

async function bookableCar(args: LoaderFunctionArgs) {
  const user = await requireUser(args.request, args.context);
  return { user, car: bookable(await findBookableCar(args.context.db, args.params.id ?? ""), user) };
}

/** A public rental car that is not the renter's own; otherwise the car is not found. */
function bookable(car: BookableCar | null, user: { id: string }): BookableCar {
  if (!car || car.ownerId === user.id) {
    notFound("errors.carNotFound", "errors.carNotFoundTitle", { to: "/cars", label: "errors.browseAllCars" });
  }
  return car;
}

export async function loader(args: LoaderFunctionArgs) {
  const params = new URL(args.request.url).searchParams;
  // The car and what the dialog shows of it, by the car's id and the session's subquery, beside the session's lookup;
  // checked against the renter once both came (decision 002).
  const [[user, read], t, language] = await Promise.all([
    requireUserWith(args.request, args.context, (renterId) =>
      readBookingDialog(args.context.db, { carId: args.params.id ?? "", renterId, params }),
    ),
    getT(args.request, ["cars", "bookings"]),
    getLanguage(args.request),
  ]);
  const car = bookable(read.car, user);
  return { title: t("book.title"), ...bookingDialogData({ ...read, car }, { params, t, language }) };
}

export async function action(args: ActionFunctionArgs) {
  const { user, car } = await bookableCar(args);
  const choice = readBookingChoice(await args.request.formData());
  const [language, t] = await Promise.all([getLanguage(args.request), getT(args.request, "bookings")]);
  const origin = args.context.env.appUrl ?? new URL(args.request.url).origin;
  const outcome = await requestBooking(args.context, { car, renter: user, choice, language, t, origin });
  if (!outcome.ok) return data(outcome.refusal, { status: outcome.status });
  return redirect(outcome.checkoutUrl, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function BookCarPage() {
  const { t } = useTranslation("bookings");
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { car, step } = loaded;
  const closeTo = `/car/${car.id}`;
  // A refused POST goes back to step 1 with the server's messages.
  const showStep = actionData ? 1 : step;
  return (
    <OverlayPage
      title={t("book.title", { car: car.name })}
      closeTo={closeTo}
      width="max-w-4xl"
      headerExtra={<p className="text-sm text-muted">{t("book.step", { step: showStep, count: 2 })}</p>}
    >
      {showStep === 2 ? <ReviewStep data={loaded} /> : <ChoiceStep data={loaded} refused={actionData} />}
    </OverlayPage>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
