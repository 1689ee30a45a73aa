// A verified person's way to change the date of birth of their verified identity (/profile/verification#date-of-birth):
// the new date with the identity document that shows it, sent for review (decision 031). One multipart form, so it
// works without JavaScript; the server's message lands at its field, the typed date kept.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { FormAlert } from "~/components/ui/form";
import { formatDate } from "~/utils/format";

export interface DateOfBirthChangeError {
  /** Where the message belongs; null for the whole form (a conflict, storage out of reach). */
  field: "dateOfBirth" | "document" | null;
  error: string;
  dateOfBirth: string;
}

export function DateOfBirthChange({
  current,
  error,
}: {
  /** The verified date of birth, if the identity has one. */
  current: string | null;
  error?: DateOfBirthChangeError;
}) {
  const { t, i18n } = useTranslation("profile");
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "date-of-birth";
  const errorsAt = (field: DateOfBirthChangeError["field"]) =>
    error && error.field === field ? [error.error] : undefined;
  const dateErrors = errorsAt("dateOfBirth");
  const documentErrors = errorsAt("document");
  return (
    <section
      id="date-of-birth"
      aria-labelledby="date-of-birth-title"
      className="mt-8 scroll-mt-20 rounded-2xl border border-line bg-surface p-5 shadow-xs"
    >
      <h2 id="date-of-birth-title" className="text-lg font-bold">
        {t("verification.dateOfBirth.title")}
      </h2>
      <p className="mt-2 font-medium">
        {current
          ? t("verification.dateOfBirth.current", { date: formatDate(current, i18n.language, "long") })
          : t("verification.dateOfBirth.none")}
      </p>
      <p className="mt-1 text-sm text-muted">{t("verification.dateOfBirth.text")}</p>
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="date-of-birth" />
        <FormAlert errors={errorsAt(null)} />
        <div className="sm:max-w-xs">
          <label htmlFor="new-date-of-birth" className="mb-1.5 block text-sm font-semibold">
            {t("verification.dateOfBirth.newDate")}
          </label>
          <input
            id="new-date-of-birth"
            name="dateOfBirth"
            type="date"
            required
            autoComplete="bday"
            defaultValue={error?.dateOfBirth ?? ""}
            aria-invalid={dateErrors ? true : undefined}
            aria-describedby={dateErrors ? "new-date-of-birth-error" : undefined}
            className={inputClass}
          />
          <FieldErrors id="new-date-of-birth-error" errors={dateErrors} />
        </div>
        <div>
          <label htmlFor="date-of-birth-document" className="mb-1.5 block text-sm font-semibold">
            {t("verification.dateOfBirth.document")}
          </label>
          <p id="date-of-birth-document-hint" className="mb-1.5 text-sm text-muted">
            {t("verification.dateOfBirth.documentHint")} {t("verification.fileRules")}
          </p>
          <input
            id="date-of-birth-document"
            name="document"
            type="file"
            required
            accept="image/jpeg,image/png,image/webp,application/pdf"
            aria-invalid={documentErrors ? true : undefined}
            aria-describedby={
              documentErrors
                ? "date-of-birth-document-hint date-of-birth-document-error"
                : "date-of-birth-document-hint"
            }
            className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold file:text-fg hover:file:bg-subtle"
          />
          <FieldErrors id="date-of-birth-document-error" errors={documentErrors} />
        </div>
        <div>
          <Button type="submit" disabled={sending}>
            {sending ? t("verification.dateOfBirth.submitting") : t("verification.dateOfBirth.submit")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
