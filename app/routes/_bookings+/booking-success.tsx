// /booking-success (part 2 §2 "Booking success"): where the checkout sends the renter back. Coming back proves
// nothing: the page tells what the stored payment state says (app/bookings/booking-receipt.server.ts). Until the
// webhook has confirmed the payment it checks again by itself every few seconds: with JavaScript by re-running the
// loader, without it by a refresh that only browsers without JavaScript obey (see PendingCheck).
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { notFound, requireUserWith, type ErrorPayload } from "~/accounts/guards.server";
import { cancelReasonOf, findReceipt, receiptPhase } from "~/bookings/booking-receipt.server";
import { bookingReference } from "~/bookings/booking-rules";
import { bookedPackageName } from "~/bookings/booking-text";
import type { BreadcrumbHandle } from "~/components/shell/breadcrumbs";
import { getLanguage, getT } from "~/i18n.server";
import { formatDateTime } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import {
  Actions,
  DetailsCard,
  HostNote,
  NextSteps,
  PaymentSummary,
  Reminders,
  StatusHeader,
} from "./__booking-success-parts";

export const handle: BreadcrumbHandle & { i18n: string[] } = {
  i18n: ["payment", "bookings", "common"],
  breadcrumb: "payment:titles.success",
};

/** How often the page checks again while the payment is unconfirmed, and for how long (40 × 3 s = 2 minutes). */
const CHECK_SECONDS = 3;
const MAX_CHECKS = 40;

const BOOKINGS_ACTION = { to: "/bookings", label: "payment:notFound.action" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const bookingId = url.searchParams.get("booking_id")?.trim() ?? "";
  // The receipt is asked for by the session's subquery beside its lookup: one round trip (decision 002).
  const [, read] = await requireUserWith(request, context, (userId) =>
    findReceipt(context.db, bookingId, userId).then(
      (receipt) => ({ receipt }),
      (error: unknown) => ({ error }),
    ),
  );
  if (!bookingId) {
    throw data<ErrorPayload>(
      { title: "payment:missingId.title", message: "payment:missingId.text", action: BOOKINGS_ACTION },
      { status: 400 },
    );
  }
  if ("error" in read) {
    console.error("booking receipt could not be read", read.error);
    throw data<ErrorPayload>(
      { title: "payment:loadFailed.title", message: "payment:loadFailed.text" },
      { status: 503 },
    );
  }
  const { receipt } = read;
  // Someone else's booking gets the same answer as one that does not exist.
  if (!receipt) notFound("payment:notFound.text", "payment:notFound.title", BOOKINGS_ACTION);

  const [t, language] = await Promise.all([getT(request, "payment"), getLanguage(request)]);
  const phase = receiptPhase(receipt);
  const moment = (value: Date) => formatDateTime(value, language, "long");

  // The automatic checks count themselves in the address, so a browser without JavaScript stops after MAX_CHECKS.
  const checks = Math.min(Math.max(Number.parseInt(url.searchParams.get("check") ?? "0", 10) || 0, 0), MAX_CHECKS);
  const next = new URLSearchParams(url.searchParams);
  next.set("check", String(Math.min(checks + 1, MAX_CHECKS)));
  const checkUrl = `${url.pathname}?${next}`;

  const { confirmedAt, cancelledAt, createdAt, host, insurance, ...booking } = receipt;
  return {
    title: t(`status.${phase}.title`),
    phase,
    booking: {
      ...booking,
      reference: bookingReference(booking.id),
      cancelReason: cancelReasonOf(receipt),
      insurance: insurance ? { name: bookedPackageName(insurance, language), totalCost: insurance.totalCost } : null,
      // The host's e-mail is theirs to give once they have said yes; until then the renter writes in Messages.
      host: { name: host.name, email: phase === "confirmed" ? host.email : null },
    },
    moments: {
      requestedAt: moment(createdAt),
      confirmedAt: phase === "confirmed" ? (confirmedAt ? moment(confirmedAt) : t("details.justNow")) : null,
      cancelledAt: phase === "cancelled" && cancelledAt ? moment(cancelledAt) : null,
    },
    pending:
      phase === "processing"
        ? { checkUrl, checksLeft: MAX_CHECKS - checks, refreshUrl: checks < MAX_CHECKS ? checkUrl : null }
        : null,
  };
}

export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
export type Booking = LoaderData["booking"];

export default function BookingSuccessPage() {
  const loaded = useLoaderData<typeof loader>();
  const { phase, booking } = loaded;
  const slow = useAutoCheck(loaded);
  const ongoing = phase === "requested" || phase === "confirmed";
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      {loaded.pending?.refreshUrl ? <NoScriptRefresh url={loaded.pending.refreshUrl} /> : null}
      <StatusHeader phase={phase} booking={booking} slow={slow} checkUrl={loaded.pending?.checkUrl ?? null} />
      {booking.role === "host" ? <HostNote /> : null}
      <div className="mt-6 grid gap-6">
        <DetailsCard booking={booking} moments={loaded.moments} phase={phase} />
        <PaymentSummary booking={booking} />
        {ongoing ? <NextSteps phase={phase} /> : null}
        <Actions phase={phase} />
        {ongoing ? <Reminders /> : null}
      </div>
    </div>
  );
}

/**
 * While the payment is unconfirmed, re-run the loader every CHECK_SECONDS (with JavaScript), at most the checks
 * left; true once they are used up. Leaving the page or the state stops it.
 */
function useAutoCheck(loaded: LoaderData): boolean {
  const revalidator = useRevalidator();
  const used = useRef(0);
  const [exhausted, setExhausted] = useState(false);
  const checksLeft = loaded.pending?.checksLeft ?? 0;
  useEffect(() => {
    if (!loaded.pending) return;
    if (used.current >= checksLeft) {
      setExhausted(true);
      return;
    }
    const timer = window.setTimeout(() => {
      used.current += 1;
      revalidator.revalidate();
    }, CHECK_SECONDS * 1000);
    return () => window.clearTimeout(timer);
    // Each new answer from the loader arms the next check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
  return Boolean(loaded.pending) && (exhausted || checksLeft <= 0);
}

/**
 * The automatic check for browsers without JavaScript. With scripting on, a browser reads a <noscript>'s content as
 * text, so the refresh is never scheduled: a refresh once scheduled survives client-side navigation and would pull
 * the reader back here after they had moved on (and JavaScript re-checks without reloading anyway).
 */
function NoScriptRefresh({ url }: { url: string }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${CHECK_SECONDS};url=${url}`} />
    </noscript>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
