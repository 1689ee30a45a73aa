// Form fields that work for everyone (GOV.UK's pattern): a label, an optional hint, the message next to the
// field, and an error summary linked to the fields at the top of a long form. Messages are translation keys.
// Each field subscribes to its own state with useField (the form sits in a <FormProvider>): metadata handed down
// from the form's useForm is not enough for a child to re-render when its error appears.
import { getInputProps, getSelectProps, getTextareaProps, useField, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";
import { focusUnlessEditing } from "~/components/ui/page-values";
import { useHydrated } from "~/utils/use-hydrated";

/** A field's label and its hint (the hint is what aria-describedby points at). */
function LabelAndHint({
  meta,
  label,
  hint,
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <>
      <label htmlFor={meta.id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <div id={meta.descriptionId} className="mb-1.5 text-sm text-muted">
          {hint}
        </div>
      ) : null}
    </>
  );
}

type InputType = "text" | "email" | "password" | "tel" | "date" | "number" | "search" | "url";

export function TextField({
  meta,
  label,
  type = "text",
  hint,
  inputProps,
  className = "",
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  className?: string;
}) {
  const [field] = useField<string>(meta.name, { formId: meta.formId });
  const props = getInputProps(field, { type, ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div className={className}>
      <LabelAndHint meta={field} label={label} hint={hint} />
      <input {...props} {...inputProps} key={props.key} className={inputClass} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  options,
  hint,
  className = "",
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  className?: string;
}) {
  const [field] = useField<string>(meta.name, { formId: meta.formId });
  const props = getSelectProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div className={className}>
      <LabelAndHint meta={field} label={label} hint={hint} />
      <select {...props} key={props.key} className={inputClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextAreaField({
  meta,
  label,
  hint,
  rows = 4,
  maxLength,
  lang,
  className = "",
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
  /** The language of what is typed, when it is not the page's. */
  lang?: string;
  className?: string;
}) {
  const [field] = useField<string>(meta.name, { formId: meta.formId });
  const props = getTextareaProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div className={className}>
      <LabelAndHint meta={field} label={label} hint={hint} />
      <textarea {...props} key={props.key} rows={rows} maxLength={maxLength} lang={lang} className={inputClass} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CheckboxField({
  meta,
  label,
  className = "",
}: {
  meta: FieldMetadata<string | boolean | undefined>;
  label: ReactNode;
  className?: string;
}) {
  const [field] = useField<string | boolean | undefined>(meta.name, { formId: meta.formId });
  const props = getInputProps(field, { type: "checkbox" });
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...props}
          key={props.key}
          className="mt-0.5 size-5 shrink-0 rounded border-line accent-[var(--primary)]"
        />
        <label htmlFor={field.id} className="text-sm leading-6">
          {label}
        </label>
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The form's own message (not tied to one field), e.g. "Invalid email or password". */
export function FormAlert({ id, errors, tone = "error" }: { id?: string; errors?: string[]; tone?: "error" | "info" }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  const colours = tone === "error" ? "border-danger/40 bg-danger-soft text-danger" : "border-line bg-info-soft text-fg";
  return (
    <div id={id} role="alert" className={`flex gap-2 rounded-lg border p-3 text-sm font-medium ${colours}`}>
      <Icon name={tone === "error" ? "alert" : "info"} className="mt-0.5 size-4 shrink-0" />
      <div>
        {errors.map((error) => (
          <p key={error}>{t(error)}</p>
        ))}
      </div>
    </div>
  );
}

/**
 * "There is a problem" with a link to each field in error, at the top of a long form. It takes focus once
 * after a failed submission, so screen reader and keyboard users start from the list of what to fix (unless they
 * are already back in a field, as when the page hydrates after the server's answer).
 */
export function ErrorSummary({
  fields,
  submitted,
}: {
  fields: { id: string; label: string; errors?: string[] }[];
  submitted: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const withErrors = fields.filter((f) => f.errors?.length);
  const show = submitted && withErrors.length > 0;
  const mounted = useRef(false);
  useEffect(() => {
    if (show && mounted.current) ref.current?.focus();
    else if (show) focusUnlessEditing(ref.current);
    mounted.current = true;
  }, [show]);
  if (!show) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      role="alert"
      className="rounded-lg border-2 border-danger bg-surface p-4"
    >
      <h2 id="error-summary-title" className="font-semibold text-danger">
        {t("forms.errorSummaryTitle")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {withErrors.map((field) => (
          <li key={field.id}>
            <a href={`#${field.id}`} className="font-medium text-danger underline underline-offset-2">
              {field.label}: {t(field.errors?.[0] ?? "")}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PasswordField({
  meta,
  label,
  autoComplete,
  hint,
  className = "",
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  autoComplete: "current-password" | "new-password";
  hint?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const [field] = useField<string>(meta.name, { formId: meta.formId });
  const props = getInputProps(field, { type: "password", ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div className={className}>
      <LabelAndHint meta={field} label={label} hint={hint} />
      <div className="relative">
        <input
          {...props}
          key={props.key}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          className={`${inputClass} ${hydrated ? "pr-20" : ""}`}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={field.id}
            className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-primary hover:bg-subtle"
          >
            {visible ? t("forms.hidePassword") : t("forms.showPassword")}
          </button>
        ) : null}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
