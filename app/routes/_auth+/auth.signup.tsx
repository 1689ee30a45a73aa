import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createAccount, EmailTakenError, isEmailTaken, sendConfirmationEmail } from "~/accounts/accounts.server";
import { EmailSchema } from "~/accounts/account-form";
import { signUpSchemaWith } from "~/accounts/auth-form";
import { retryAfterSeconds } from "~/accounts/auth-throttle";
import { admitSignUp } from "~/accounts/auth-throttle.server";
import { requestTime } from "~/load-context";
import { clientNetwork } from "~/accounts/rate-limit.server";
import { EmailSentPanel, SignUpForm, type SignUpActionData } from "~/components/auth/sign-up-form";
import { ButtonLink } from "~/components/ui/button";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { AuthCard } from "./__auth-card";
import { authPageData } from "./__auth-page.server";

export const handle = { i18n: ["auth"], breadcrumb: "auth:signUp.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return authPageData(request, context, "signUp.title");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const email = EmailSchema.safeParse(formData.get("email"));
  const limit = await admitSignUp(
    context.db,
    email.success ? email.data : null,
    clientNetwork(request),
    requestTime(context),
  );
  const schema = signUpSchemaWith(async (email) => limit.allowed && (await isEmailTaken(context.db, email)));
  const submission = await parseWithZod(formData, { schema, async: true });
  const fail = (
    status: number,
    errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
    headers: HeadersInit = {},
  ) =>
    data<SignUpActionData>(
      { status: "error", result: submission.reply({ ...errors, hideFields: ["password"] }) },
      { status, headers },
    );

  if (!limit.allowed) {
    const message = limit.refusal === "email" ? "auth:errors.tooManySignUps" : "auth:errors.tooManySignUpsFromNetwork";
    return fail(429, { formErrors: [message] }, { "Retry-After": String(retryAfterSeconds(limit.retryAfterMs)) });
  }
  if (submission.status !== "success") return fail(400);

  const input = submission.value;
  let userId: string;
  try {
    userId = await createAccount(context, {
      email: input.email,
      password: input.password,
      fullName: input.fullName,
      accountType: input.accountType,
      companyName: input.accountType === "company" ? input.companyName : undefined,
      companyNumber: input.accountType === "company" ? input.companyNumber : undefined,
      marketingConsent: input.marketing,
    });
  } catch (error) {
    if (error instanceof EmailTakenError) return fail(400, { fieldErrors: { email: ["auth:errors.emailTaken"] } });
    throw error;
  }
  const t = await getT(request, ["email", "common"]);
  try {
    await sendConfirmationEmail(context, request, t, { id: userId, email: input.email, fullName: input.fullName });
  } catch (error) {
    // The account exists; the link can be sent again from the sign-in page once the e-mail service answers.
    console.error("Confirmation e-mail not sent", error);
    return data<SignUpActionData>({ status: "sent", email: input.email, deliveryFailed: true });
  }
  return data<SignUpActionData>({ status: "sent", email: input.email });
}

export default function SignUpPage() {
  const { t } = useTranslation("auth");
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  if (actionData?.status === "sent") {
    return (
      <AuthCard title={t("emailSent.title")}>
        <EmailSentPanel
          email={actionData.email}
          deliveryFailed={actionData.deliveryFailed}
          backSlot={<ButtonLink to="/auth/signin">{t("emailSent.back")}</ButtonLink>}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("signUp.title")} intro={t("signUp.intro")}>
      <SignUpForm
        Form={Form}
        actionData={actionData}
        redirectTo={redirectTo}
        busy={navigation.state === "submitting" && navigation.formAction === "/auth/signup"}
        signInSlot={
          <Link
            to={`/auth/signin?redirectTo=${encodeURIComponent(redirectTo)}`}
            className="font-semibold text-primary hover:underline"
          >
            {t("signUp.signInLink")}
          </Link>
        }
      />
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });
