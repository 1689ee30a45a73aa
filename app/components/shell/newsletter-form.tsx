// The newsletter box (footer on every page, and /news): one e-mail field posting to /newsletter. Kept small for
// the shell (it is in every page's first load): no fetcher, no validation library. JavaScript or not, the action
// redirects back with a toast ("check your inbox"), or answers with its own page, the message next to the field.
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";

export type NewsletterActionData =
  { status: "sent" } | { status: "error"; email: string; fieldError: string | null; formError: string | null };

export function NewsletterForm({
  id,
  result,
  hint = true,
}: {
  id: string;
  /** The action's answer when this page is the no-JavaScript result of a post. */
  result?: NewsletterActionData;
  /** Off where the text around the box already says what the newsletter is. */
  hint?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const answer = result;
  const busy = navigation.state === "submitting" && navigation.formAction === "/newsletter";
  if (answer?.status === "sent") {
    return (
      <p role="status" className="flex gap-2 rounded-lg bg-success-soft p-3 text-sm text-fg">
        <Icon name="mail" className="mt-0.5 size-4 shrink-0 text-success" />
        <span>{t("footer.newsletter.sent")}</span>
      </p>
    );
  }
  const error = answer?.status === "error" ? answer : null;
  const describedBy =
    [hint ? `${id}-hint` : null, error?.fieldError || error?.formError ? `${id}-error` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <Form method="post" action="/newsletter" preventScrollReset noValidate className="grid gap-2">
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {t("footer.newsletter.hint")}
        </p>
      ) : null}
      <label htmlFor={`${id}-email`} className="text-sm font-semibold">
        {t("footer.newsletter.label")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={error?.email}
          aria-invalid={error?.fieldError ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} min-w-0 flex-1 basis-48`}
        />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 text-sm font-semibold text-on-primary hover:bg-primary-hover disabled:opacity-60"
        >
          {t("footer.newsletter.submit")}
        </button>
      </div>
      <FieldErrors id={`${id}-error`} errors={error ? [error.fieldError ?? error.formError ?? ""] : undefined} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
    </Form>
  );
}
