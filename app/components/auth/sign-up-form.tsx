// The sign-up form for a person or a company (part 1 §3 "Sign-up data"), on the page and in the dialog.
import { FormProvider, getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { SIGN_UP_CONSTRAINT } from "~/accounts/auth-constraints";
import { PasswordChecklist } from "~/components/auth/password-checklist";
import type { FormComponent } from "~/components/auth/sign-in-form";
import { Button } from "~/components/ui/button";
import { CheckboxField, ErrorSummary, FormAlert, PasswordField, TextField } from "~/components/ui/form";
import { FieldErrors } from "~/components/ui/field-errors";
import { useHydrated } from "~/utils/use-hydrated";
import { Icon } from "~/components/ui/icons";
import { useLazyCheck } from "~/components/ui/lazy-check";
import { useForm } from "~/components/ui/use-form";

const loadCheck = () => import("~/accounts/auth-checks").then((module) => module.checkSignUp);

export type SignUpActionData =
  { status: "error"; result: SubmissionResult<string[]> } | { status: "sent"; email: string; deliveryFailed?: boolean };

export function SignUpForm({
  actionData,
  Form,
  redirectTo,
  busy,
  idPrefix = "",
  signInSlot,
}: {
  actionData?: SignUpActionData | null;
  Form: FormComponent;
  redirectTo: string;
  busy: boolean;
  idPrefix?: string;
  signInSlot: React.ReactNode;
}) {
  const { t } = useTranslation(["auth", "common"]);
  const hydrated = useHydrated();
  const lastResult = actionData?.status === "error" ? actionData.result : undefined;
  const check = useLazyCheck(loadCheck);
  const [form, fields] = useForm({
    id: `${idPrefix}signup`,
    lastResult,
    constraint: SIGN_UP_CONSTRAINT,
    defaultValue: { accountType: "person" },
    onValidate: check.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Both read from the form itself (conform's values), also what was typed or chosen before the page hydrated.
  const password = typeof fields.password.value === "string" ? fields.password.value : "";
  const accountType = fields.accountType.value === "company" ? "company" : "person";
  // Without JavaScript both kinds of fields show; the server ignores the company ones for a person.
  const showCompany = !hydrated || accountType === "company";

  return (
    <FormProvider context={form.context}>
      <Form method="post" action="/auth/signup" {...getFormProps(form)} onFocus={check.onFocus} className="grid gap-4">
        <ErrorSummary
          submitted={Boolean(lastResult)}
          fields={[
            { id: fields.companyName.id, label: t("auth:fields.companyName"), errors: fields.companyName.errors },
            {
              id: fields.companyNumber.id,
              label: t("auth:fields.companyNumber"),
              errors: fields.companyNumber.errors,
            },
            { id: fields.fullName.id, label: t("auth:fields.fullName"), errors: fields.fullName.errors },
            { id: fields.email.id, label: t("auth:fields.email"), errors: fields.email.errors },
            { id: fields.password.id, label: t("auth:fields.password"), errors: fields.password.errors },
            { id: fields.terms.id, label: t("auth:fields.terms"), errors: fields.terms.errors },
            { id: fields.privacy.id, label: t("auth:fields.privacy"), errors: fields.privacy.errors },
          ]}
        />
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{t("auth:fields.accountType")}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["person", "company"] as const).map((type) => {
              const props = getInputProps(fields.accountType, { type: "radio", value: type });
              return (
                <label
                  key={type}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface p-3 text-sm font-medium has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
                >
                  <input
                    {...props}
                    key={props.key}
                    id={`${fields.accountType.id}-${type}`}
                    className="size-4 accent-[var(--primary)]"
                  />
                  {t(`auth:accountTypes.${type}`)}
                </label>
              );
            })}
          </div>
          <FieldErrors id={fields.accountType.errorId} errors={fields.accountType.errors} />
        </fieldset>
        {showCompany ? (
          <div className="grid gap-4 rounded-lg border border-dashed border-line p-3 sm:grid-cols-2">
            {!hydrated ? <p className="text-sm text-muted sm:col-span-2">{t("auth:signUp.companyOnly")}</p> : null}
            <TextField
              meta={fields.companyName}
              label={t("auth:fields.companyName")}
              hint={t("auth:signUp.companyNameHint")}
              inputProps={{ autoComplete: "organization" }}
            />
            <TextField
              meta={fields.companyNumber}
              label={t("auth:fields.companyNumber")}
              hint={t("auth:signUp.companyNumberHint")}
              inputProps={{ inputMode: "numeric", autoComplete: "off" }}
            />
          </div>
        ) : null}
        <TextField
          meta={fields.fullName}
          label={accountType === "company" && hydrated ? t("auth:fields.contactPerson") : t("auth:fields.fullName")}
          inputProps={{ autoComplete: "name" }}
        />
        <TextField
          meta={fields.email}
          label={t("auth:fields.email")}
          type="email"
          inputProps={{ autoComplete: "email", inputMode: "email" }}
        />
        <PasswordField
          meta={fields.password}
          label={t("auth:fields.password")}
          autoComplete="new-password"
          hint={<PasswordChecklist password={password} live={hydrated} />}
        />
        <div className="grid gap-3">
          <CheckboxField
            meta={fields.terms}
            label={
              <Trans
                t={t}
                i18nKey="auth:signUp.acceptTerms"
                components={{
                  doc: <Link to="/terms" target="_blank" className="font-semibold text-primary underline" />,
                }}
              />
            }
          />
          <CheckboxField
            meta={fields.privacy}
            label={
              <Trans
                t={t}
                i18nKey="auth:signUp.acceptPrivacy"
                components={{
                  doc: <Link to="/privacy" target="_blank" className="font-semibold text-primary underline" />,
                }}
              />
            }
          />
          <CheckboxField meta={fields.marketing} label={t("auth:signUp.acceptMarketing")} />
        </div>
        <Button type="submit" size="lg" disabled={busy} aria-disabled={busy}>
          {busy ? t("auth:signUp.submitting") : t("auth:signUp.submit")}
        </Button>
        <p className="text-center text-sm text-muted">
          {t("auth:signUp.haveAccount")} {signInSlot}
        </p>
      </Form>
    </FormProvider>
  );
}

/** "Check your e-mail" (the frame, page or dialog, gives the title): after sign-up; the dialog's close returns to sign-in. */
export function EmailSentPanel({
  email,
  deliveryFailed,
  backSlot,
}: {
  email: string;
  deliveryFailed?: boolean;
  backSlot: React.ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <div className="grid justify-items-center gap-4 text-center" role="status">
      <span className="grid size-14 place-items-center rounded-full bg-primary-soft text-primary">
        <Icon name="mail" className="size-7" />
      </span>
      <p className="text-muted">{t("emailSent.body", { email })}</p>
      {deliveryFailed ? (
        <p className="rounded-lg bg-warning-soft p-3 text-sm text-warning">{t("emailSent.deliveryFailed")}</p>
      ) : (
        <p className="text-sm text-muted">{t("emailSent.spam")}</p>
      )}
      {backSlot}
    </div>
  );
}
