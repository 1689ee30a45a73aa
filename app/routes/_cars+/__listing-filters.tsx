// The listing pages' filter panel: one GET form (search, type, price, year, make, power, fuel, gearbox, category and
// the rest), folded behind a summary on phones. Its values come from the URL, so a search is a link.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CAR_CATEGORIES, FUEL_TYPES, TRANSMISSIONS } from "#db/enums";
import { Button, ButtonLink } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";
import {
  activeFilterCount,
  DRIVER_OPTIONS,
  hpToKw,
  kwToHp,
  SCOPE_PATH,
  type ListingFilters,
} from "~/search/listing-filters";
import { formatNumber } from "~/utils/format";
import type { ListingPageData } from "./__listing-page";

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value?: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation("cars");
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{t("filters.any")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function RangeFields({
  field,
  legend,
  min,
  max,
  problem,
  numberKind,
  hint,
  children,
}: {
  field: string;
  legend: string;
  min?: number;
  max?: number;
  problem?: string;
  numberKind: "whole" | "decimal";
  hint?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("cars");
  const id = useId();
  const inputProps =
    numberKind === "decimal"
      ? { inputMode: "decimal" as const, pattern: "[0-9]*[.,]?[0-9]*" }
      : { inputMode: "numeric" as const, pattern: "[0-9]*" };
  return (
    <fieldset aria-describedby={problem ? `${id}-error` : hint ? `${id}-hint` : undefined}>
      <legend className="mb-1.5 text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        <label className="sr-only" htmlFor={`${id}-min`}>
          {t("filters.from", { what: legend })}
        </label>
        <input
          id={`${id}-min`}
          name={`${field}Min`}
          defaultValue={min ?? ""}
          placeholder={t("filters.min")}
          aria-invalid={problem ? true : undefined}
          className={inputClass}
          {...inputProps}
        />
        <label className="sr-only" htmlFor={`${id}-max`}>
          {t("filters.to", { what: legend })}
        </label>
        <input
          id={`${id}-max`}
          name={`${field}Max`}
          defaultValue={max ?? ""}
          placeholder={t("filters.max")}
          aria-invalid={problem ? true : undefined}
          className={inputClass}
          {...inputProps}
        />
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={problem ? [problem] : undefined} />
    </fieldset>
  );
}

/** "≈ 134–268 hp": the other unit of a power range, so people who think in kW or hp both know what they chose. */
function powerHint(
  t: (key: string, values?: Record<string, unknown>) => string,
  filters: ListingFilters,
  language: string,
) {
  const { powerMin, powerMax, powerUnit } = filters;
  if (powerMin === undefined && powerMax === undefined) return t("filters.powerHint");
  const convert = (n: number) => formatNumber(Math.round(powerUnit === "kw" ? kwToHp(n) : hpToKw(n)), language);
  const other = t(powerUnit === "kw" ? "filters.unit.hp" : "filters.unit.kw");
  const from = powerMin !== undefined ? convert(powerMin) : "…";
  const to = powerMax !== undefined ? convert(powerMax) : "…";
  return t("filters.powerApprox", { range: `${from}–${to}`, unit: other });
}

export function FilterPanel({ data }: { data: ListingPageData }) {
  const { t, i18n } = useTranslation("cars");
  const { filters, problems, scope } = data;
  const active = activeFilterCount(filters) - (filters.search ? 1 : 0);
  return (
    <details
      className="group rounded-2xl border border-line bg-surface"
      open={active > 0 || Object.keys(problems).some((field) => field !== "search")}
    >
      <summary className="flex items-center justify-between gap-3 px-4 py-3 font-semibold">
        <span className="flex items-center gap-2">
          <Icon name="search" className="size-4" />
          {t("filters.title")}
          {active > 0 ? (
            <span className="rounded-full bg-primary px-2 text-xs leading-5 text-on-primary">{active}</span>
          ) : null}
        </span>
        <Icon name="chevronDown" className="size-4 transition group-open:rotate-180" />
      </summary>
      <div className="grid gap-4 border-t border-line p-4 sm:grid-cols-2 lg:grid-cols-4">
        <Select
          name="category"
          label={t("filters.category")}
          value={filters.category}
          options={CAR_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
        />
        <div>
          <label htmlFor="filter-location" className="mb-1.5 block text-sm font-semibold">
            {t("filters.location")}
          </label>
          <input
            id="filter-location"
            name="location"
            defaultValue={filters.location ?? ""}
            placeholder={t("filters.locationPlaceholder")}
            maxLength={100}
            autoComplete="address-level2"
            aria-invalid={problems.location ? true : undefined}
            aria-describedby={problems.location ? "filter-location-error" : undefined}
            className={inputClass}
          />
          <FieldErrors id="filter-location-error" errors={problems.location ? [problems.location] : undefined} />
        </div>
        <Select
          name="fuelType"
          label={t("filters.fuelType")}
          value={filters.fuelType}
          options={FUEL_TYPES.map((value) => ({ value, label: t(`fuel.${value}`) }))}
        />
        <Select
          name="transmission"
          label={t("filters.transmission")}
          value={filters.transmission}
          options={TRANSMISSIONS.map((value) => ({ value, label: t(`transmission.${value}`) }))}
        />
        {scope !== "sale" ? (
          <Select
            name="driverAvailable"
            label={t("filters.driverService")}
            value={filters.driverAvailable}
            options={DRIVER_OPTIONS.map((value) => ({ value, label: t(`driver.${value}`) }))}
          />
        ) : null}
        {scope !== "sale" ? (
          <div className="flex items-start gap-2 sm:self-end">
            <input
              id="filter-instant"
              type="checkbox"
              name="instant"
              value="1"
              defaultChecked={filters.instantBook === true}
              aria-describedby="filter-instant-hint"
              className="mt-1 size-4 shrink-0 accent-[var(--primary)]"
            />
            <div>
              <label htmlFor="filter-instant" className="flex items-center gap-1 text-sm font-semibold">
                <Icon name="bolt" className="size-4" />
                {t("instantBook.filter")}
              </label>
              <p id="filter-instant-hint" className="text-xs text-muted">
                {t("instantBook.filterHint")}
              </p>
            </div>
          </div>
        ) : null}
        <RangeFields
          field="power"
          legend={t("filters.power")}
          min={filters.powerMin}
          max={filters.powerMax}
          problem={problems.power}
          numberKind="decimal"
          hint={powerHint(t, filters, i18n.language)}
        >
          <div className="mt-2 flex gap-4 text-sm" role="radiogroup" aria-label={t("filters.powerUnit")}>
            {(["hp", "kw"] as const).map((unit) => (
              <label key={unit} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name="powerUnit"
                  value={unit}
                  defaultChecked={filters.powerUnit === unit}
                  className="accent-[var(--primary)]"
                />
                {t(`filters.unit.${unit}`)}
              </label>
            ))}
          </div>
        </RangeFields>
        <RangeFields
          field="price"
          legend={
            scope === "rental"
              ? t("filters.pricePerDay")
              : scope === "sale"
                ? t("filters.salePrice")
                : t("filters.price")
          }
          min={filters.priceMin}
          max={filters.priceMax}
          problem={problems.price}
          numberKind="whole"
        />
        <RangeFields
          field="year"
          legend={t("filters.year")}
          min={filters.yearMin}
          max={filters.yearMax}
          problem={problems.year}
          numberKind="whole"
        />
      </div>
      <div className="flex flex-wrap gap-2 border-t border-line px-4 py-3">
        <Button type="submit">{t("filters.apply")}</Button>
        <ButtonLink to={SCOPE_PATH[scope]} variant="secondary">
          {t("filters.clear")}
        </ButtonLink>
      </div>
    </details>
  );
}
