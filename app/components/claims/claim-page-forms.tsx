// The claim page's forms, plain multipart POSTs that work without JavaScript: the host's claim (pre-filled from what
// the trip records suggest) and the renter's accept or dispute. Validation is the server's (claims/claim-form.ts);
// its reply puts each message next to its field and keeps what was typed.
import {
  FormProvider,
  getCollectionProps,
  getFormProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CLAIM_CATEGORIES } from "#db/enums";
import type { ClaimView } from "~/claims/claim-case.server";
import { ClaimBreakdownList } from "~/components/claims/claim-details";
import { MEASURED_CATEGORIES } from "~/pricing/claim-amounts";
import { Button } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field-errors";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/form";
import { useForm } from "~/components/ui/use-form";
import { formatDateTime, formatMoney } from "~/utils/format";

const MAX_TEXT = 2000;
const ACCEPT = "image/jpeg,image/png,image/webp";

function PhotosInput({
  id,
  name,
  label,
  hint,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  errors?: string[];
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="mb-1.5 text-sm text-muted">
        {hint}
      </p>
      <input
        id={id}
        name={name}
        type="file"
        multiple
        accept={ACCEPT}
        aria-describedby={`${id}-hint${errors?.length ? ` ${id}-error` : ""}`}
        aria-invalid={errors?.length ? true : undefined}
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:font-semibold"
      />
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** A claim's or a dispute's words and photos: `keys` names the texts' group ("form" or "answer"). */
function TextAndPhotos({
  text,
  photos,
  keys,
  textKey,
}: {
  text: FieldMetadata<string>;
  photos: FieldMetadata<File[]>;
  keys: "form" | "answer";
  textKey: "description" | "note";
}) {
  const { t } = useTranslation("claims");
  return (
    <>
      <TextAreaField
        meta={text}
        label={t(`${keys}.${textKey}`)}
        hint={t(`${keys}.${textKey}Hint`)}
        rows={5}
        maxLength={MAX_TEXT}
      />
      <PhotosInput
        id={photos.id}
        name={photos.name}
        label={t(`${keys}.photos`)}
        hint={t(`${keys}.photosHint`)}
        errors={photos.errors}
      />
    </>
  );
}

export function FileClaimForm({
  view,
  defaults,
  lastResult,
}: {
  view: ClaimView;
  defaults: { amount: string; categories: string[] };
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation("claims");
  const navigation = useNavigation();
  const [form, fields] = useForm<{
    intent: string;
    description: string;
    amount: string;
    categories: string[];
    photos: File[];
  }>({
    id: "claim-file",
    lastResult,
    defaultValue: { intent: "file", description: "", ...defaults },
    shouldValidate: "onSubmit",
  });
  const deposit = formatMoney(view.booking.depositAmount, i18n.language);
  // A chauffeured booking offers nothing the renter did not do: no kilometres, no lateness (the server refuses both).
  const categories = CLAIM_CATEGORIES.filter(
    (c) => !view.suggestion.chauffeured || !(MEASURED_CATEGORIES as readonly string[]).includes(c),
  );
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "file";
  return (
    <section aria-labelledby="claim-form-title" className="grid gap-4">
      <h2 id="claim-form-title" className="text-lg font-bold">
        {t("form.title")}
      </h2>
      <div className="rounded-lg border border-line p-4">
        <h3 className="mb-1 text-sm font-semibold">{t("measures.title")}</h3>
        <p className="mb-2 text-sm text-muted">{t("measures.intro")}</p>
        <ClaimBreakdownList breakdown={view.suggestion} measures={view.measures} testId="claim-measures" />
        {view.suggestion.amount > 0 ? (
          <p className="mt-2 text-sm font-semibold">
            {t("measures.suggested", { amount: formatMoney(view.suggestion.amount, i18n.language) })}
          </p>
        ) : null}
      </div>
      <p className="text-sm">{t("depositMax", { amount: deposit })}</p>
      <FormProvider context={form.context}>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-5">
          <input type="hidden" name="intent" value="file" />
          <FormAlert id={form.errorId} errors={form.errors} />
          <TextField
            meta={fields.amount}
            label={t("form.amount")}
            hint={t("form.amountHint", { max: deposit })}
            inputProps={{ inputMode: "decimal", autoComplete: "off" }}
          />
          <fieldset aria-describedby={fields.categories.errors?.length ? fields.categories.errorId : undefined}>
            <legend className="mb-1.5 text-sm font-semibold">{t("form.categories")}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {getCollectionProps(fields.categories, { type: "checkbox", options: categories }).map((props) => (
                <div key={props.key} className="flex items-center gap-3">
                  <input
                    {...props}
                    key={props.key}
                    className="size-5 shrink-0 rounded border-line accent-[var(--primary)]"
                  />
                  <label htmlFor={props.id} className="text-sm">
                    {t(`categories.${props.value}`)}
                  </label>
                </div>
              ))}
            </div>
            <FieldErrors id={fields.categories.errorId} errors={fields.categories.errors} />
          </fieldset>
          <TextAndPhotos text={fields.description} photos={fields.photos} keys="form" textKey="description" />
          <Button type="submit" className="justify-self-start" disabled={busy}>
            {busy ? t("form.submitting") : t("form.submit")}
          </Button>
        </Form>
      </FormProvider>
    </section>
  );
}

export function AnswerClaimForms({
  view,
  lastResult,
}: {
  view: ClaimView;
  lastResult?: { intent: string; result: SubmissionResult<string[]> };
}) {
  const { t, i18n } = useTranslation("claims");
  const navigation = useNavigation();
  const [acceptForm] = useForm({
    id: "claim-accept",
    lastResult: lastResult?.intent === "accept" ? lastResult.result : undefined,
  });
  const [disputeForm, fields] = useForm<{ intent: string; note: string; photos: File[] }>({
    id: "claim-dispute",
    lastResult: lastResult?.intent === "dispute" ? lastResult.result : undefined,
    defaultValue: { intent: "dispute", note: "" },
    shouldValidate: "onSubmit",
  });
  if (!view.claim || !view.money) return null;
  const lang = i18n.language;
  const busy = navigation.state !== "idle";
  return (
    <section aria-labelledby="claim-answer-title" className="grid gap-4 border-t border-line pt-5">
      <h2 id="claim-answer-title" className="text-lg font-bold">
        {t("answer.title")}
      </h2>
      <p className="text-sm">{t("answer.intro", { date: formatDateTime(view.claim.respondBy, lang) })}</p>
      <Form method="post" {...getFormProps(acceptForm)} className="grid gap-2 rounded-lg border border-line p-4">
        <FormAlert id={acceptForm.errorId} errors={acceptForm.errors} />
        <p className="text-sm">
          {t("answer.acceptHint", {
            refund: formatMoney(view.money.refund, lang),
            deposit: formatMoney(view.money.deposit, lang),
          })}
        </p>
        <Button type="submit" name="intent" value="accept" className="justify-self-start" disabled={busy}>
          {t("answer.accept")}
        </Button>
      </Form>
      <FormProvider context={disputeForm.context}>
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(disputeForm)}
          className="grid gap-4 rounded-lg border border-line p-4"
        >
          <h3 className="font-semibold">{t("answer.disputeTitle")}</h3>
          <input type="hidden" name="intent" value="dispute" />
          <FormAlert id={disputeForm.errorId} errors={disputeForm.errors} />
          <TextAndPhotos text={fields.note} photos={fields.photos} keys="answer" textKey="note" />
          <Button type="submit" variant="secondary" className="justify-self-start" disabled={busy}>
            {t("answer.dispute")}
          </Button>
        </Form>
      </FormProvider>
    </section>
  );
}
