// The local stand-in for Stripe's hosted checkout (no STRIPE_SECRET_KEY): the renter sees what they would pay, what
// paying does to this booking (the note Stripe Checkout shows too: an instant booking is charged at once, a request
// only when the host confirms), and chooses Pay or Cancel. Pay feeds `checkout.session.completed` to the same fulfilment code Stripe's webhook does.
// Cancel is Stripe's way back: to the cancel page, with the checkout left open, so the request can still be paid
// ("Pay now") until its payment deadline, when it lapses. 404 whenever Stripe is configured, and always in production.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { bookings, cars, charges } from "#db/schema";
import { notFound, requireUserWith } from "~/accounts/guards.server";
import { Button } from "~/components/ui/button";
import { getT } from "~/i18n.server";
import { handlePaymentEvent } from "~/bookings/booking-payments.server";
import { paymentKindText } from "~/bookings/booking-text";
import { standInEvent } from "~/payments/fulfilment.server";
import { formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["bookings"] };

async function openSession({ request, context, params }: LoaderFunctionArgs) {
  if (context.env.stripe.kind === "stripe" || context.env.isProduction) notFound("errors.notFound");
  // The checkout is asked for by its id beside the session's lookup: one round trip (decision 002).
  const [user, [row]] = await requireUserWith(request, context, () =>
    context.db
      .select({
        booking: bookings,
        charge: { id: charges.id, sessionId: charges.stripeCheckoutSessionId, amount: charges.amount },
        car: { make: cars.make, model: cars.model, year: cars.year },
      })
      .from(charges)
      .innerJoin(bookings, eq(bookings.id, charges.bookingId))
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .where(eq(charges.stripeCheckoutSessionId, params.sessionId ?? ""))
      .limit(1),
  );
  // Only the renter who opened the checkout can pay it.
  if (!row || row.booking.renterId !== user.id) notFound("errors.notFound");
  return row;
}

export async function loader(args: LoaderFunctionArgs) {
  const { booking, charge, car } = await openSession(args);
  const t = await getT(args.request, "bookings");
  return {
    title: t("standIn.title"),
    open: booking.status === "pending" && booking.paymentStatus === "unpaid",
    car: `${car.make} ${car.model} ${car.year}`,
    total: charge.amount,
    instantBook: booking.instantBook,
    startDate: booking.startDate,
    endDate: booking.endDate,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { booking, charge } = await openSession(args);
  const form = await args.request.formData();
  const origin = args.context.env.appUrl ?? new URL(args.request.url).origin;
  const session = { id: charge.sessionId!, bookingId: booking.id, chargeId: charge.id, payerId: booking.renterId };
  if (form.get("intent") === "pay") {
    await handlePaymentEvent(args.context, standInEvent("checkout.session.completed", session), origin);
    return redirect(`/booking-success?booking_id=${booking.id}&session_id=${session.id}`, 303);
  }
  return redirect(`/booking-cancelled?booking_id=${booking.id}`, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function StandInCheckout() {
  const { t, i18n } = useTranslation("bookings");
  const page = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto grid max-w-md gap-5 px-4 py-10">
      <p className="rounded-xl bg-warning-soft p-3 text-sm font-medium text-warning">{t("standIn.notice")}</p>
      <h1 className="text-2xl font-extrabold">{t("standIn.title")}</h1>
      <div className="rounded-xl border border-line bg-surface p-4">
        <p className="font-semibold">{page.car}</p>
        <p className="text-sm text-muted">
          {page.startDate} – {page.endDate}
        </p>
        <p className="mt-3 text-3xl font-extrabold tabular-nums">{formatMoney(page.total, i18n.language)}</p>
        <p className="text-sm text-muted" data-testid="checkout-kind">
          {t(paymentKindText(page.instantBook))}
        </p>
      </div>
      {page.open ? (
        <Form method="post" className="grid gap-3">
          <Button type="submit" name="intent" value="pay" size="lg" disabled={busy}>
            {t("standIn.pay")}
          </Button>
          <Button type="submit" name="intent" value="cancel" variant="secondary" disabled={busy}>
            {t("standIn.cancel")}
          </Button>
        </Form>
      ) : (
        <p role="status">{t("standIn.closed")}</p>
      )}
    </main>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
