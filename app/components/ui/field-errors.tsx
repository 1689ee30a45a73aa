// The look of an input and its message, for any form: conform's (components/ui/form.tsx) and plain ones (filters).
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";

export const inputClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg placeholder:text-muted/80 shadow-xs aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger";

/**
 * A field's messages, translated (with `values` for a message that names something): each different one once
 * (conform may report the same twice).
 */
export function FieldErrors({
  id,
  errors,
  values,
}: {
  id: string;
  errors?: string[];
  values?: Record<string, string>;
}) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger">
      <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
      <span>{[...new Set(errors)].map((error) => t(error, values)).join(" ")}</span>
    </p>
  );
}
