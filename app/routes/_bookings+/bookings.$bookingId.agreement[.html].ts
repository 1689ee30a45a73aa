// GET /bookings/{id}/agreement.html (part 2 §2 "Download produces a locally generated HTML file"): the agreement as
// one standalone HTML document, in the reader's language, for the booking's two parties only. Every value from the
// database is escaped; the file has no script and loads nothing. Guests are sent to sign in first; anyone else gets a
// plain 403 or 404, and a booking without an agreement (pending, cancelled) a 409.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireBookingParty } from "~/bookings/booking-access.server";
import { bookingReference, hasAgreement } from "~/bookings/booking-rules";
import { describePolicy } from "~/bookings/cancellation-terms";
import { formatFee, mileageLimitTotal } from "~/bookings/rental-agreement";
import { findAgreementReads, openAgreement, termsOf } from "~/bookings/rental-agreement.server";
import { getLanguage, getT } from "~/i18n.server";
import { formatDate, formatDateTime, formatNumber } from "~/utils/format";
import { escapeHtml } from "~/utils/html";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

function refuse(status: number, text: string) {
  return new Response(text, { status, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
}

/** The status of a guard's thrown 401/403/404 (a `data()` result), or null for anything else. */
function refusedStatus(error: unknown): number | null {
  if (error instanceof Response) return error.status;
  const init = (error as { init?: ResponseInit | null } | null)?.init;
  return typeof init?.status === "number" ? init.status : null;
}

/** A guard's refusal as this file answers it: a guest to sign in and back, anyone else a plain 403 or 404. */
function refusal(request: Request, error: unknown, t: (key: string) => string): Response {
  const status = refusedStatus(error);
  if (status === 401) {
    const path = new URL(request.url).pathname;
    throw redirect(`/auth/signin?redirectTo=${encodeURIComponent(path)}`, { headers: PRIVATE });
  }
  if (status === 403) return refuse(403, t("download.forbidden"));
  if (status === 404) return refuse(404, t("download.notFound"));
  throw error;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const bookingId = params.bookingId ?? "";
  const translated = Promise.all([getLanguage(request), getT(request, ["agreement", "bookings"])]);
  // The agreement (if made already) and the parties' names beside the booking and the session: one round trip; the
  // first opening makes the agreement, one write more (decision 002).
  const found = await requireBookingParty(request, context, bookingId, () =>
    findAgreementReads(context.db, bookingId),
  ).catch(async (error: unknown) => refusal(request, error, (await translated)[1]));
  if (found instanceof Response) return found;
  const [language, t] = await translated;
  const { booking, car, alongside } = found;
  if (!hasAgreement(booking.status)) return refuse(409, t("errors.notAvailable"));

  const { agreement, parties } = await openAgreement(context.db, booking, alongside);
  const terms = termsOf(agreement);
  const reference = bookingReference(booking.id);
  const e = escapeHtml;
  const row = (label: string, value: string) => `<tr><th scope="row">${e(label)}</th><td>${e(value)}</td></tr>`;
  const signature = (label: string, name: string, at: Date | null) =>
    row(
      label,
      at ? t("signatures.signedBy", { name, date: formatDateTime(at, language) }) : t("signatures.notSigned", { name }),
    );

  const html = `<!doctype html>
<html lang="${e(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(t("download.documentTitle", { reference }))}</title>
<style>
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111;max-width:46rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:2rem 0 .5rem;border-bottom:1px solid #ccc;padding-bottom:.25rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.4rem .5rem;border-bottom:1px solid #eee}
th{width:40%;font-weight:600}.muted{color:#555;font-size:.9rem}.terms{white-space:pre-line}
</style>
</head>
<body>
<h1>${e(t("titles.page"))}</h1>
<p class="muted">${e(t("page.reference", { reference }))} · ${e(t("download.generated", { date: formatDateTime(new Date(), language) }))}</p>
<h2>${e(t("facts.title"))}</h2>
<table>
${row(t("facts.car"), `${car.make} ${car.model} ${car.year}`)}
${row(
  t("facts.period"),
  t("facts.periodValue", {
    start: formatDate(booking.startDate, language, "long"),
    end: formatDate(booking.endDate, language, "long"),
  }),
)}
${row(t("facts.totalDays"), t("facts.days", { count: booking.totalDays }))}
${row(t("facts.host"), parties.host)}
${row(t("facts.renter"), parties.renter)}
</table>
<h2>${e(t("terms.title"))}</h2>
<table>
${row(t("fields.mileageLimitPerDay"), t("terms.kmPerDay", { km: formatNumber(terms.mileageLimitPerDay, language) }))}
${row(
  t("facts.mileageTotal"),
  t("facts.mileageTotalValue", {
    total: formatNumber(mileageLimitTotal(terms.mileageLimitPerDay, booking.totalDays), language),
    perDay: formatNumber(terms.mileageLimitPerDay, language),
  }),
)}
${row(t("fields.fuelPolicy"), t(`fuelPolicy.${terms.fuelPolicy}`))}
${row(t("fields.damagePolicy"), t(`damagePolicy.${terms.damagePolicy}`))}
${row(t("fields.lateReturnFee"), t("terms.feePerHour", { fee: formatFee(terms.lateReturnFee, language) }))}
${row(t("bookedTerms.excessKmFee"), t("bookedTerms.feePerKm", { fee: formatFee(terms.excessKmFee, language) }))}
${row(
  t("fields.cancellationPolicy"),
  describePolicy((key, values) => t(key, values), booking.cancellationPolicy, booking.startDate, language),
)}
</table>
<h2>${e(t("fields.additionalTerms"))}</h2>
<p class="terms">${e(terms.additionalTerms ?? t("terms.none"))}</p>
<h2>${e(t("signatures.title"))}</h2>
<table>
${signature(t("signatures.host"), parties.host, agreement.hostSignedAt)}
${signature(t("signatures.renter"), parties.renter, agreement.renterSignedAt)}
</table>
<p class="muted">${e(t("download.intermediary"))}</p>
</body>
</html>
`;
  return new Response(html, {
    headers: {
      ...PRIVATE,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="rental-agreement-${reference.replace(/[^A-Za-z0-9-]/g, "")}.html"`,
      // The file opened from disk should not be able to run anything even if a value slipped through.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "Referrer-Policy": "no-referrer",
    },
  });
}
