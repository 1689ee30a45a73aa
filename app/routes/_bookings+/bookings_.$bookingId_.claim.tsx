// /bookings/{id}/claim (decision 022): a page of its own for the two parties of a trip and, reading
// only, for admins. The host, inside the claim window (check-out + 24 h) of a completed trip whose deposit is held,
// files a claim — the excess kilometres and late hours come pre-computed from the trip records and the agreement's
// rates, the amount pre-filled with their sum (never above the deposit). With a claim, everyone sees it, its photos,
// the check-in and check-out photos side by side, its deadlines and what it means in money; the renter, before the
// deadline, accepts or disputes it. Anyone else gets a 403. Plain multipart forms: everything works without JS.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden, notFound, requireUserWith } from "~/accounts/guards.server";
import { claimPageSchema } from "~/claims/claim-form";
import { claimView, claimViewer, findClaimCase } from "~/claims/claim-case.server";
import { answerClaim, fileClaim, type ClaimOutcome } from "~/claims/damage-claims.server";
import { centsToEurosInput } from "~/bookings/rental-agreement";
import { ClaimDetails } from "~/components/claims/claim-details";
import { AnswerClaimForms, FileClaimForm } from "~/components/claims/claim-page-forms";
import { TripPhotoPairs } from "~/components/trips/trip-photo-pairs";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { formatDate, formatDateTime, formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["claims", "bookings"], breadcrumb: "claims:titles.page" };

async function requireClaimCase(request: Request, context: LoaderFunctionArgs["context"], bookingId = "") {
  const now = new Date();
  // The case is read beside the session (one round trip); who may see it is decided against its row below.
  const [user, found] = await requireUserWith(request, context, () => findClaimCase(context.db, bookingId, now));
  if (!found) notFound("bookings:errors.notFound");
  const reader = claimViewer(found.booking, user);
  if (!reader) forbidden();
  return { user, found, reader, now };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { found, reader, now } = await requireClaimCase(request, context, params.bookingId);
  const t = await getT(request, "claims");
  const view = claimView(found, now);
  const { suggestion } = found;
  return {
    title: t("titles.page"),
    reader,
    view,
    canFile: reader === "host" && !found.claim && found.windowOpen,
    canAnswer: reader === "renter" && view.canAnswer,
    // The host confirms what the records show rather than typing it.
    defaults: {
      amount: suggestion.amount > 0 ? centsToEurosInput(suggestion.amount) : "",
      categories: [
        ...(suggestion.excessKm > 0 ? ["excess_km"] : []),
        ...(suggestion.lateHours > 0 ? ["late_return"] : []),
      ],
    },
  };
}

type ActionData = { intent: string; result: SubmissionResult<string[]> };

const TOASTS = { file: "claims:toasts.filed", accept: "claims:toasts.accepted", dispute: "claims:toasts.disputed" };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, found, reader, now } = await requireClaimCase(request, context, params.bookingId);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  // The host files, the renter answers; admins read claims here and decide them at /admin/claims.
  if (reader !== (intent === "file" ? "host" : "renter")) forbidden();
  const submission = parseWithZod(formData, { schema: claimPageSchema(found.suggestion) });
  if (submission.status !== "success") {
    return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  const base = { bookingId: found.booking.id, userId: user.id, now, origin };
  let outcome: ClaimOutcome;
  if (value.intent === "file") {
    outcome = await fileClaim(context, {
      ...base,
      claim: {
        description: value.description,
        amount: value.amount,
        categories: value.categories,
        photos: value.photos,
      },
    });
  } else {
    const answer =
      value.intent === "accept"
        ? { intent: "accept" as const }
        : { intent: "dispute" as const, note: value.note, photos: value.photos };
    outcome = await answerClaim(context, { ...base, answer });
  }
  if (!outcome.ok) {
    if (outcome.status === 403) forbidden(outcome.error);
    if (outcome.status === 404) notFound(outcome.error);
    const result =
      "field" in outcome
        ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.error] } })
        : submission.reply({ formErrors: [outcome.error] });
    return data<ActionData>({ intent: value.intent, result }, { status: outcome.status });
  }
  return redirectWithToast(
    `/bookings/${found.booking.id}/claim`,
    { type: "success", title: TOASTS[value.intent] },
    context.env,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function ClaimPage() {
  const { t, i18n } = useTranslation("claims");
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { view, reader } = loaded;
  const lang = i18n.language;
  const { booking } = view;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("titles.page")}</h1>
        <p className="text-muted">
          {t("booking", {
            car: view.car,
            reference: booking.reference,
            start: formatDate(booking.startDate, lang),
            end: formatDate(booking.endDate, lang),
          })}
        </p>
        <p className="text-sm">
          <span className="font-semibold">{t("deposit")}: </span>
          {formatMoney(booking.depositAmount, lang)}
        </p>
      </header>

      {reader === "admin" ? <Notice>{t("readOnly")}</Notice> : null}

      {view.claim ? (
        <ClaimDetails view={view} reader={reader} />
      ) : loaded.canFile ? (
        <>
          <Notice>{t("window.open", { date: formatDateTime(booking.claimWindowEndsAt ?? 0, lang) })}</Notice>
          <FileClaimForm
            view={view}
            defaults={loaded.defaults}
            lastResult={actionData?.intent === "file" ? actionData.result : undefined}
          />
        </>
      ) : (
        <Notice>{windowText(view, reader, t, lang)}</Notice>
      )}

      {loaded.canAnswer ? <AnswerClaimForms view={view} lastResult={actionData} /> : null}

      <div className="border-t border-line pt-5">
        <TripPhotoPairs checkIn={view.photos.checkIn} checkOut={view.photos.checkOut} headingId="trip-photos-title" />
      </div>

      <nav className="flex flex-wrap gap-3 border-t border-line pt-5">
        <Link to={`/bookings/${booking.id}`} className={buttonClass("secondary")}>
          {t("backToTrip")}
        </Link>
        <Link to="/bookings" className={buttonClass("ghost")}>
          {t("backToBookings")}
        </Link>
      </nav>
    </div>
  );
}

/** Why there is no claim and no form: not checked out yet, no deposit, the window still open (renter), or closed. */
function windowText(
  view: ReturnType<typeof useLoaderData<typeof loader>>["view"],
  reader: string,
  t: (key: string, values?: Record<string, string>) => string,
  lang: string,
) {
  const { booking } = view;
  if (booking.status !== "completed" || booking.claimWindowEndsAt === null) return t("window.notYet");
  const date = formatDateTime(booking.claimWindowEndsAt, lang);
  if (view.windowOpen && reader !== "host") return t("window.renterOpen", { date });
  if (booking.depositStatus === "none") return t("window.noDeposit");
  return t("window.closed", { date });
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="flex gap-2 rounded-lg border border-line bg-info-soft p-3 text-sm">
      <Icon name="info" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
