// /admin/claims/{claimId}: one claim over the queue — the check-in and check-out photos side by side by angle, the
// claim's and the dispute's evidence, the numbers (km, hours, rates), and for a disputed claim the decision: what is
// kept (0 … the amount claimed) and why. Deciding settles the deposit and writes the audit line in the same batch
// (admin/claims.server.ts, claims/damage-claims.server.ts).
import { FormProvider, getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { notFound, requireAdmin, requireAdminWith } from "~/accounts/guards.server";
import { claimBookingIdSql, decideClaimAsAdmin } from "~/admin/claims.server";
import { decideClaimSchema } from "~/claims/claim-form";
import { claimView, findClaimCase } from "~/claims/claim-case.server";
import { findClaimForDecision } from "~/claims/damage-claims.server";
import { PLAUSIBLE_KM_PER_DAY } from "~/bookings/trip-rules";
import { ClaimDetails } from "~/components/claims/claim-details";
import { TripPhotoPairs } from "~/components/trips/trip-photo-pairs";
import { Button } from "~/components/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/form";
import { OverlayPage } from "~/components/ui/overlay-page";
import { useForm } from "~/components/ui/use-form";
import { getT } from "~/i18n.server";
import { formatMoney, formatNumber } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin", "claims"], breadcrumb: "claims:titles.admin" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const now = new Date();
  const [, found] = await requireAdminWith(request, context, () =>
    findClaimCase(context.db, claimBookingIdSql(params.claimId ?? ""), now),
  );
  if (!found?.claim) notFound("claims:errors.notFound");
  const t = await getT(request, "claims");
  const view = claimView(found, now);
  return { title: t("titles.adminClaim", { reference: view.booking.reference }), view };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const claim = await findClaimForDecision(context.db, params.claimId ?? "");
  if (!claim) notFound("claims:errors.notFound");
  const submission = parseWithZod(await request.formData(), { schema: decideClaimSchema(claim.amount) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await decideClaimAsAdmin(context, admin, {
    claimId: claim.id,
    amount: submission.value.amount,
    reason: submission.value.reason,
    now: new Date(),
    origin: context.env.appUrl ?? new URL(request.url).origin,
  });
  if (!outcome.ok) {
    return data({ result: submission.reply({ formErrors: [outcome.error] }) }, { status: outcome.status });
  }
  return redirectWithToast(
    `/admin/claims/${claim.id}`,
    { type: "success", title: "claims:toasts.decided" },
    context.env,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function AdminClaimPage() {
  const { t, i18n } = useTranslation("claims");
  const { title, view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lang = i18n.language;
  const { records, measures, rates, booking } = view;
  // Kilometres as the trip page writes them ("52,000" / "52 000"), in the page's language.
  const km = (value: number) => formatNumber(value, lang, 0);
  return (
    <OverlayPage title={title} closeTo="/admin/claims" width="max-w-3xl">
      <div className="grid gap-6">
        <p className="text-muted">
          {view.car} · {formatMoney(booking.depositAmount, lang)}
        </p>
        <ClaimDetails view={view} reader="admin" />

        <section aria-labelledby="claim-numbers-title" className="grid gap-2 border-t border-line pt-5">
          <h2 id="claim-numbers-title" className="text-lg font-bold">
            {t("admin.numbers")}
          </h2>
          <ul className="grid gap-1 text-sm">
            {records.checkIn && records.checkOut ? (
              <>
                <li>
                  {t("admin.odometer", { from: km(records.checkIn.odometerKm), to: km(records.checkOut.odometerKm) })}
                </li>
                <li>{t("admin.fuel", { from: records.checkIn.fuelLevel, to: records.checkOut.fuelLevel })}</li>
              </>
            ) : null}
            <li>
              {t("admin.driven", {
                driven: measures.kmDriven === null ? "—" : km(measures.kmDriven),
                allowed: km(measures.kmAllowed),
                perDay: km(rates.mileageLimitPerDay),
                days: booking.totalDays,
              })}
            </li>
            <li>{t("admin.excess", { km: km(measures.excessKm), rate: formatMoney(rates.excessKmFee, lang) })}</li>
            <li>{t("admin.late", { hours: measures.hoursLate, rate: formatMoney(rates.lateReturnFee, lang) })}</li>
          </ul>
          {view.odometer?.held ? (
            <p className="rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm" data-testid="odometer-held">
              {t("admin.odometerHeld", {
                count: view.odometer.days,
                driven: km(view.odometer.kmDriven),
                perDay: km(PLAUSIBLE_KM_PER_DAY),
              })}
            </p>
          ) : null}
        </section>

        <div className="border-t border-line pt-5">
          <TripPhotoPairs checkIn={view.photos.checkIn} checkOut={view.photos.checkOut} headingId="admin-trip-photos" />
        </div>

        {view.claim?.status === "disputed" ? (
          <DecideForm claimed={view.claim.amount} lastResult={actionData?.result} />
        ) : null}
      </div>
    </OverlayPage>
  );
}

function DecideForm({ claimed, lastResult }: { claimed: number; lastResult?: SubmissionResult<string[]> }) {
  const { t, i18n } = useTranslation("claims");
  const navigation = useNavigation();
  const [form, fields] = useForm<{ amount: string; reason: string }>({
    id: "claim-decide",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <section aria-labelledby="decide-title" className="grid gap-4 border-t border-line pt-5">
      <h2 id="decide-title" className="text-lg font-bold">
        {t("admin.decideTitle")}
      </h2>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="grid gap-5">
          <FormAlert id={form.errorId} errors={form.errors} />
          <TextField
            meta={fields.amount}
            label={t("admin.amount")}
            hint={t("admin.amountHint", { max: formatMoney(claimed, i18n.language) })}
            inputProps={{ inputMode: "decimal", autoComplete: "off" }}
          />
          <TextAreaField
            meta={fields.reason}
            label={t("admin.reason")}
            hint={t("admin.reasonHint")}
            rows={4}
            maxLength={2000}
          />
          <Button type="submit" className="justify-self-start" disabled={navigation.state !== "idle"}>
            {t("admin.decide")}
          </Button>
        </Form>
      </FormProvider>
    </section>
  );
}
