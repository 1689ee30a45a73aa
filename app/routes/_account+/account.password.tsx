// Change of password while signed in (the spec forgot it; no real product does). Other sessions end.
import { FormProvider, getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { changePassword } from "~/accounts/accounts.server";
import { ChangePasswordSchema } from "~/accounts/auth-form";
import { requireUser } from "~/accounts/guards.server";
import { consumeRateLimit, RATE_LIMITS } from "~/accounts/rate-limit.server";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { Button } from "~/components/ui/button";
import { FormAlert, PasswordField } from "~/components/ui/form";
import { useForm } from "~/components/ui/use-form";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { AuthCard } from "../_auth+/__auth-card";

export const handle = { i18n: ["auth"], breadcrumb: "auth:changePassword.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const t = await getT(request, "auth");
  return { title: t("changePassword.title") };
}

const hidden = ["currentPassword", "password", "confirmPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ChangePasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: hidden }), { status: 400 });
  const limit = await consumeRateLimit(context.db, `password-change:${user.id}`, RATE_LIMITS.passwordChange);
  if (!limit.allowed) {
    return data(submission.reply({ formErrors: ["auth:errors.tooManyPasswordChanges"], hideFields: hidden }), {
      status: 429,
    });
  }
  const outcome = await changePassword(
    context,
    user.id,
    user.sessionId,
    submission.value.currentPassword,
    submission.value.password,
  );
  if (outcome === "wrong-password") {
    return data(
      submission.reply({ fieldErrors: { currentPassword: ["auth:errors.wrongCurrentPassword"] }, hideFields: hidden }),
      { status: 400 },
    );
  }
  return redirectWithToast("/account/password", { type: "success", title: "toasts.passwordChanged" }, context.env);
}

export default function ChangePasswordPage() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    constraint: getZodConstraint(ChangePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title={t("changePassword.title")} intro={t("changePassword.intro")}>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="grid gap-4">
          <FormAlert id={form.errorId} errors={form.errors} />
          <PasswordField
            meta={fields.currentPassword}
            label={t("fields.currentPassword")}
            autoComplete="current-password"
          />
          <NewPasswordFields password={fields.password} confirmation={fields.confirmPassword} />
          <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
            {t("changePassword.submit")}
          </Button>
        </Form>
      </FormProvider>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
