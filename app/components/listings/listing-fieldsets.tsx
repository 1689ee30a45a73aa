// The listing form's sections (part 1 §2 "Create Listing"), shared by the wizard's steps and the edit page: listing
// type and VIN, vehicle details, pricing with pickup points, features, photos. Field messages are translation keys
// from the server (or conform in the browser); every control is a plain form control, so all of it posts without JS.
import { useField, type FieldMetadata, type useForm } from "@conform-to/react";
import { lazy, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CAR_CATEGORIES,
  DOOR_COUNTS,
  FUEL_TYPES,
  LISTING_TYPES,
  PICKUP_COUNTRIES,
  SEAT_COUNTS,
  TRANSMISSIONS,
} from "#db/enums";
import { DRIVER_SERVICES, type ListingValues } from "~/cars/listing-form";
import type { WizardProblem } from "~/cars/listing-rules";
import { detectImageType, MAX_PHOTOS, sortPickedPhotos, type PhotoProblem } from "~/photos/photo-rules";
import { MAX_PICKUP_POINTS } from "~/cars/pickup-point-rules";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { FormAlert, SelectField, TextAreaField, TextField } from "~/components/ui/form";
import { MapToggle } from "~/components/maps/map-toggle";
import { Icon } from "~/components/ui/icons";
import { downsizeForUpload, type UploadRotation } from "~/photos/downsize.client";
import { useHydrated } from "~/utils/use-hydrated";

/** conform's fields of the listing form. */
export type Fields = ReturnType<typeof useForm<ListingValues>>[1];

const asText = (meta: FieldMetadata<unknown>) => meta as FieldMetadata<string | undefined>;

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

function Legend({ children }: { children: React.ReactNode }) {
  return <legend className="mb-3 text-lg font-semibold">{children}</legend>;
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
  const [type] = useField<string>(fields.listing_type.name, { formId: fields.listing_type.formId });
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
        meta={asText(fields.fuel_type)}
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
        meta={asText(fields.engine_size)}
        label={t("fields.engine_size")}
        inputProps={{ inputMode: "decimal", maxLength: 4 }}
      />
      <SelectField meta={asText(fields.seats)} label={t("fields.seats")} options={options(SEAT_COUNTS, (v) => v)} />
      <SelectField meta={asText(fields.doors)} label={t("fields.doors")} options={options(DOOR_COUNTS, (v) => v)} />
      <TextField
        meta={asText(fields.license_plate)}
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

function PriceField({ meta, label }: { meta: FieldMetadata<unknown>; label: string }) {
  return <TextField meta={asText(meta)} label={label} inputProps={{ inputMode: "decimal", maxLength: 12 }} />;
}

export function PricingFieldset({
  fields,
  listingType,
  cities,
}: {
  fields: Fields;
  listingType: string;
  cities: string[];
}) {
  const { t } = useTranslation("listings");
  const rents = listingType !== "sale";
  const sells = listingType !== "rental";
  const [driver] = useField<string>(fields.driver_service.name, { formId: fields.driver_service.formId });
  const [service, setService] = useState(driver.initialValue ?? "self_drive_only");
  const hydrated = useHydrated();
  // Without JavaScript the driver prices always show (they are ignored for self-drive); with it, only when offered.
  const showDriverPrices = !hydrated || service !== "self_drive_only";
  return (
    <>
      <p className="text-sm text-muted">{t("hints.prices")}</p>
      {sells ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <Legend>{t("wizard.salePriceLegend")}</Legend>
          <PriceField meta={fields.sale_price} label={t("fields.sale_price")} />
        </fieldset>
      ) : null}
      {rents ? (
        <>
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <Legend>{t("wizard.rentalPrices")}</Legend>
            <PriceField meta={fields.daily_price} label={t("fields.daily_price")} />
            <PriceField meta={fields.weekly_price} label={t("fields.weekly_price")} />
            <PriceField meta={fields.monthly_price} label={t("fields.monthly_price")} />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <Legend>{t("wizard.deposits")}</Legend>
            <PriceField meta={fields.deposit_amount} label={t("fields.deposit_amount")} />
            <PriceField meta={fields.weekly_deposit} label={t("fields.weekly_deposit")} />
            <PriceField meta={fields.monthly_deposit} label={t("fields.monthly_deposit")} />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <Legend>{t("wizard.rentalLength")}</Legend>
            <TextField
              meta={asText(fields.min_rental_days)}
              label={t("fields.min_rental_days")}
              hint={t("hints.minRentalDays")}
              inputProps={{ inputMode: "numeric", maxLength: 2 }}
            />
            <TextField
              meta={asText(fields.max_rental_days)}
              label={t("fields.max_rental_days")}
              hint={t("hints.maxRentalDays")}
              inputProps={{ inputMode: "numeric", maxLength: 3 }}
            />
          </fieldset>
          <fieldset>
            <Legend>{t("wizard.driverLegend")}</Legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {DRIVER_SERVICES.map((value) => (
                <label
                  key={value}
                  className="flex items-center gap-2 rounded-lg border border-line bg-surface p-3 text-sm font-medium has-[:checked]:border-primary"
                >
                  <input
                    type="radio"
                    name={driver.name}
                    value={value}
                    defaultChecked={(driver.initialValue ?? "self_drive_only") === value}
                    onChange={() => setService(value)}
                    className="size-4 accent-[var(--primary)]"
                  />
                  {t(`wizard.driverOptions.${value}`)}
                </label>
              ))}
            </div>
            {showDriverPrices ? (
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                <PriceField meta={fields.daily_price_with_driver} label={t("fields.daily_price_with_driver")} />
                <PriceField meta={fields.weekly_price_with_driver} label={t("fields.weekly_price_with_driver")} />
                <PriceField meta={fields.monthly_price_with_driver} label={t("fields.monthly_price_with_driver")} />
                <PriceField meta={fields.driver_price_per_hour} label={t("fields.driver_price_per_hour")} />
                <TextField
                  meta={asText(fields.minimum_rental_hours)}
                  label={t("fields.minimum_rental_hours")}
                  hint={t("hints.driverHours")}
                  inputProps={{ inputMode: "numeric", maxLength: 2 }}
                />
              </div>
            ) : null}
          </fieldset>
          <PickupPointsFieldset fields={fields} cities={cities} />
        </>
      ) : null}
    </>
  );
}

function PickupPointsFieldset({ fields, cities }: { fields: Fields; cities: string[] }) {
  const { t } = useTranslation(["listings", "cars"]);
  const points = fields.pickup_points.getFieldList();
  const [primary] = useField<string>(fields.primary_point.name, { formId: fields.primary_point.formId });
  const primaryIndex = Number(primary.initialValue ?? 0) || 0;
  return (
    <fieldset id="pickup-points">
      <Legend>{t("wizard.pickupLegend")}</Legend>
      <p className="-mt-2 mb-3 text-sm text-muted">{t("wizard.pickupHint")}</p>
      {cities.length > 0 ? (
        <datalist id="pickup-cities">
          {cities.map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
      ) : null}
      {points.length === 0 ? <p className="mb-3 text-sm text-muted">{t("wizard.noPickupPoints")}</p> : null}
      <ol className="grid gap-4">
        {points.map((point, index) => {
          const part = point.getFieldset();
          return (
            <li key={point.key} className="rounded-xl border border-line bg-surface p-4">
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">{t("wizard.pickupPoint", { n: index + 1 })}</h3>
                <button
                  type="submit"
                  name="intent"
                  value={`remove_point:${index}`}
                  formNoValidate
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-danger hover:bg-danger-soft"
                >
                  <Icon name="trash" className="size-4" />
                  {t("wizard.removePickupPoint", { n: index + 1 })}
                </button>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField meta={asText(part.name)} label={t("fields.point.name")} inputProps={{ maxLength: 100 }} />
                <TextField
                  meta={asText(part.address)}
                  label={t("fields.point.address")}
                  inputProps={{ maxLength: 200, autoComplete: "street-address" }}
                />
                <TextField
                  meta={asText(part.city)}
                  label={t("fields.point.city")}
                  inputProps={{ maxLength: 100, list: "pickup-cities", autoComplete: "off" }}
                />
                <SelectField
                  meta={asText(part.country)}
                  label={t("fields.point.country")}
                  options={PICKUP_COUNTRIES.map((value) => ({ value, label: t(`countries.${value}`) }))}
                />
                <TextField
                  meta={asText(part.available_hours)}
                  label={t("fields.point.available_hours")}
                  inputProps={{ maxLength: 100 }}
                />
                <TextField
                  meta={asText(part.contact_phone)}
                  label={t("fields.point.contact_phone")}
                  type="tel"
                  inputProps={{ maxLength: 20, autoComplete: "tel" }}
                />
                <TextAreaField
                  meta={asText(part.instructions)}
                  label={t("fields.point.instructions")}
                  rows={2}
                  maxLength={500}
                  className="sm:col-span-2"
                />
                <TextField
                  meta={asText(part.latitude)}
                  label={t("fields.point.latitude")}
                  hint={t("hints.coordinates")}
                  inputProps={{ inputMode: "decimal", maxLength: 12 }}
                />
                <TextField
                  meta={asText(part.longitude)}
                  label={t("fields.point.longitude")}
                  inputProps={{ inputMode: "decimal", maxLength: 12 }}
                />
              </div>
              <PointMap
                label={t("wizard.map.label", { n: index + 1 })}
                ids={{
                  latitude: part.latitude.id,
                  longitude: part.longitude.id,
                  city: part.city.id,
                  country: part.country.id,
                }}
              />
              <label className="mt-3 flex items-center gap-2 text-sm font-medium">
                <input
                  type="radio"
                  name={primary.name}
                  value={index}
                  defaultChecked={primaryIndex === index}
                  className="size-4 accent-[var(--primary)]"
                />
                {t("wizard.primaryPoint")}
              </label>
            </li>
          );
        })}
      </ol>
      {points.length < MAX_PICKUP_POINTS ? (
        <button
          type="submit"
          name="intent"
          value="add_point"
          formNoValidate
          className="mt-3 inline-flex items-center gap-2 rounded-lg border border-dashed border-line px-4 py-2 text-sm font-semibold text-primary hover:bg-subtle"
        >
          <Icon name="plus" className="size-4" />
          {t("wizard.addPickupPoint")}
        </button>
      ) : null}
    </fieldset>
  );
}

const PickupMap = lazy(() => import("~/components/listings/pickup-map.client"));

/** "Choose on the map" for one pickup point. */
function PointMap({
  label,
  ids,
}: {
  label: string;
  ids: { latitude: string; longitude: string; city: string; country: string };
}) {
  const { t } = useTranslation("listings");
  return (
    <MapToggle labels={{ show: t("wizard.map.show"), hide: t("wizard.map.hide"), loading: t("wizard.map.loading") }}>
      <PickupMap label={label} ids={ids} />
    </MapToggle>
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
  const [checked, setChecked] = useState(initial.size);
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
        <div
          className="grid gap-5"
          onChange={(event) => {
            const form = (event.target as HTMLInputElement).form;
            if (form) setChecked(new FormData(form).getAll(features.name).length);
          }}
        >
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

interface PickedPhoto {
  id: string;
  file: File;
  preview: string;
}

/**
 * Photos to upload. Without JavaScript, a file input (the order chosen is the order stored; the edit page moves and
 * turns them later). With it, previews that can be reordered, turned by 90° and removed; each photo is made smaller
 * in the browser, and the input's file list is kept in the order shown, so the form posts the same way.
 */
export function PhotosFieldset({
  meta,
  alreadyStored = 0,
  legend,
}: {
  meta: FieldMetadata<string>;
  alreadyStored?: number;
  legend?: string;
}) {
  const { t } = useTranslation("listings");
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [working, setWorking] = useState(false);
  // What the last choice left out and why: shown at once, as the server would say it without JavaScript.
  const [refused, setRefused] = useState<PhotoProblem[]>([]);
  const room = MAX_PHOTOS - alreadyStored;

  useEffect(() => {
    if (!hydrated || !input.current) return;
    const transfer = new DataTransfer();
    for (const photo of photos) transfer.items.add(photo.file);
    input.current.files = transfer.files;
  }, [photos, hydrated]);
  useEffect(() => () => photos.forEach((photo) => URL.revokeObjectURL(photo.preview)), [photos]);

  async function add(files: FileList | null) {
    if (!files?.length) return;
    setWorking(true);
    const candidates = await Promise.all(
      [...files].map(async (chosen) => {
        // The type is judged by the chosen file's first bytes; the size by what would be uploaded.
        const head = new Uint8Array(await chosen.slice(0, 12).arrayBuffer());
        const file = detectImageType(head) ? await downsizeForUpload(chosen) : chosen;
        return { file, head, size: file.size };
      }),
    );
    const { kept, problems } = sortPickedPhotos(candidates, Math.max(0, room - photos.length));
    setRefused(problems);
    setPhotos((current) => [
      ...current,
      ...kept.map(({ file }) => ({ id: crypto.randomUUID(), file, preview: URL.createObjectURL(file) })),
    ]);
    setWorking(false);
  }
  async function rotate(index: number) {
    const photo = photos[index];
    if (!photo) return;
    setWorking(true);
    const turned = await downsizeForUpload(photo.file, { rotate: 90 as UploadRotation });
    setPhotos((current) =>
      current.map((p, i) => (i === index ? { ...p, file: turned, preview: URL.createObjectURL(turned) } : p)),
    );
    setWorking(false);
  }
  const moveTo = (from: number, to: number) =>
    setPhotos((current) => {
      const next = [...current];
      const [photo] = next.splice(from, 1);
      next.splice(to, 0, photo!);
      return next;
    });
  const move = (index: number, by: -1 | 1) => moveTo(index, index + by);
  const drag = useDragOrder(moveTo);
  const errors = refused.length ? refused : meta.errors;

  return (
    <fieldset>
      <Legend>{legend ?? t("wizard.photosLegend")}</Legend>
      <p id={meta.descriptionId} className="-mt-2 mb-3 text-sm text-muted">
        {t("wizard.photosHint")} {hydrated ? null : t("wizard.photosNoJsHint")}
      </p>
      <label htmlFor={meta.id} className={hydrated ? "sr-only" : "mb-1.5 block text-sm font-semibold"}>
        {t("fields.photos")}
      </label>
      <input
        ref={input}
        id={meta.id}
        type="file"
        name={meta.name}
        multiple
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={errors ? `${meta.descriptionId} ${meta.errorId}` : meta.descriptionId}
        aria-invalid={errors ? true : undefined}
        className={hydrated ? "sr-only" : "block w-full text-sm"}
        onChange={hydrated ? (event) => void add(event.currentTarget.files) : undefined}
        onClick={hydrated ? (event) => (event.currentTarget.value = "") : undefined}
      />
      {hydrated ? (
        <>
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.map((photo, index) => (
              <li
                key={photo.id}
                {...drag(index)}
                className="cursor-grab overflow-hidden rounded-xl border border-line bg-surface data-[over]:ring-2 data-[over]:ring-primary"
              >
                <div className="relative aspect-[4/3] bg-subtle">
                  <img src={photo.preview} alt="" className="size-full object-cover" />
                  {index === 0 ? (
                    <span className="absolute left-2 top-2 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary">
                      {t("wizard.mainPhoto")}
                    </span>
                  ) : null}
                </div>
                <div className="flex justify-between p-1">
                  <PhotoButton
                    icon="arrowUp"
                    label={t("wizard.moveUp", { n: index + 1 })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  />
                  <PhotoButton
                    icon="arrowDown"
                    label={t("wizard.moveDown", { n: index + 1 })}
                    disabled={index === photos.length - 1}
                    onClick={() => move(index, 1)}
                  />
                  <PhotoButton
                    icon="rotate"
                    label={t("wizard.rotate", { n: index + 1 })}
                    disabled={working}
                    onClick={() => void rotate(index)}
                  />
                  <PhotoButton
                    icon="trash"
                    label={t("wizard.removePhoto", { n: index + 1 })}
                    onClick={() => {
                      setRefused([]);
                      setPhotos((current) => current.filter((_, i) => i !== index));
                    }}
                  />
                </div>
              </li>
            ))}
          </ol>
          {photos.length < room ? (
            <button
              type="button"
              onClick={() => input.current?.click()}
              disabled={working}
              className="mt-3 inline-flex items-center gap-2 rounded-lg border border-dashed border-line px-4 py-3 text-sm font-semibold text-primary hover:bg-subtle"
            >
              <Icon name="plus" className="size-4" />
              {t("wizard.choosePhotos")}
            </button>
          ) : null}
        </>
      ) : null}
      <div aria-live="polite">
        <FieldErrors id={meta.errorId} errors={errors} all />
      </div>
    </fieldset>
  );
}

/**
 * Drag and drop to reorder, for a pointer (the arrow buttons do the same for keyboards and without JavaScript).
 * Returns the props for item `index`; `onMove(from, to)` is called on a drop.
 */
export function useDragOrder(onMove: (from: number, to: number) => void) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  return (index: number) => ({
    draggable: true,
    "data-over": over === index && dragged !== index ? "" : undefined,
    onDragStart: (event: React.DragEvent) => {
      setDragged(index);
      event.dataTransfer.effectAllowed = "move";
    },
    onDragOver: (event: React.DragEvent) => {
      if (dragged === null) return;
      event.preventDefault();
      setOver(index);
    },
    onDragLeave: () => setOver((current) => (current === index ? null : current)),
    onDrop: (event: React.DragEvent) => {
      event.preventDefault();
      if (dragged !== null && dragged !== index) onMove(dragged, index);
      setDragged(null);
      setOver(null);
    },
    onDragEnd: () => {
      setDragged(null);
      setOver(null);
    },
  });
}

/**
 * A photo's move, turn or delete control: in the browser's picker a button with `onClick`; on the edit page a submit
 * button posting `intent=<value>`, so it works without JavaScript.
 */
export function PhotoButton({
  icon,
  label,
  onClick,
  value,
  disabled,
}: {
  icon: "arrowUp" | "arrowDown" | "rotate" | "trash";
  label: string;
  onClick?: () => void;
  value?: string;
  disabled?: boolean;
}) {
  return (
    <button
      {...(value ? { type: "submit", name: "intent", value } : { type: "button", onClick })}
      aria-label={label}
      title={label}
      disabled={disabled}
      className="rounded-md p-2 text-muted hover:bg-subtle hover:text-fg disabled:opacity-40"
    >
      <Icon name={icon} className="size-4" />
    </button>
  );
}
