// /bookings/{id}/cancel (decision 022): before a confirmed booking is cancelled, its party sees exactly what comes back —
// the renter "You get back €X of €Y", what is kept and why (the booking's cancellation policy and its deadline), the
// host that the renter gets everything back and that it shows on their profile. The figure comes from
// cancel-booking.server.ts, which computes it as the cancellation's refund does; the form carries it back, and the
// POST cancels only if it still holds (else a 409 with the new figure, nothing written). A page of its own (the `_`
// suffixes), a plain POST form: it works without JavaScript. Only the booking's two parties may open it (403).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { requireBookingParty } from "~/bookings/booking-access.server";
import { bookingReference, type BookingRole } from "~/bookings/booking-rules";
import { cancelConfirmedBooking, cancelPreview, expectedRefundOf } from "~/bookings/cancel-booking.server";
import { CancelBookingSchema } from "~/bookings/cancel-form";
import { tripTimes } from "~/bookings/trip-rules";
import { Button, buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { getLanguage, getT } from "~/i18n.server";
import { POLICY_HOURS } from "~/pricing/refund-amounts";
import { formatDate, formatDateTime, formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["bookings"], breadcrumb: "bookings:cancelPage.title" };

const listOf = (role: BookingRole, tab?: string) => {
  const params = new URLSearchParams({ ...(role === "host" ? { role } : {}), ...(tab ? { tab } : {}) });
  return `/bookings${params.size ? `?${params}` : ""}`;
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { booking, car, role } = await requireBookingParty(request, context, params.bookingId);
  const t = await getT(request, "bookings");
  const preview = cancelPreview(booking, role, new Date());
  return {
    title: t("cancelPage.title"),
    booking: {
      id: booking.id,
      reference: bookingReference(booking.id),
      car: `${car.make} ${car.model} ${car.year}`,
      startDate: booking.startDate,
      endDate: booking.endDate,
      pickupAt: tripTimes(booking).start,
      policy: booking.cancellationPolicy,
      policyHours: POLICY_HOURS[booking.cancellationPolicy],
    },
    preview,
    expectedRefund: expectedRefundOf(preview),
    back: listOf(role),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, booking, role } = await requireBookingParty(request, context, params.bookingId);
  const submission = parseWithZod(await request.formData(), { schema: CancelBookingSchema });
  if (submission.status !== "success") {
    return data(
      { error: { title: "bookings:errors.cancelFailed", message: "bookings:cancelPage.errors.expectedRefund" } },
      { status: 400 },
    );
  }
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  const outcome = await cancelConfirmedBooking(context, {
    booking,
    role,
    userId: user.id,
    expectedRefund: submission.value.expectedRefund,
    origin,
  });
  const language = await getLanguage(request);
  if (!outcome.ok) {
    const amount = "refund" in outcome ? formatMoney(outcome.refund, language) : undefined;
    return data({ error: { title: outcome.title, message: outcome.error, amount } }, { status: outcome.status });
  }
  const refund = submission.value.expectedRefund;
  return redirectWithToast(
    listOf(role, "cancelled"),
    {
      type: "success",
      title: outcome.toast,
      ...(refund > 0
        ? { description: "bookings:cancelPage.toastRefund", values: { amount: formatMoney(refund, language) } }
        : {}),
    },
    context.env,
    { status: 303 },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function CancelBookingPage() {
  const { t, i18n } = useTranslation("bookings");
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { booking, preview } = loaded;
  const day = (value: string) => formatDate(value, i18n.language, "long");
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <Link to={loaded.back} className="inline-flex items-center gap-1 text-sm font-semibold text-primary">
        <Icon name="chevronRight" className="size-4 rotate-180" />
        {t("cancelPage.back")}
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{t("cancelPage.title")}</h1>
      <p className="mt-1 text-muted">
        <span className="font-semibold text-fg">{booking.car}</span> ·{" "}
        {t("list.reference", { reference: booking.reference })} · {day(booking.startDate)} – {day(booking.endDate)}
      </p>

      {actionData?.error ? (
        <div role="alert" className="mt-5 rounded-xl border border-danger/30 bg-danger-soft p-4 text-sm text-danger">
          <p className="font-bold">{t(actionData.error.title, { ns: ["bookings", "common"] })}</p>
          <p>
            {t(actionData.error.message, {
              ns: ["bookings", "common"],
              amount: "amount" in actionData.error ? actionData.error.amount : undefined,
            })}
          </p>
        </div>
      ) : null}

      <div className="mt-6 grid gap-5">
        {preview.kind === "paid" ? (
          <PaidPreview loaded={loaded} preview={preview} />
        ) : (
          <Notice>{t(`cancelPage.${preview.kind}`)}</Notice>
        )}
        {preview.kind === "paid" || preview.kind === "unpaid" ? (
          <CancelForm expectedRefund={loaded.expectedRefund} back={loaded.back} />
        ) : (
          <Link to={loaded.back} className={buttonClass("secondary", "md", "justify-self-start")}>
            {t("cancelPage.toBookings")}
          </Link>
        )}
      </div>
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex gap-2 rounded-xl border border-line bg-info-soft p-4 text-sm">
      <Icon name="info" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

function PaidPreview({ loaded, preview }: { loaded: Loaded; preview: Extract<Loaded["preview"], { kind: "paid" }> }) {
  const { t, i18n } = useTranslation("bookings");
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const when = (at: number) => formatDateTime(at, i18n.language, "long");
  const { refund } = preview;
  const { booking } = loaded;
  const policy = t(`cancellationTerms.policy.${booking.policy}`);
  if (preview.role === "host") {
    return (
      <section aria-labelledby="refund-title" className="grid gap-3 rounded-2xl border border-line bg-surface p-5">
        <h2 id="refund-title" className="text-xl font-bold">
          {t("cancelPage.hostRefund", { paid: money(refund.paid) })}
        </h2>
        <p className="flex gap-2 text-sm">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>{t("cancelPage.hostNote")}</span>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="refund-title" className="grid gap-3 rounded-2xl border border-line bg-surface p-5">
      <h2 id="refund-title" className="text-xl font-bold">
        {t("cancelPage.renterRefund", { refund: money(refund.refund), paid: money(refund.paid) })}
      </h2>
      <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="text-muted">{t("cancelPage.policy")}</dt>
        <dd className="font-medium">{policy}</dd>
        {refund.kept > 0 ? (
          <>
            <dt className="text-muted">{t("cancelPage.kept")}</dt>
            <dd className="font-medium">{money(refund.kept)}</dd>
          </>
        ) : null}
      </dl>
      <p className="text-sm">
        {refund.terms.kind === "late"
          ? t("cancelPage.why.late", {
              deadline: when(refund.terms.deadline),
              hours: booking.policyHours,
              pickup: when(booking.pickupAt),
            })
          : refund.terms.kind === "no_cancellation"
            ? t("cancelPage.why.noCancellation")
            : refund.deadline !== null
              ? t("cancelPage.why.beforeDeadline", {
                  deadline: when(refund.deadline),
                  after: money(preview.afterDeadline ?? refund.refund),
                })
              : null}
      </p>
    </section>
  );
}

function CancelForm({ expectedRefund, back }: { expectedRefund: number; back: string }) {
  const { t } = useTranslation("bookings");
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      <input type="hidden" name="expectedRefund" value={expectedRefund} />
      <Button type="submit" variant="danger" size="lg" disabled={busy}>
        {t("cancelPage.confirm")}
      </Button>
      <Link to={back} className={buttonClass("secondary", "lg")}>
        {t("cancelPage.keep")}
      </Link>
    </Form>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
