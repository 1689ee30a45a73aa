// The listing form's sections (part 1 §2 "Create Listing"), shared by the wizard's steps and the edit page: listing
// type and VIN, vehicle details, features (pricing, pickup points and photos have files of their own). Field messages
// are translation keys from the server (or conform in the browser); every control is a plain form control, so all of
// it posts without JS.
import { useField } from "@conform-to/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { CAR_CATEGORIES, DOOR_COUNTS, FUEL_TYPES, LISTING_TYPES, SEAT_COUNTS, TRANSMISSIONS } from "#db/enums";
import type { WizardProblem } from "~/cars/listing-rules";
import { asText, Legend, type Fields } from "~/components/listings/listing-fieldset-parts";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { FormAlert, SelectField, TextAreaField, TextField } from "~/components/ui/form";
import { useHydrated } from "~/utils/use-hydrated";

/** The spec's titled message of a step (Missing Information, Invalid Data, Missing Price). */
export function WizardAlert({ problem }: { problem: WizardProblem | null }) {
  const { t } = useTranslation(["common", "listings"]);
  if (!problem) return null;
  const message =
    problem.title === "wizard.titles.missingInformation"
      ? t("wizard.fillIn", { fields: problem.fields.map((field) => t(`wizard.fields.${field}`)).join(", ") })
      : problem.title === "wizard.titles.invalidData"
        ? problem.messages.map((key) => t(key)).join(", ")
        : t(problem.message);
  return (
    <div role="alert" className="rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm text-danger">
      <p className="font-semibold">{t(problem.title)}</p>
      <p>{message}</p>
    </div>
  );
}

export function ListingTypeFieldset({
  fields,
  verified,
  samples,
}: {
  fields: Fields;
  verified: boolean;
  samples: string[];
}) {
  const { t } = useTranslation("listings");
  const [type] = useField<string>(fields.listingType.name, { formId: fields.listingType.formId });
  const hydrated = useHydrated();
  return (
    <>
      <fieldset aria-describedby={type.errors ? type.errorId : undefined}>
        <Legend>{t("wizard.listingTypeLegend")}</Legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {LISTING_TYPES.map((value) => {
            const locked = value !== "sale" && !verified;
            return (
              <label
                key={value}
                className={`flex cursor-pointer flex-col gap-1 rounded-xl border border-line bg-surface p-4 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/30 ${
                  locked ? "cursor-not-allowed opacity-60" : ""
                }`}
              >
                <span className="flex items-center gap-2 font-semibold">
                  <input
                    type="radio"
                    name={type.name}
                    value={value}
                    defaultChecked={type.initialValue === value}
                    disabled={locked}
                    aria-describedby={`type-hint-${value}`}
                    className="size-4 accent-[var(--primary)]"
                  />
                  {t(`type.${value}`)}
                </span>
                <span id={`type-hint-${value}`} className="text-sm text-muted">
                  {locked
                    ? `${t("wizard.requiresVerification")} · ${t("wizard.verifiedOnly")}`
                    : t(`wizard.typeHints.${value}`)}
                </span>
              </label>
            );
          })}
        </div>
        <FieldErrors id={type.errorId} errors={type.errors} />
      </fieldset>
      <fieldset>
        <Legend>{t("wizard.vinTitle")}</Legend>
        <TextField
          meta={asText(fields.vin)}
          label={t("fields.vin")}
          hint={t("wizard.vinHint")}
          inputProps={{ autoComplete: "off", spellCheck: false, maxLength: 20, className: "uppercase" }}
        />
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-primary">{t("wizard.sampleVins")}</summary>
          <ul className="mt-2 flex flex-wrap gap-2">
            {samples.map((vin) => (
              <li key={vin}>
                {hydrated ? (
                  <button
                    type="button"
                    className="rounded-md bg-subtle px-2 py-1 font-mono text-xs hover:bg-line"
                    aria-label={t("wizard.useSample", { vin })}
                    onClick={() => {
                      const input = document.getElementById(fields.vin.id) as HTMLInputElement | null;
                      if (input) {
                        input.value = vin;
                        input.focus();
                      }
                    }}
                  >
                    {vin}
                  </button>
                ) : (
                  <code className="rounded-md bg-subtle px-2 py-1 text-xs select-all">{vin}</code>
                )}
              </li>
            ))}
          </ul>
        </details>
      </fieldset>
    </>
  );
}

export function VehicleFieldset({ fields, vinOutcome }: { fields: Fields; vinOutcome?: string | null }) {
  const { t } = useTranslation(["listings", "cars"]);
  const options = (values: readonly (string | number)[], label: (value: string) => string) =>
    values.map((value) => ({ value: String(value), label: label(String(value)) }));
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <Legend>{t("wizard.steps.2")}</Legend>
      {vinOutcome ? (
        <div className="sm:col-span-2">
          <FormAlert
            tone="info"
            errors={[
              vinOutcome === "check"
                ? "listings:wizard.checkDigitWarning"
                : vinOutcome === "full"
                  ? "listings:wizard.decodedFull"
                  : "listings:wizard.decodedPartly",
            ]}
          />
        </div>
      ) : null}
      <TextField meta={asText(fields.make)} label={t("fields.make")} inputProps={{ maxLength: 100, required: true }} />
      <TextField
        meta={asText(fields.model)}
        label={t("fields.model")}
        inputProps={{ maxLength: 100, required: true }}
      />
      <TextField
        meta={asText(fields.year)}
        label={t("fields.year")}
        inputProps={{ inputMode: "numeric", maxLength: 4, required: true }}
      />
      <TextField
        meta={asText(fields.mileage)}
        label={t("fields.mileage")}
        inputProps={{ inputMode: "numeric", maxLength: 7, required: true }}
      />
      <TextField
        meta={asText(fields.location)}
        label={t("fields.location")}
        hint={t("hints.location")}
        className="sm:col-span-2"
        inputProps={{ maxLength: 200, required: true, autoComplete: "address-level2" }}
      />
      <SelectField
        meta={asText(fields.category)}
        label={t("fields.category")}
        options={options(CAR_CATEGORIES, (v) => t(`cars:category.${v}`))}
      />
      <SelectField
        meta={asText(fields.fuelType)}
        label={t("fields.fuel_type")}
        options={options(FUEL_TYPES, (v) => t(`cars:fuel.${v}`))}
      />
      <SelectField
        meta={asText(fields.transmission)}
        label={t("fields.transmission")}
        options={options(TRANSMISSIONS, (v) => t(`cars:transmission.${v}`))}
      />
      <TextField
        meta={asText(fields.horsepower)}
        label={t("fields.horsepower")}
        inputProps={{ inputMode: "numeric", maxLength: 4 }}
      />
      <TextField
        meta={asText(fields.engineSize)}
        label={t("fields.engine_size")}
        inputProps={{ inputMode: "decimal", maxLength: 4 }}
      />
      <SelectField meta={asText(fields.seats)} label={t("fields.seats")} options={options(SEAT_COUNTS, (v) => v)} />
      <SelectField meta={asText(fields.doors)} label={t("fields.doors")} options={options(DOOR_COUNTS, (v) => v)} />
      <TextField
        meta={asText(fields.licensePlate)}
        label={t("fields.license_plate")}
        inputProps={{ maxLength: 20, autoComplete: "off" }}
      />
      <TextField
        meta={asText(fields.vin)}
        label={t("fields.vin")}
        inputProps={{ maxLength: 20, autoComplete: "off", spellCheck: false }}
      />
      <TextField
        meta={asText(fields.condition)}
        label={t("fields.condition")}
        hint={t("hints.condition")}
        className="sm:col-span-2"
        inputProps={{ maxLength: 200 }}
      />
    </fieldset>
  );
}

export function FeaturesFieldset({
  fields,
  groups,
}: {
  fields: Fields;
  groups: { code: string; features: string[] }[];
}) {
  const { t } = useTranslation(["listings", "features"]);
  const [features] = useField<string[]>(fields.features.name, { formId: fields.features.formId });
  const initial = useMemo(() => new Set([features.initialValue ?? []].flat().map(String)), [features.initialValue]);
  // The boxes ticked now (conform's value), also those ticked before the page hydrated.
  const checked = [features.value ?? []].flat().length;
  const [query, setQuery] = useState("");
  const hydrated = useHydrated();
  const normalise = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const matches = (code: string) => !query || normalise(t(`features:features.${code}`)).includes(normalise(query));
  const anyMatch = groups.some((group) => group.features.some(matches));
  return (
    <>
      <fieldset>
        <Legend>{t("wizard.featuresLegend")}</Legend>
        {hydrated ? (
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <label className="block w-full max-w-sm text-sm font-semibold">
              {t("wizard.featureSearch")}
              <input
                type="search"
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
                className={`${inputClass} mt-1.5`}
              />
            </label>
            <p className="text-sm text-muted" aria-live="polite">
              {t("wizard.selectedFeatures", { count: checked })}
            </p>
          </div>
        ) : null}
        {anyMatch ? null : <p className="text-sm text-muted">{t("wizard.featureSearchEmpty", { query })}</p>}
        <div className="grid gap-5">
          {groups.map((group) => {
            const visible = group.features.filter(matches);
            return (
              <fieldset key={group.code} hidden={visible.length === 0}>
                <legend className="mb-2 text-sm font-semibold text-muted">{t(`features:groups.${group.code}`)}</legend>
                <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
                  {group.features.map((code) => (
                    <label key={code} className="flex items-center gap-2 text-sm" hidden={!matches(code)}>
                      <input
                        type="checkbox"
                        name={features.name}
                        value={code}
                        defaultChecked={initial.has(code)}
                        className="size-4 rounded accent-[var(--primary)]"
                      />
                      {t(`features:features.${code}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            );
          })}
        </div>
      </fieldset>
      <TextAreaField
        meta={asText(fields.description)}
        label={t("fields.description")}
        hint={t("hints.description")}
        rows={6}
        maxLength={2000}
      />
      <TextAreaField meta={asText(fields.rules)} label={t("fields.rules")} hint={t("hints.rules")} maxLength={1000} />
    </>
  );
}
