import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { resendConfirmation } from "~/accounts/accounts.server";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { AuthCard } from "./__auth-card";
import { EmailLinkRequestForm } from "./__email-link-request";
import { handleEmailLinkRequest } from "./__email-link-request.server";

export const handle = { i18n: ["auth"], breadcrumb: "auth:resend.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "auth");
  const email = new URL(request.url).searchParams.get("email")?.slice(0, 254) ?? "";
  return { title: t("resend.title"), email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleEmailLinkRequest(request, context, "confirm", (t, email) =>
    resendConfirmation(context, request, t, email),
  );
}

export default function ResendConfirmationPage() {
  const { t } = useTranslation("auth");
  const { email } = useLoaderData<typeof loader>();
  return (
    <AuthCard title={t("resend.title")} intro={t("resend.intro")}>
      <EmailLinkRequestForm
        id="resend-confirmation"
        action="/auth/resend-confirmation"
        actionData={useActionData<typeof action>()}
        defaultEmail={email}
        submitLabel="resend.submit"
        sentMessage="resend.sent"
      />
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });
