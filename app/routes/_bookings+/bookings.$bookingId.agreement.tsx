// /bookings/{id}/agreement (part 2 §2 "Rental agreement dialog"): a page over My Bookings, for the two parties of a
// confirmed, active or completed booking. The host sets the terms and both sign (see rental-agreement.server.ts):
// the host gets the terms as a form while nobody has signed, the renter reads them; each party signs their own side.
// Plain POST forms with an `intent` button, so everything works without JavaScript. "Download" is the standalone
// HTML document from /bookings/{id}/agreement.html. The cancellation policy is the booking's (copied from the listing
// when it was requested): shown, never edited here.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden } from "~/accounts/guards.server";
import { requireBookingParty } from "~/bookings/booking-access.server";
import { bookingReference, hasAgreement } from "~/bookings/booking-rules";
import {
  AgreementTermsSchema,
  mileageLimitTotal,
  SignAgreementSchema,
  termsFromForm,
  termsVersion,
} from "~/bookings/rental-agreement";
import {
  findAgreementReads,
  isEditable,
  openAgreement,
  saveAgreementTerms,
  signAgreement,
  termsOf,
} from "~/bookings/rental-agreement.server";
import { buttonClass } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { OverlayPage } from "~/components/ui/overlay-page";
import { getT } from "~/i18n.server";
import { formatDate, formatNumber } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { Fact, BookedPolicy, TermsList, TermsForm, Signature } from "./__agreement-parts";

export const handle = { i18n: ["agreement", "bookings"], breadcrumb: "agreement:titles.page" };

const CLOSE_TO = "/bookings";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const bookingId = params.bookingId ?? "";
  // The agreement (if made already) and the parties' names beside the booking and the session: one round trip; the
  // first opening makes the agreement, one write more.
  const { booking, car, role, alongside } = await requireBookingParty(request, context, bookingId, () =>
    findAgreementReads(context.db, bookingId),
  );
  const t = await getT(request, "agreement");
  const facts = {
    id: booking.id,
    reference: bookingReference(booking.id),
    startDate: booking.startDate,
    endDate: booking.endDate,
    totalDays: booking.totalDays,
    car: `${car.make} ${car.model} ${car.year}`,
    cancellationPolicy: booking.cancellationPolicy,
  };
  if (!hasAgreement(booking.status)) {
    // A pending or cancelled booking has no agreement yet: the page says so rather than making one.
    return { title: t("titles.page"), available: false as const, role, booking: facts };
  }
  const { agreement, parties } = await openAgreement(context.db, booking, alongside);
  const terms = termsOf(agreement);
  return {
    title: t("titles.page"),
    available: true as const,
    role,
    booking: facts,
    parties,
    terms,
    version: termsVersion(terms),
    renterSignedAt: agreement.renterSignedAt?.getTime() ?? null,
    hostSignedAt: agreement.hostSignedAt?.getTime() ?? null,
    canEdit: role === "host" && isEditable(agreement),
  };
}

type ActionData = { intent: "edit"; result: SubmissionResult<string[]> } | { intent: "sign"; error: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, booking } = await requireBookingParty(request, context, params.bookingId);
  const formData = await request.formData();
  const page = `/bookings/${booking.id}/agreement`;
  const env = context.env;

  if (formData.get("intent") === "sign") {
    const submission = parseWithZod(formData, { schema: SignAgreementSchema });
    if (submission.status !== "success") {
      return data<ActionData>({ intent: "sign", error: "agreement:errors.termsChanged" }, { status: 400 });
    }
    const outcome = await signAgreement(context.db, booking, user.id, submission.value.termsVersion, new Date());
    if (outcome.status === "not-party") forbidden();
    if (outcome.status !== "signed")
      return data<ActionData>({ intent: "sign", error: signError(outcome.status) }, { status: 409 });
    return redirectWithToast(
      page,
      { type: "success", title: "agreement:toasts.signed", description: toastText(outcome) },
      env,
    );
  }

  const submission = parseWithZod(formData, { schema: AgreementTermsSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "edit", result: submission.reply() }, { status: 400 });
  }
  const saved = await saveAgreementTerms(context.db, booking, user.id, termsFromForm(submission.value));
  if (saved.status === "not-host") forbidden("agreement:errors.hostOnly");
  if (saved.status !== "saved") {
    const message = saved.status === "locked" ? "agreement:errors.locked" : "agreement:errors.notAvailable";
    return data<ActionData>({ intent: "edit", result: submission.reply({ formErrors: [message] }) }, { status: 409 });
  }
  if (submission.value.intent === "save") {
    return redirectWithToast(page, { type: "success", title: "agreement:toasts.saved" }, env);
  }
  // "Save and sign": the host signs exactly the terms just saved.
  const signed = await signAgreement(context.db, booking, user.id, termsVersion(termsOf(saved.agreement)), new Date());
  if (signed.status !== "signed") {
    return data<ActionData>(
      { intent: "edit", result: submission.reply({ formErrors: [signError(signed.status)] }) },
      { status: 409 },
    );
  }
  return redirectWithToast(
    page,
    { type: "success", title: "agreement:toasts.signed", description: toastText(signed) },
    env,
  );
}

