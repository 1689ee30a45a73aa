import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { sendPasswordReset } from "~/accounts/accounts.server";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { AuthCard } from "./__auth-card";
import { EmailLinkRequestForm } from "./__email-link-request";
import { handleEmailLinkRequest } from "./__email-link-request.server";

export const handle = { i18n: ["auth"], breadcrumb: "auth:forgot.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "auth");
  return { title: t("forgot.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleEmailLinkRequest(request, context, "reset", (t, email) => sendPasswordReset(context, request, t, email));
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("forgot.title")} intro={t("forgot.intro")}>
      <EmailLinkRequestForm
        id="forgot-password"
        action="/auth/forgot-password"
        actionData={useActionData<typeof action>()}
        submitLabel="forgot.submit"
        sentMessage="forgot.sent"
      />
      <p className="mt-5 text-center text-sm">
        <Link to="/auth/signin" className="font-semibold text-primary hover:underline">
          {t("forgot.back")}
        </Link>
      </p>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });
