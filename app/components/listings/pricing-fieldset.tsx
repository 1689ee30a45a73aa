// The listing form's pricing section (part 1 §2 "Create Listing", step 3), shared by the wizard and the edit page:
// the sale or rental prices and deposits, the rental days, the cancellation policy, instant book and the driver
// service, with the pickup points for a rental.
import { useField, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { CANCELLATION_POLICIES } from "#db/enums";
import { DEFAULT_CANCELLATION_POLICY, DRIVER_SERVICES } from "~/cars/listing-form";
import { asText, Legend, type Fields } from "~/components/listings/listing-fieldset-parts";
import { PickupPointsFieldset } from "~/components/listings/pickup-points-fieldset";
import { FieldErrors } from "~/components/ui/field-errors";
import { TextField } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { useHydrated } from "~/utils/use-hydrated";

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
  const [driver] = useField<string>(fields.driverService.name, { formId: fields.driverService.formId });
  // The form's own value (conform's), also a choice made before the page hydrated.
  const service = driver.value ?? "self_drive_only";
  const hydrated = useHydrated();
  // Without JavaScript the driver prices always show (they are ignored for self-drive); with it, only when offered.
  const showDriverPrices = !hydrated || service !== "self_drive_only";
  return (
    <>
      <p className="text-sm text-muted">{t("hints.prices")}</p>
      {sells ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <Legend>{t("wizard.salePriceLegend")}</Legend>
          <PriceField meta={fields.salePrice} label={t("fields.sale_price")} />
        </fieldset>
      ) : null}
      {rents ? (
        <>
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <Legend>{t("wizard.rentalPrices")}</Legend>
            <PriceField meta={fields.dailyPrice} label={t("fields.daily_price")} />
            <PriceField meta={fields.weeklyPrice} label={t("fields.weekly_price")} />
            <PriceField meta={fields.monthlyPrice} label={t("fields.monthly_price")} />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <Legend>{t("wizard.deposits")}</Legend>
            <PriceField meta={fields.depositAmount} label={t("fields.deposit_amount")} />
            <PriceField meta={fields.weeklyDeposit} label={t("fields.weekly_deposit")} />
            <PriceField meta={fields.monthlyDeposit} label={t("fields.monthly_deposit")} />
          </fieldset>
          <CancellationPolicyFieldset meta={fields.cancellationPolicy} />
          <InstantBookFieldset meta={fields.instantBook} />
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <Legend>{t("wizard.rentalLength")}</Legend>
            <TextField
              meta={asText(fields.minRentalDays)}
              label={t("fields.min_rental_days")}
              hint={t("hints.minRentalDays")}
              inputProps={{ inputMode: "numeric", maxLength: 2 }}
            />
            <TextField
              meta={asText(fields.maxRentalDays)}
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
                    className="size-4 accent-[var(--primary)]"
                  />
                  {t(`wizard.driverOptions.${value}`)}
                </label>
              ))}
            </div>
            {showDriverPrices ? (
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                <PriceField meta={fields.dailyPriceWithDriver} label={t("fields.daily_price_with_driver")} />
                <PriceField meta={fields.weeklyPriceWithDriver} label={t("fields.weekly_price_with_driver")} />
                <PriceField meta={fields.monthlyPriceWithDriver} label={t("fields.monthly_price_with_driver")} />
                <PriceField meta={fields.driverPricePerHour} label={t("fields.driver_price_per_hour")} />
                <TextField
                  meta={asText(fields.minimumRentalHours)}
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

/** Instant book (decision 023): one checkbox, with what it means for the host and for renters. */
function InstantBookFieldset({ meta }: { meta: FieldMetadata<unknown> }) {
  const { t } = useTranslation("listings");
  const field = asText(meta);
  return (
    <fieldset>
      <Legend>{t("instantBook.legend")}</Legend>
      <label className="grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-lg border border-line bg-surface p-3 text-sm has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/30">
        <input
          type="checkbox"
          name={field.name}
          value="on"
          defaultChecked={field.initialValue === "on"}
          aria-describedby="instant-book-hint"
          className="row-span-2 mt-0.5 size-4 accent-[var(--primary)]"
        />
        <span className="flex items-center gap-1.5 font-semibold">
          <Icon name="bolt" className="size-4" />
          {t("instantBook.label")}
        </span>
        <span id="instant-book-hint" className="text-muted">
          {t("instantBook.hint")}
        </span>
      </label>
    </fieldset>
  );
}

/** The listing's cancellation policy: four choices, each with what a renter who cancels gets back. */
function CancellationPolicyFieldset({ meta }: { meta: FieldMetadata<unknown> }) {
  const { t } = useTranslation("listings");
  const field = asText(meta);
  const chosen = field.initialValue ?? DEFAULT_CANCELLATION_POLICY;
  return (
    <fieldset aria-describedby={field.errors ? field.errorId : "cancellation-policy-hint"}>
      <Legend>{t("cancellationPolicy.legend")}</Legend>
      <p id="cancellation-policy-hint" className="-mt-2 mb-3 text-sm text-muted">
        {t("cancellationPolicy.hint")}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {CANCELLATION_POLICIES.map((value) => (
          <label
            key={value}
            className="grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-lg border border-line bg-surface p-3 text-sm has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/30"
          >
            <input
              type="radio"
              name={field.name}
              value={value}
              defaultChecked={chosen === value}
              aria-describedby={`cancellation-policy-${value}`}
              className="row-span-2 mt-0.5 size-4 accent-[var(--primary)]"
            />
            <span className="font-semibold">{t(`cancellationPolicy.options.${value}.label`)}</span>
            <span id={`cancellation-policy-${value}`} className="text-muted">
              {t(`cancellationPolicy.options.${value}.text`)}
            </span>
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
