// The look of an input and its message, for any form: conform's (components/ui/form.tsx) and plain ones (filters).
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";

export const inputClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg placeholder:text-muted/80 shadow-xs aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger";

/**
 * A field's messages, translated (with `values` for a message that names something). The first is what matters
 * (conform may report several, as for a password); with `all`, each different one, for messages that are about
 * different things (the photos a picker left out, and why).
 */
export function FieldErrors({
  id,
  errors,
  values,
  all = false,
}: {
  id: string;
  errors?: string[];
  values?: Record<string, string>;
  all?: boolean;
}) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger">
      <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
      <span>{(all ? [...new Set(errors)] : errors.slice(0, 1)).map((error) => t(error, values)).join(" ")}</span>
    </p>
  );
}
