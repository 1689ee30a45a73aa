// The pieces of the two "write to someone" pages (contact owner, and the public profile's Send Message): the
// message box, the contact form's type, subject and booking details, and the "Message Sent" state. Plain forms:
// the server checks every rule and sends back the messages and what was typed.
import { Form, useNavigation } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, ButtonLink } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";
import { useFieldValue } from "~/components/ui/page-values";
import { MESSAGE_MAX_LENGTH, PICKUP_LOCATION_MAX_LENGTH, SUBJECT_MAX_LENGTH } from "~/messages/message-form";
import { useHydrated } from "~/utils/use-hydrated";

export interface SendOutcome {
  issues: Record<string, string>;
  formIssue: string | null;
  values: Record<string, string>;
}

function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `message-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined })}
      <FieldErrors id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}

/** The form of both pages: the contact form's fields when `inquiry` is given, the message box always. */
export function MessageForm({
  outcome,
  inquiry,
  placeholder,
  submitLabel,
  cancelTo,
}: {
  outcome: SendOutcome | undefined;
  inquiry?: { bookingAllowed: boolean; today: string };
  placeholder: string;
  submitLabel: string;
  cancelTo: string;
}) {
  const { t } = useTranslation("messages");
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const values = outcome?.values ?? {};
  const issues = outcome?.issues ?? {};
  const type = values.type === "booking_inquiry" && inquiry?.bookingAllowed ? "booking_inquiry" : "general";
  // With JavaScript, Send waits for a message; without it, the server says "Message content cannot be empty". The
  // message is read from the box itself, which may have been written in before the page hydrated.
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const content = useFieldValue(form, "content", values.content ?? "");

  return (
    <Form ref={form} method="post" noValidate className="grid gap-5">
      {outcome?.formIssue ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm font-medium text-danger">
          {t(outcome.formIssue)}
        </p>
      ) : null}
      {inquiry ? (
        <>
          {inquiry.bookingAllowed ? (
            <fieldset>
              <legend className="mb-1.5 text-sm font-semibold">{t("contact.type")}</legend>
              <div className="grid grid-cols-2 gap-2">
                {(["general", "booking_inquiry"] as const).map((value) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-center gap-2 rounded-xl border border-line p-3 text-sm has-checked:border-primary has-checked:bg-primary-soft"
                  >
                    <input
                      type="radio"
                      name="type"
                      value={value}
                      defaultChecked={type === value}
                      className="accent-primary"
                    />
                    {t(`contact.${value}`)}
                  </label>
                ))}
              </div>
              <FieldErrors id="message-type-error" errors={issues.type ? [issues.type] : undefined} />
            </fieldset>
          ) : (
            <input type="hidden" name="type" value="general" />
          )}
          <Field name="subject" label={t("contact.subject")} hint={t("contact.subjectHint")} error={issues.subject}>
            {(props) => (
              <input
                {...props}
                name="subject"
                type="text"
                maxLength={SUBJECT_MAX_LENGTH}
                defaultValue={values.subject}
                className={inputClass}
              />
            )}
          </Field>
          {inquiry.bookingAllowed ? (
            // Only for a booking inquiry: hidden by CSS while "General question" is chosen, JavaScript or not.
            <fieldset className="grid gap-4 sm:grid-cols-2 [form:has(input[name=type][value=general]:checked)_&]:hidden">
              <legend className="sr-only">{t("contact.booking_inquiry")}</legend>
              {(["start", "end"] as const).map((name) => (
                <Field key={name} name={name} label={t(`contact.${name}`)} error={issues[name]}>
                  {(props) => (
                    <input
                      {...props}
                      name={name}
                      type="date"
                      min={inquiry.today}
                      defaultValue={values[name]}
                      className={inputClass}
                    />
                  )}
                </Field>
              ))}
              <div className="sm:col-span-2">
                <Field name="pickupLocation" label={t("contact.pickupLocation")} error={issues.pickupLocation}>
                  {(props) => (
                    <input
                      {...props}
                      name="pickupLocation"
                      type="text"
                      maxLength={PICKUP_LOCATION_MAX_LENGTH}
                      defaultValue={values.pickupLocation}
                      className={inputClass}
                    />
                  )}
                </Field>
              </div>
            </fieldset>
          ) : null}
        </>
      ) : null}
      <Field name="content" label={t("contact.content")} hint={t("contact.contentHint")} error={issues.content}>
        {(props) => (
          <textarea
            {...props}
            name="content"
            rows={6}
            required
            maxLength={MESSAGE_MAX_LENGTH}
            defaultValue={values.content}
            placeholder={placeholder}
            className={inputClass}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        <ButtonLink to={cancelTo} variant="secondary">
          {t("contact.cancel")}
        </ButtonLink>
        <Button type="submit" disabled={sending || (hydrated && !content.trim())}>
          <Icon name="mail" className="size-4" />
          {sending ? t("contact.sending") : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** "Message Sent" with "View Messages" (to the conversation) and a way back. */
export function MessageSent({
  conversationId,
  backTo,
  backLabel,
}: {
  conversationId: string;
  backTo: string;
  backLabel: string;
}) {
  const { t } = useTranslation("messages");
  return (
    <div role="status" className="rounded-xl border border-line bg-surface p-6 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-success-soft text-success">
        <Icon name="check" className="size-6" />
      </span>
      <h2 className="mt-3 text-xl font-bold">{t("contact.sentTitle")}</h2>
      <p className="mt-1 text-muted">{t("contact.sentText")}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <ButtonLink to={`/messages/${conversationId}`}>{t("contact.viewMessages")}</ButtonLink>
        <ButtonLink to={backTo} variant="secondary">
          {backLabel}
        </ButtonLink>
      </div>
    </div>
  );
}
