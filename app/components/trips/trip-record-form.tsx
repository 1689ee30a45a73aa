// The trip page's forms: recording an end of the trip (a photo of each side, more photos, the odometer, the fuel or
// charge level, a note) and the other party's answer to a record (confirm, or "I don't agree" with a note and
// photos). Multipart POST forms that work without JavaScript; the server checks everything (trip-form.ts) and
// answers with messages next to the fields and the typed values kept. Files cannot be put back into a file input, so
// after a refusal the form asks for the photos again.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TripRecordKind } from "#db/enums";
import {
  FUEL_LEVEL_MAX,
  MAX_EVIDENCE_PHOTOS,
  MAX_TRIP_PHOTOS,
  REQUIRED_ANGLES,
  TRIP_NOTE_MAX,
} from "~/bookings/trip-rules";
import { TripSection } from "~/components/trips/trip-records-view";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { FormAlert } from "~/components/ui/form";
import { useForm } from "~/components/ui/use-form";
import { downsizeForUpload } from "~/photos/downsize.client";
import { formatDateTime, formatNumber } from "~/utils/format";

const ACCEPT = "image/jpeg,image/png,image/webp";
const SIDES = [
  ["front", "photoFront"],
  ["back", "photoBack"],
  ["left", "photoLeft"],
  ["right", "photoRight"],
] as const;
const FUEL_LEVELS = Array.from({ length: FUEL_LEVEL_MAX + 1 }, (_, level) => level);
const MORE_PHOTOS_MAX = MAX_TRIP_PHOTOS - REQUIRED_ANGLES.length;
const NOTE_MAX = TRIP_NOTE_MAX;
const EVIDENCE_PHOTOS_MAX = MAX_EVIDENCE_PHOTOS;

/** The fields as posted (the schema is server-only: app/trips/trip-form.ts). */
interface RecordFields {
  intent: string;
  kind: string;
  odometerKm: number;
  fuelLevel: number;
  note: string;
  photoFront: File;
  photoBack: File;
  photoLeft: File;
  photoRight: File;
  morePhotos: File[];
}
interface DisagreeFields {
  intent: string;
  kind: string;
  disagreement: string;
  disagreementPhotos: File[];
}