function signError(status: "not-party" | "not-available" | "already-signed" | "terms-changed") {
  if (status === "already-signed") return "agreement:errors.alreadySigned";
  if (status === "terms-changed") return "agreement:errors.termsChanged";
  return "agreement:errors.notAvailable";
}

function toastText(outcome: { agreement: { renterSignedAt: Date | null; hostSignedAt: Date | null } }) {
  return outcome.agreement.renterSignedAt && outcome.agreement.hostSignedAt
    ? "agreement:toasts.signedByBoth"
    : "agreement:toasts.waitingForOther";
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function AgreementPage() {
  const { t } = useTranslation("agreement");
  const loaded = useLoaderData<typeof loader>();
  return (
    <OverlayPage
      title={t("titles.page")}
      closeTo={CLOSE_TO}
      headerExtra={<p className="text-sm text-muted">{t("page.reference", { reference: loaded.booking.reference })}</p>}
    >
      {loaded.available ? (
        <AgreementBody data={loaded} />
      ) : (
        <div className="grid gap-4">
          <p role="status" className="flex gap-2 rounded-lg border border-line bg-info-soft p-3 text-sm">
            <Icon name="info" className="mt-0.5 size-4 shrink-0" />
            <span>{t("errors.notAvailable")}</span>
          </p>
          <Link to={CLOSE_TO} className={buttonClass("secondary", "md", "justify-self-start")}>
            {t("page.backToBookings")}
          </Link>
        </div>
      )}
    </OverlayPage>
  );
}

export type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { available: true }>;

function AgreementBody({ data: loaded }: { data: Loaded }) {
  const { t, i18n } = useTranslation("agreement");
  const actionData = useActionData<typeof action>();
  const { booking, parties, terms } = loaded;
  const locale = i18n.language;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="agreement-facts-title">
        <h2 id="agreement-facts-title" className="text-lg font-bold">
          {t("facts.title")}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Fact label={t("facts.car")}>{booking.car}</Fact>
          <Fact label={t("facts.period")}>
            {t("facts.periodValue", {
              start: formatDate(booking.startDate, locale, "long"),
              end: formatDate(booking.endDate, locale, "long"),
            })}
          </Fact>
          <Fact label={t("facts.totalDays")}>{t("facts.days", { count: booking.totalDays })}</Fact>
          <Fact label={t("facts.mileageTotal")}>
            {t("facts.mileageTotalValue", {
              total: formatNumber(mileageLimitTotal(terms.mileageLimitPerDay, booking.totalDays), locale),
              perDay: formatNumber(terms.mileageLimitPerDay, locale),
            })}
          </Fact>
          <Fact label={t("facts.host")}>{parties.host}</Fact>
          <Fact label={t("facts.renter")}>{parties.renter}</Fact>
        </dl>
      </section>

      <section aria-labelledby="agreement-terms-title" className="border-t border-line pt-5">
        <h2 id="agreement-terms-title" className="text-lg font-bold">
          {t("terms.title")}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {loaded.canEdit
            ? t("terms.hostEditNote")
            : loaded.hostSignedAt || loaded.renterSignedAt
              ? t("terms.lockedNote")
              : t("terms.renterReadNote")}
        </p>
        {loaded.canEdit ? (
          <>
            <dl className="mt-3">
              <BookedPolicy policy={booking.cancellationPolicy} startDate={booking.startDate} />
            </dl>
            <TermsForm terms={terms} lastResult={actionData?.intent === "edit" ? actionData.result : undefined} />
          </>
        ) : (
          <TermsList terms={terms} booking={booking} />
        )}
      </section>

      <section aria-labelledby="agreement-signatures-title" className="border-t border-line pt-5">
        <h2 id="agreement-signatures-title" className="text-lg font-bold">
          {t("signatures.title")}
        </h2>
        {actionData?.intent === "sign" ? (
          <div className="mt-3">
            <FormAlert errors={[actionData.error]} />
          </div>
        ) : null}
        <ul className="mt-3 grid gap-3">
          <Signature side="host" name={parties.host} signedAt={loaded.hostSignedAt} data={loaded} />
          <Signature side="renter" name={parties.renter} signedAt={loaded.renterSignedAt} data={loaded} />
        </ul>
      </section>

      <div className="flex flex-wrap gap-3 border-t border-line pt-5">
        {/* A file, not a page: a plain link so the browser downloads it. */}
        <a href={`/bookings/${booking.id}/agreement.html`} download className={buttonClass("secondary")}>
          <Icon name="download" className="size-4" />
          {t("page.download")}
        </a>
        <Link to={CLOSE_TO} className={buttonClass("ghost")}>
          {t("page.backToBookings")}
        </Link>
      </div>
    </div>
  );
}
