// The sign-in form, used by the /auth/signin page (a plain Form) and by the auth dialog (a fetcher's Form).
import { FormProvider, getFormProps, type SubmissionResult } from "@conform-to/react";
import { Link, type Form as RemixForm } from "@remix-run/react";
import type { ComponentProps, ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { SIGN_IN_CONSTRAINT } from "~/accounts/auth-constraints";
import { Button } from "~/components/ui/button";
import { FormAlert, PasswordField, TextField } from "~/components/ui/form";
import { useLazyCheck } from "~/components/ui/lazy-check";
import { useForm } from "~/components/ui/use-form";

const loadCheck = () => import("~/accounts/auth-checks").then((module) => module.checkSignIn);

export type FormComponent = ComponentType<ComponentProps<typeof RemixForm>>;

export interface SignInActionData {
  result: SubmissionResult<string[]>;
  /** Set when the password was right but the address is not confirmed yet: offer to send the link again. */
  unconfirmedEmail?: string;
}

export function SignInForm({
  actionData,
  Form,
  redirectTo,
  busy,
  idPrefix = "",
  signUpSlot,
}: {
  actionData?: SignInActionData | null;
  Form: FormComponent;
  redirectTo: string;
  busy: boolean;
  idPrefix?: string;
  /** How "create an account" is offered: a link on the page, a mode switch in the dialog. */
  signUpSlot: React.ReactNode;
}) {
  const { t } = useTranslation(["auth", "common"]);
  const check = useLazyCheck(loadCheck);
  const [form, fields] = useForm({
    id: `${idPrefix}signin`,
    lastResult: actionData?.result,
    constraint: SIGN_IN_CONSTRAINT,
    onValidate: check.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <FormProvider context={form.context}>
      <div className="grid gap-5">
        <Form
          method="post"
          action="/auth/signin"
          {...getFormProps(form)}
          onFocus={check.onFocus}
          className="grid gap-4"
        >
          <FormAlert id={form.errorId} errors={form.errors} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            meta={fields.email}
            label={t("auth:fields.email")}
            type="email"
            inputProps={{ autoComplete: "email", inputMode: "email" }}
          />
          <PasswordField meta={fields.password} label={t("auth:fields.password")} autoComplete="current-password" />
          <div className="-mt-1 text-right">
            <Link to="/auth/forgot-password" className="text-sm font-semibold text-primary hover:underline">
              {t("auth:signIn.forgot")}
            </Link>
          </div>
          <Button type="submit" size="lg" disabled={busy} aria-disabled={busy}>
            {busy ? t("auth:signIn.submitting") : t("auth:signIn.submit")}
          </Button>
        </Form>
        {actionData?.unconfirmedEmail ? (
          <p className="rounded-lg bg-subtle p-3 text-sm">
            {t("auth:signIn.noEmail")}{" "}
            <Link
              to={`/auth/resend-confirmation?email=${encodeURIComponent(actionData.unconfirmedEmail)}`}
              className="font-semibold text-primary underline underline-offset-2"
            >
              {t("auth:signIn.resend")}
            </Link>
          </p>
        ) : null}
        <p className="text-center text-sm text-muted">
          {t("auth:signIn.noAccount")} {signUpSlot}
        </p>
      </div>
    </FormProvider>
  );
}
