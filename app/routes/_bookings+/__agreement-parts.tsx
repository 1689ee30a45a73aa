// The rental agreement page's parts, beside its route: a fact of the booking, the cancellation policy it was booked
// with, the terms as a list and as the host's form, and each party's signature.
import { FormProvider, getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { BookingRole } from "~/bookings/booking-rules";
import {
  ADDITIONAL_TERMS_MAX,
  AgreementTermsSchema,
  formatFee,
  MAX_MILEAGE_PER_DAY,
  termsToForm,
  type AgreementTerms,
} from "~/bookings/rental-agreement";
import { DAMAGE_POLICIES, FUEL_POLICIES } from "#db/enums";
import type { CancellationPolicy } from "~/bookings/cancellation-terms";
import { CancellationPolicyText } from "~/components/bookings/cancellation-policy";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextAreaField, TextField } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { useForm } from "~/components/ui/use-form";
import { formatDateTime, formatNumber } from "~/utils/format";
import type { Loaded } from "./bookings.$bookingId.agreement";

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-0.5 break-words font-medium">{children}</dd>
    </div>
  );
}

/** The booking's cancellation policy: what the renter booked under, read-only for both parties. */
export function BookedPolicy({ policy, startDate }: { policy: CancellationPolicy; startDate: string }) {
  const { t } = useTranslation("agreement");
  return (
    <div className="min-w-0 sm:col-span-2">
      <dt className="text-sm text-muted">{t("fields.cancellationPolicy")}</dt>
      <dd className="mt-0.5 break-words">
        <span className="block font-medium">
          <CancellationPolicyText policy={policy} startDate={startDate} />
        </span>
        <span className="block text-sm text-muted">{t("bookedTerms.policyNote")}</span>
      </dd>
    </div>
  );
}

export function TermsList({
  terms,
  booking,
}: {
  terms: AgreementTerms;
  booking: { cancellationPolicy: CancellationPolicy; startDate: string };
}) {
  const { t, i18n } = useTranslation("agreement");
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
      <Fact label={t("fields.mileageLimitPerDay")}>
        {t("terms.kmPerDay", { km: formatNumber(terms.mileageLimitPerDay, i18n.language) })}
      </Fact>
      <Fact label={t("fields.lateReturnFee")}>
        {t("terms.feePerHour", { fee: formatFee(terms.lateReturnFee, i18n.language) })}
      </Fact>
      <Fact label={t("bookedTerms.excessKmFee")}>
        {t("bookedTerms.feePerKm", { fee: formatFee(terms.excessKmFee, i18n.language) })}
      </Fact>
      <Fact label={t("fields.fuelPolicy")}>{t(`fuelPolicy.${terms.fuelPolicy}`)}</Fact>
      <Fact label={t("fields.damagePolicy")}>{t(`damagePolicy.${terms.damagePolicy}`)}</Fact>
      <BookedPolicy policy={booking.cancellationPolicy} startDate={booking.startDate} />
      <div className="sm:col-span-2">
        <dt className="text-sm text-muted">{t("fields.additionalTerms")}</dt>
        <dd className={`mt-0.5 whitespace-pre-line break-words ${terms.additionalTerms ? "" : "italic text-muted"}`}>
          {terms.additionalTerms || t("terms.none")}
        </dd>
      </div>
    </dl>
  );
}

export function TermsForm({ terms, lastResult }: { terms: AgreementTerms; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("agreement");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "agreement-terms",
    lastResult,
    defaultValue: termsToForm(terms),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AgreementTermsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state !== "idle";
  const options = (list: readonly string[], group: string) =>
    list.map((value) => ({ value, label: t(`${group}.${value}`) }));
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            meta={fields.mileageLimitPerDay}
            label={t("fields.mileageLimitPerDay")}
            type="number"
            hint={t("hints.mileageLimitPerDay")}
            inputProps={{ min: 1, max: MAX_MILEAGE_PER_DAY, step: 1, inputMode: "numeric" }}
          />
          <TextField
            meta={fields.lateReturnFee}
            label={t("fields.lateReturnFee")}
            type="number"
            hint={t("hints.lateReturnFee")}
            inputProps={{ min: 0, step: 0.01, inputMode: "decimal" }}
          />
          <TextField
            meta={fields.excessKmFee}
            label={t("bookedTerms.excessKmFee")}
            type="number"
            hint={t("bookedTerms.excessKmHint")}
            inputProps={{ min: 0, step: 0.01, inputMode: "decimal" }}
          />
        </div>
        <SelectField
          meta={fields.fuelPolicy}
          label={t("fields.fuelPolicy")}
          options={options(FUEL_POLICIES, "fuelPolicy")}
        />
        <SelectField
          meta={fields.damagePolicy}
          label={t("fields.damagePolicy")}
          options={options(DAMAGE_POLICIES, "damagePolicy")}
        />
        <TextAreaField
          meta={fields.additionalTerms}
          label={t("fields.additionalTerms")}
          hint={t("hints.additionalTerms", { max: ADDITIONAL_TERMS_MAX })}
          rows={4}
          maxLength={ADDITIONAL_TERMS_MAX}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
            {t("actions.save")}
          </Button>
          <Button type="submit" name="intent" value="save-and-sign" disabled={busy}>
            {t("actions.saveAndSign")}
          </Button>
        </div>
        <p className="text-sm text-muted">{t("actions.signNote")}</p>
      </Form>
    </FormProvider>
  );
}

export function Signature({
  side,
  name,
  signedAt,
  data: loaded,
}: {
  side: BookingRole;
  name: string;
  signedAt: number | null;
  data: Loaded;
}) {
  const { t, i18n } = useTranslation("agreement");
  const navigation = useNavigation();
  const mine = loaded.role === side;
  // The host signs from the terms form ("Save and sign") while the terms can still change.
  const canSignHere = mine && !signedAt && !loaded.canEdit;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="min-w-0">
        <p className="text-sm text-muted">
          {t(side === "host" ? "signatures.host" : "signatures.renter")}
          {mine ? ` ${t("signatures.you")}` : ""}
        </p>
        {signedAt ? (
          <p className="flex items-center gap-1.5 font-medium text-success">
            <Icon name="check" className="size-4 shrink-0" />
            <span>{t("signatures.signedBy", { name, date: formatDateTime(signedAt, i18n.language) })}</span>
          </p>
        ) : (
          <p className="font-medium">{t("signatures.notSigned", { name })}</p>
        )}
      </div>
      {canSignHere ? (
        <Form method="post" className="grid w-full gap-2 sm:w-auto sm:justify-items-end">
          <input type="hidden" name="termsVersion" value={loaded.version} />
          <Button type="submit" name="intent" value="sign" disabled={navigation.state !== "idle"}>
            {t(side === "host" ? "actions.signAsHost" : "actions.signAsRenter")}
          </Button>
          <p className="text-xs text-muted">{t("actions.signConsent")}</p>
        </Form>
      ) : null}
    </li>
  );
}
