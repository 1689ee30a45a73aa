// The pickup points of a rental listing (part 1 §2 "Create Listing", pricing step): up to the limit, one marked
// primary, each with an optional "choose on the map" that loads the map only when asked for.
import { useField } from "@conform-to/react";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { PICKUP_COUNTRIES } from "#db/enums";
import { MAX_PICKUP_POINTS } from "~/cars/pickup-point-rules";
import { asText, Legend, type Fields } from "~/components/listings/listing-fieldset-parts";
import { MapToggle } from "~/components/maps/map-toggle";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";

export function PickupPointsFieldset({ fields, cities }: { fields: Fields; cities: string[] }) {
  const { t } = useTranslation(["listings", "cars"]);
  const points = fields.pickupPoints.getFieldList();
  const [primary] = useField<string>(fields.primaryPoint.name, { formId: fields.primaryPoint.formId });
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
                  meta={asText(part.availableHours)}
                  label={t("fields.point.available_hours")}
                  inputProps={{ maxLength: 100 }}
                />
                <TextField
                  meta={asText(part.contactPhone)}
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
