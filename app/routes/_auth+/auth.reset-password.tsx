import { FormProvider, getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { resetPassword } from "~/accounts/accounts.server";
import { RESET_PASSWORD_CONSTRAINT } from "~/accounts/auth-constraints";
import { ResetPasswordSchema } from "~/accounts/auth-form";
import { isEmailTokenUsable } from "~/accounts/email-tokens.server";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form";
import { useLazyCheck } from "~/components/ui/lazy-check";
import { useForm } from "~/components/ui/use-form";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { AuthCard } from "./__auth-card";

const loadCheck = () => import("~/accounts/auth-checks").then((module) => module.checkResetPassword);

export const handle = { i18n: ["auth"], breadcrumb: "auth:reset.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await getT(request, "auth");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = await isEmailTokenUsable(context.db, token, "reset_password");
  return data({ title: t("reset.title"), token: usable ? token : null }, { status: usable ? 200 : 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const done = await resetPassword(context, submission.value.token, submission.value.password);
  if (!done) {
    return data(
      submission.reply({ formErrors: ["auth:reset.invalidLink"], hideFields: ["password", "confirmPassword"] }),
      {
        status: 400,
      },
    );
  }
  return redirectWithToast(
    "/auth/signin",
    { type: "success", title: "toasts.passwordReset", description: "toasts.passwordResetDetail" },
    context.env,
  );
}

export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const { token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const check = useLazyCheck(loadCheck);
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint: RESET_PASSWORD_CONSTRAINT,
    onValidate: check.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (!token) {
    return (
      <AuthCard title={t("reset.title")}>
        <FormAlert errors={["auth:reset.invalidLink"]} />
        <ButtonLink to="/auth/forgot-password" className="mt-5 w-full">
          {t("reset.requestNew")}
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset.title")} intro={t("reset.intro")}>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} onFocus={check.onFocus} className="grid gap-4">
          <FormAlert id={form.errorId} errors={form.errors} />
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields password={fields.password} confirmation={fields.confirmPassword} />
          <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
            {t("reset.submit")}
          </Button>
        </Form>
      </FormProvider>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });
