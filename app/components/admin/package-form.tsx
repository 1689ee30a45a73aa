// The insurance package form of /admin/packages/new and /admin/packages/{id}/edit (part 2 §3 Insurance package, §5):
// what renters read (name, description, the three lists one entry per line) in Lithuanian and in English; provider;
// one price, per day or a percentage of the car's value; deductible and maximum coverage in euros; order, active,
// most popular.
import { FormProvider, getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_MAX_COVERAGE_CENTS,
  languageField,
  PACKAGE_LANGUAGES,
  PACKAGE_LIMITS,
  PACKAGE_LISTS,
  PackageSchema,
  type PackageLanguage,
} from "~/admin/package-form";
import { Button, buttonClass } from "~/components/ui/button";
import { CheckboxField, FormAlert, TextAreaField, TextField } from "~/components/ui/form";
import { useForm } from "~/components/ui/use-form";
import { DEFAULT_CAR_VALUE_CENTS } from "~/pricing/booking-price";
import { formatPrice } from "~/utils/format";

export type PackageFormValues = Partial<
  Record<
    | `${"name" | "description" | (typeof PACKAGE_LISTS)[number]}${Capitalize<PackageLanguage>}`
    | "provider"
    | "pricePerDay"
    | "pricePercentage"
    | "deductible"
    | "maxCoverage"
    | "sortOrder",
    string
  > &
    Record<"active" | "isPopular", "on" | undefined>
>;

export function PackageForm({
  id,
  defaultValue,
  lastResult,
  submitLabel,
  closeTo,
}: {
  id: string;
  defaultValue: PackageFormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  closeTo: string;
}) {
  const { t, i18n } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(PackageSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PackageSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const inLanguage = (field: string, language: (typeof PACKAGE_LANGUAGES)[number]) =>
    t(`packages.fields.inLanguage.${language}`, { field: t(`packages.fields.${field}`) });
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <FormAlert id={form.errorId} errors={form.errors} />
        {PACKAGE_LANGUAGES.map((language) => (
          <fieldset key={language} className="grid content-start gap-4 rounded-xl border border-line p-4">
            <legend className="px-1 font-semibold">{t(`packages.fields.texts.${language}`)}</legend>
            <TextField
              meta={fields[languageField("name", language)]}
              label={inLanguage("name", language)}
              inputProps={{ maxLength: PACKAGE_LIMITS.name, lang: language }}
            />
            <TextAreaField
              meta={fields[languageField("description", language)]}
              label={inLanguage("description", language)}
              rows={3}
              maxLength={PACKAGE_LIMITS.description}
              lang={language}
            />
            {PACKAGE_LISTS.map((list) => (
              <TextAreaField
                key={list}
                meta={fields[languageField(list, language)]}
                label={inLanguage(list, language)}
                hint={t("packages.fields.listHint")}
                rows={4}
                lang={language}
              />
            ))}
          </fieldset>
        ))}
        <TextField
          meta={fields.provider}
          label={t("packages.fields.provider")}
          inputProps={{ maxLength: PACKAGE_LIMITS.provider }}
          className="sm:col-span-2"
        />
        <TextField
          meta={fields.pricePerDay}
          label={t("packages.fields.pricePerDay")}
          hint={t("packages.fields.pricePerDayHint")}
          inputProps={{ inputMode: "decimal" }}
        />
        <TextField
          meta={fields.pricePercentage}
          label={t("packages.fields.pricePercentage")}
          hint={t("packages.fields.pricePercentageHint", {
            value: formatPrice(DEFAULT_CAR_VALUE_CENTS, i18n.language),
          })}
          inputProps={{ inputMode: "decimal" }}
        />
        <TextField
          meta={fields.deductible}
          label={t("packages.fields.deductible")}
          hint={t("packages.fields.deductibleHint")}
          inputProps={{ inputMode: "decimal" }}
        />
        <TextField
          meta={fields.maxCoverage}
          label={t("packages.fields.maxCoverage")}
          hint={t("packages.fields.maxCoverageHint", {
            amount: formatPrice(DEFAULT_MAX_COVERAGE_CENTS, i18n.language),
          })}
          inputProps={{ inputMode: "decimal" }}
        />
        <TextField
          meta={fields.sortOrder}
          label={t("packages.fields.sortOrder")}
          hint={t("packages.fields.sortOrderHint")}
          type="number"
          inputProps={{ min: 0, max: PACKAGE_LIMITS.sortOrder }}
        />
        <div className="grid content-start gap-3 sm:col-span-2">
          <CheckboxField meta={fields.active} label={t("packages.fields.active")} />
          <CheckboxField meta={fields.isPopular} label={t("packages.fields.popular")} />
        </div>
        <div className="flex flex-row-reverse flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" disabled={navigation.state !== "idle"}>
            {submitLabel}
          </Button>
          <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
            {t("dialog.cancel")}
          </Link>
        </div>
      </Form>
    </FormProvider>
  );
}
