// /bookings (part 2 §2 My Bookings, §4 actions): the renter/host switch, search and status tabs are a GET form and
// links (?role=&q=&tab=), each status's actions are POST forms. The server applies the state machine
// (app/bookings/booking-actions.server.ts): only the booking's renter or owner, only the spec's transitions —
// others get 403, a wrong transition 409. Reviews and the rental agreement open over the list (child routes).
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, Outlet, useActionData, useLoaderData, useNavigation, useOutlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser, requireUserWith } from "~/accounts/guards.server";
import { applyBookingAction } from "~/bookings/booking-actions.server";
import { BookingActionSchema } from "~/bookings/booking-form";
import {
  BOOKING_TABS,
  PAY_INTENT,
  allowedActions,
  findTransition,
  bookingReference,
  canPayNow,
  canReview,
  hasAgreement,
  paymentDeadline,
  type BookingRole,
  type BookingTab,
} from "~/bookings/booking-rules";
import { findMyBookings } from "~/bookings/my-bookings.server";
import { PayNowForm } from "./__pay-now-form";
import { CarImage } from "~/components/cars/car-image";
import { BookingStatusPill } from "~/components/dashboard/booking-status";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";
import { getLanguage, getT } from "~/i18n.server";
import { resumeCheckout } from "~/bookings/booking-checkout.server";
import { formatDate, formatDateTime, formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["bookings", "reviews", "agreement", "pages"], breadcrumb: "pages:titles.bookings" };

function readFilters(url: URL) {
  const role: BookingRole = url.searchParams.get("role") === "host" ? "host" : "renter";
  const tabParam = url.searchParams.get("tab") as BookingTab | null;
  const tab: BookingTab = tabParam && BOOKING_TABS.includes(tabParam) ? tabParam : "all";
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  return { role, tab, q };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const filters = readFilters(new URL(request.url));
  const [, found] = await requireUserWith(request, context, (userId) =>
    findMyBookings(context.db, { userId, ...filters }),
  );
  const t = await getT(request, "pages");
  const now = new Date();
  const rows = found.bookings.map((booking) => ({
    ...booking,
    // A checkout the renter left can be paid until the request's payment deadline ("Pay now").
    payBy: filters.role === "renter" && canPayNow(booking, now) ? paymentDeadline(booking.createdAt).getTime() : null,
  }));
  return { title: t("titles.bookings"), ...filters, ...found, bookings: rows };
}

/** The renter's "Pay now": the checkout of a request they left unpaid (app/payments/checkout.server.ts). */
async function payNow(request: Request, context: ActionFunctionArgs["context"], userId: string, bookingId: string) {
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  const [language, t] = await Promise.all([getLanguage(request), getT(request, "bookings")]);
  const outcome = await resumeCheckout(context, { bookingId, userId, origin, language, t });
  if (!outcome.ok) {
    return data({ error: { title: outcome.title, message: outcome.error } }, { status: outcome.status });
  }
  return redirect(outcome.url, 303);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: BookingActionSchema });
  if (submission.status !== "success") {
    return data(
      { error: { title: "bookings:errors.bookingFailed", message: "bookings:errors.notAllowed" } },
      { status: 400 },
    );
  }
  const { intent, bookingId } = submission.value;
  if (intent === PAY_INTENT) return payNow(request, context, user.id, bookingId);
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  const outcome = await applyBookingAction(context, { bookingId, userId: user.id, action: intent, origin });
  if (!outcome.ok) {
    return data({ error: { title: outcome.title, message: outcome.error } }, { status: outcome.status });
  }
  const url = new URL(request.url);
  return redirectWithToast(`/bookings${url.search}`, { type: "success", title: outcome.toast }, context.env, {
    status: 303,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function MyBookingsPage() {
  const { t, i18n } = useTranslation("bookings");
  const { role, tab, q, counts, bookings } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const outlet = useOutlet();
  const query = (change: Record<string, string>) => {
    const params = new URLSearchParams({ role, tab, q, ...change });
    for (const [key, value] of [...params])
      if (!value || value === "all" || (key === "role" && value === "renter")) params.delete(key);
    const text = params.toString();
    return `/bookings${text ? `?${text}` : ""}`;
  };
  return (
    <>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6" {...(outlet ? { inert: "" } : {})}>
        <h1 className="text-3xl font-bold tracking-tight">{t("list.title")}</h1>
        <p className="mt-1 text-muted">{t(`list.intro_${role}`)}</p>

        <nav aria-label={t("list.roleLabel")} className="mt-6 inline-flex rounded-xl bg-subtle p-1">
          {(["renter", "host"] as const).map((value) => (
            <Link
              key={value}
              to={query({ role: value, tab: "all" })}
              aria-current={role === value ? "page" : undefined}
              className={`rounded-lg px-4 py-2 text-sm font-semibold ${role === value ? "bg-canvas shadow-sm" : "text-muted hover:text-fg"}`}
            >
              {t(`list.role_${value}`)}
            </Link>
          ))}
        </nav>

        <Form method="get" className="mt-4 flex gap-2" role="search">
          {role === "host" ? <input type="hidden" name="role" value="host" /> : null}
          {tab !== "all" ? <input type="hidden" name="tab" value={tab} /> : null}
          <label htmlFor="booking-search" className="sr-only">
            {t("list.search")}
          </label>
          <input
            id="booking-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder={t("list.searchPlaceholder")}
            className={inputClass}
          />
          <Button type="submit" variant="secondary">
            <Icon name="search" className="size-4" />
            <span className="sr-only sm:not-sr-only">{t("list.search")}</span>
          </Button>
        </Form>

        {/* Wrapped, not scrolled: on a phone the current tab ("Cancelled", the last) stays in view. */}
        <nav aria-label={t("list.tabsLabel")} className="mt-4">
          <ul className="flex flex-wrap gap-2 whitespace-nowrap">
            {BOOKING_TABS.map((value) => (
              <li key={value}>
                <Link
                  to={query({ tab: value })}
                  aria-current={tab === value ? "page" : undefined}
                  className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold ${tab === value ? "border-primary bg-primary-soft text-primary" : "border-line text-muted hover:text-fg"}`}
                >
                  {t(`list.tabs.${value}`)}
                  <span className="rounded-full bg-canvas px-1.5 text-xs tabular-nums">{counts[value]}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {actionData?.error ? (
          <div role="alert" className="mt-4 rounded-xl border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
            <p className="font-bold">{t(actionData.error.title, { ns: ["bookings", "common"] })}</p>
            <p>{t(actionData.error.message, { ns: ["bookings", "common"] })}</p>
          </div>
        ) : null}

        {bookings.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-line p-8 text-center">
            <p className="font-semibold">
              {t(q ? "list.noMatches" : tab === "all" ? `list.empty_${role}` : `list.emptyTab.${tab}`)}
            </p>
            <ButtonLink to="/rentals" className="mt-4">
              {t("list.browse")}
            </ButtonLink>
          </div>
        ) : (
          <ul className="mt-6 grid gap-4">
            {bookings.map((booking) => (
              <BookingCard key={booking.id} booking={booking} role={role} language={i18n.language} />
            ))}
          </ul>
        )}
      </div>
      <Outlet />
    </>
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["bookings"][number];

function BookingCard({ booking, role, language }: { booking: Row; role: BookingRole; language: string }) {
  const { t } = useTranslation("bookings");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("bookingId") === booking.id;
  const actions = allowedActions(booking, role);
  const day = (value: string) => formatDate(value, language, "medium");
  const payment =
    booking.status === "pending" && booking.paymentStatus === "unpaid"
      ? [
          t("list.awaitingPayment"),
          booking.payBy ? t("list.payBy", { time: formatDateTime(booking.payBy, language) }) : null,
        ]
          .filter(Boolean)
          .join(" ")
      : booking.status === "pending"
        ? t(role === "host" ? "list.answerWithin" : "list.waitingForHost")
        : booking.cancelReason
          ? t(`cancelReason.${booking.cancelReason}`)
          : null;
  return (
    <li className="overflow-hidden rounded-2xl border border-line bg-surface">
      <div className="flex gap-4 p-4">
        <CarImage photo={booking.imageKey} alt="" className="h-21 w-28 shrink-0 rounded-lg" icon="md" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`/car/${booking.carId}`} className="font-bold hover:underline">
              {booking.carName}
            </Link>
            <BookingStatusPill status={booking.status} />
          </div>
          <p className="text-sm text-muted">
            {t("list.reference", { reference: bookingReference(booking.id) })} · {day(booking.startDate)} –{" "}
            {day(booking.endDate)} · {t("review.days", { count: booking.totalDays })}
          </p>
          <p className="mt-1 text-sm">
            {t(role === "host" ? "list.renter" : "list.host")}:{" "}
            <span className="font-semibold">{booking.otherName ?? t("list.unknownUser")}</span>
            {booking.otherPhone ? (
              <>
                {" · "}
                <a href={`tel:${booking.otherPhone}`} className="font-semibold text-primary hover:underline">
                  {booking.otherPhone}
                </a>
              </>
            ) : null}
          </p>
          <p className="mt-1 text-sm">
            {role === "host"
              ? t("list.earnings", { amount: formatMoney(booking.hostEarnings, language) })
              : t("list.total", { amount: formatMoney(booking.totalAmount, language) })}
          </p>
          {payment ? <p className="mt-1 text-sm text-muted">{payment}</p> : null}
          {booking.refundAmount ? (
            <p className="mt-1 text-sm font-semibold">
              {t(`cancelPage.listRefund.${booking.refundStatus}`, {
                amount: formatMoney(booking.refundAmount, language),
              })}
            </p>
          ) : null}
          {booking.specialRequests ? <p className="mt-1 text-sm text-muted">“{booking.specialRequests}”</p> : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 border-t border-line bg-canvas/50 px-4 py-3">
        {booking.payBy ? <PayNowForm bookingId={booking.id} busy={busy} /> : null}
        {actions.map((action) =>
          action === "check_in" || action === "check_out" ? (
            <Link
              key={action}
              to={`/bookings/${booking.id}#${action === "check_in" ? "check-in" : "check-out"}`}
              className={buttonClass("primary", "sm")}
            >
              {t(`actions.${action}`)}
            </Link>
          ) : findTransition(booking, action, role)?.onItsPage ? (
            // A confirmed booking is cancelled on its own page, which shows what comes back first.
            <Link key={action} to={`/bookings/${booking.id}/cancel`} className={buttonClass("danger", "sm")}>
              {t(`actions.${action}`)}
            </Link>
          ) : (
            <Form key={action} method="post" preventScrollReset>
              <input type="hidden" name="bookingId" value={booking.id} />
              <Button
                type="submit"
                name="intent"
                value={action}
                size="sm"
                variant={
                  action === "confirm"
                    ? "primary"
                    : action === "cancel" || action === "decline"
                      ? "danger"
                      : "secondary"
                }
                disabled={busy}
              >
                {t(`actions.${action}`)}
              </Button>
            </Form>
          ),
        )}
        {booking.status !== "pending" ? (
          <Link to={`/bookings/${booking.id}`} className={buttonClass("secondary", "sm")}>
            {t("actions.trip")}
          </Link>
        ) : null}
        {hasAgreement(booking.status) ? (
          <Link to={`/bookings/${booking.id}/agreement`} className={buttonClass("secondary", "sm")}>
            {t("actions.agreement")}
          </Link>
        ) : null}
        {canReview(booking.status) && !booking.reviewed ? (
          <Link to={`/bookings/${booking.id}/review`} className={buttonClass("secondary", "sm")}>
            {t("actions.review")}
          </Link>
        ) : null}
        <Link to="/messages" className={buttonClass("ghost", "sm")}>
          <Icon name="mail" className="size-4" />
          {t(role === "host" ? "actions.contactRenter" : "actions.contactHost")}
        </Link>
      </div>
    </li>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