export function TripRecordForm({
  kind,
  titleId,
  minOdometerKm,
  afterDeadline,
  lastResult,
}: {
  kind: TripRecordKind;
  titleId: string;
  minOdometerKm: number | null;
  /** A check-out past the return deadline: it records the car's state and moves no clock (trip-rules.ts). */
  afterDeadline?: { deadline: number; claimUntil: number };
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useTranslation("trips");
  const navigation = useNavigation();
  const [form, fields] = useForm<RecordFields>({ id: `record-${kind}`, lastResult, shouldValidate: "onSubmit" });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "record";
  const refused = lastResult?.status === "error";
  const fuel = (level: number) =>
    level === 0
      ? t("form.fuelEmpty", { level })
      : level === 4
        ? t("form.fuelHalf", { level })
        : level === 8
          ? t("form.fuelFull", { level })
          : t("records.fuelValue", { level });
  return (
    <div className="rounded-2xl border-2 border-primary/40 bg-surface p-4 sm:p-6">
      <h2 id={titleId} className="text-xl font-bold">
        {t(`form.title_${kind}`)}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {afterDeadline
          ? t("clock.formAfterDeadline", {
              deadline: formatDateTime(afterDeadline.deadline, i18n.language),
              claimUntil: formatDateTime(afterDeadline.claimUntil, i18n.language),
            })
          : t(`form.intro_${kind}`)}
      </p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 grid gap-5">
        <input type="hidden" name="intent" value="record" />
        <input type="hidden" name="kind" value={kind} />
        <FormAlert id={form.errorId} errors={form.errors} />
        {refused ? <FormAlert tone="info" errors={["trips:form.choosePhotosAgain"]} /> : null}

        <fieldset className="grid gap-3">
          <legend className="text-base font-semibold">{t("form.sides")}</legend>
          <p className="-mt-2 text-sm text-muted">{t("form.sidesHint")}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {SIDES.map(([angle, name]) => (
              <PhotoInput key={angle} meta={fields[name]} label={t(`angles.${angle}`)} required />
            ))}
          </div>
        </fieldset>

        <PhotoInput
          meta={fields.morePhotos}
          label={t("form.more")}
          hint={t("form.moreHint", { count: MORE_PHOTOS_MAX })}
          multiple
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.odometerKm.id} className="mb-1.5 block text-sm font-semibold">
              {t("form.odometer")}
            </label>
            {minOdometerKm !== null ? (
              <p id={fields.odometerKm.descriptionId} className="mb-1.5 text-sm text-muted">
                {t("form.odometerAtCheckIn", { km: formatNumber(minOdometerKm, i18n.language, 0) })}
              </p>
            ) : null}
            <input
              {...getInputProps(fields.odometerKm, {
                type: "number",
                ariaDescribedBy: minOdometerKm !== null ? fields.odometerKm.descriptionId : undefined,
              })}
              key={fields.odometerKm.key}
              inputMode="numeric"
              min={minOdometerKm ?? 0}
              step={1}
              required
              className={inputClass}
            />
            <FieldErrors id={fields.odometerKm.errorId} errors={fields.odometerKm.errors} />
          </div>
          <div>
            <label htmlFor={fields.fuelLevel.id} className="mb-1.5 block text-sm font-semibold">
              {t("form.fuel")}
            </label>
            <select {...getSelectProps(fields.fuelLevel)} key={fields.fuelLevel.key} required className={inputClass}>
              <option value="">{t("form.fuelChoose")}</option>
              {FUEL_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {fuel(level)}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.fuelLevel.errorId} errors={fields.fuelLevel.errors} />
          </div>
        </div>

        <div>
          <label htmlFor={fields.note.id} className="mb-1.5 block text-sm font-semibold">
            {t("form.note")}
          </label>
          <p id={fields.note.descriptionId} className="mb-1.5 text-sm text-muted">
            {t("form.noteHint", { max: NOTE_MAX })}
          </p>
          <textarea
            {...getTextareaProps(fields.note, { ariaDescribedBy: fields.note.descriptionId })}
            key={fields.note.key}
            rows={3}
            maxLength={NOTE_MAX}
            className={inputClass}
          />
          <FieldErrors id={fields.note.errorId} errors={fields.note.errors} />
        </div>

        <div>
          <Button type="submit" disabled={busy}>
            {busy ? t("form.submitting") : t(`form.submit_${kind}`)}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** The other party's answer to a record: confirm it, or say what is wrong (with photos). */
export function TripAnswerForm({
  kind,
  lastResult,
}: {
  kind: TripRecordKind;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("trips");
  const navigation = useNavigation();
  const [form, fields] = useForm<DisagreeFields>({ id: `answer-${kind}`, lastResult, shouldValidate: "onSubmit" });
  const busy = navigation.state === "submitting" && navigation.formData?.get("kind") === kind;
  const refused = lastResult?.status === "error";
  return (
    <TripSection id={`answer-${kind}-title`} title={t(`answer.title_${kind}`)}>
      <p className="mt-1 text-sm text-muted">{t("answer.intro")}</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <Form method="post" className="mt-3">
        <input type="hidden" name="kind" value={kind} />
        <Button type="submit" name="intent" value="confirm" disabled={busy}>
          {t("answer.confirm")}
        </Button>
      </Form>
      <details className="mt-4" open={refused}>
        <summary className="cursor-pointer text-sm font-semibold text-primary">{t("answer.disagree")}</summary>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-3 grid gap-4">
          <input type="hidden" name="intent" value="disagree" />
          <input type="hidden" name="kind" value={kind} />
          {refused ? <FormAlert tone="info" errors={["trips:form.choosePhotosAgain"]} /> : null}
          <div>
            <label htmlFor={fields.disagreement.id} className="mb-1.5 block text-sm font-semibold">
              {t("answer.disagreement")}
            </label>
            <textarea
              {...getTextareaProps(fields.disagreement)}
              key={fields.disagreement.key}
              rows={3}
              maxLength={NOTE_MAX}
              required
              className={inputClass}
            />
            <FieldErrors id={fields.disagreement.errorId} errors={fields.disagreement.errors} />
          </div>
          <PhotoInput
            meta={fields.disagreementPhotos}
            label={t("answer.photos")}
            hint={t("answer.photosHint", { count: EVIDENCE_PHOTOS_MAX })}
            multiple
          />
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              {t("answer.send")}
            </Button>
          </div>
        </Form>
      </details>
    </TripSection>
  );
}

/** A photo file input with its label, hint and message (a side's one photo, or several). */
function PhotoInput({
  meta,
  label,
  hint,
  required = false,
  multiple = false,
}: {
  meta: { id: string; name: string; errors?: string[]; errorId: string; descriptionId: string };
  label: string;
  hint?: string;
  required?: boolean;
  multiple?: boolean;
}) {
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hint ? meta.descriptionId : "", invalid ? meta.errorId : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={meta.descriptionId} className="mb-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={meta.id}
        name={meta.name}
        type="file"
        accept={ACCEPT}
        required={required}
        multiple={multiple}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
        onChange={(event) => void downsize(event.currentTarget)}
      />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * With JavaScript, a phone's large photos are made smaller before they are sent, as listing photos are (the server
 * checks and re-encodes them all the same); whatever cannot be made smaller goes as chosen.
 */
async function downsize(input: HTMLInputElement) {
  const chosen = [...(input.files ?? [])];
  if (chosen.length === 0) return;
  const smaller = await Promise.all(chosen.map((file) => downsizeForUpload(file)));
  if (smaller.every((file, index) => file === chosen[index])) return;
  const transfer = new DataTransfer();
  for (const file of smaller) transfer.items.add(file);
  input.files = transfer.files;
}
