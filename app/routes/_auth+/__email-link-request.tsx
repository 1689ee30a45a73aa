import { FormProvider, getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EMAIL_ONLY_CONSTRAINT } from "~/accounts/auth-constraints";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { useLazyCheck } from "~/components/ui/lazy-check";
import { useForm } from "~/components/ui/use-form";

const loadCheck = () => import("~/accounts/auth-checks").then((module) => module.checkEmailOnly);

export type EmailLinkActionData =
  { status: "error"; result: SubmissionResult<string[]> } | { status: "sent"; email: string };

export function EmailLinkRequestForm({
  id,
  action,
  actionData,
  defaultEmail,
  submitLabel,
  sentMessage,
}: {
  id: string;
  action: string;
  actionData?: EmailLinkActionData;
  defaultEmail?: string;
  submitLabel: string;
  sentMessage: string;
}) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const check = useLazyCheck(loadCheck);
  const [form, fields] = useForm({
    id,
    lastResult: actionData?.status === "error" ? actionData.result : undefined,
    defaultValue: { email: defaultEmail },
    constraint: EMAIL_ONLY_CONSTRAINT,
    onValidate: check.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (actionData?.status === "sent") {
    return (
      <p role="status" className="flex gap-3 rounded-lg bg-success-soft p-4 text-sm text-fg">
        <Icon name="mail" className="size-5 shrink-0 text-success" />
        <span>{t(sentMessage, { email: actionData.email })}</span>
      </p>
    );
  }
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <FormProvider context={form.context}>
      <Form method="post" action={action} {...getFormProps(form)} onFocus={check.onFocus} className="grid gap-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField
          meta={fields.email}
          label={t("fields.email")}
          type="email"
          inputProps={{ autoComplete: "email", inputMode: "email" }}
        />
        <Button type="submit" size="lg" disabled={busy}>
          {t(submitLabel)}
        </Button>
      </Form>
    </FormProvider>
  );
}
