// POST /newsletter: the footer's and the news page's newsletter box (double opt-in). Asking writes the address's
// row with a new token and e-mails the confirmation link in the reader's language; the answer is the same whatever
// the address's state ("check your inbox"). With JavaScript the form's fetcher gets data back; without, a redirect
// back with a toast, or this small page with the message next to the field. GET shows the same small page.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { publicOrigin } from "~/accounts/accounts.server";
import { RATE_LIMITS, clientAddress, consumeRateLimit } from "~/accounts/rate-limit.server";
import { InfoPage } from "~/components/information/info-page";
import { NewsletterForm, type NewsletterActionData } from "~/components/shell/newsletter-form";
import { getEmailSender } from "~/email/sender.server";
import { newsletterConfirmMessage } from "~/email/templates.server";
import { getLanguage, getT } from "~/i18n.server";
import { NewsletterSchema } from "~/information/newsletter-form";
import { requestNewsletterSubscription } from "~/information/newsletter-subscriptions.server";
import { pageMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/redirect";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["pages", "information"], breadcrumb: "information:newsletter.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, ["information", "pages"]);
  return { title: t("newsletter.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: NewsletterSchema });
  const typedEmail = submission.payload.email;
  const typed = typeof typedEmail === "string" ? typedEmail.slice(0, 254) : "";
  const refuse = (status: number, fieldError: string | null, formError: string | null = null) =>
    data<NewsletterActionData>({ status: "error", email: typed, fieldError, formError }, { status });
  if (submission.status !== "success") {
    return refuse(400, submission.error?.email?.[0] ?? "validation.emailInvalid");
  }
  const { email, redirectTo, inline } = submission.value;
  const [perAddress, perClient] = await Promise.all([
    consumeRateLimit(context.db, `newsletter:${email}`, RATE_LIMITS.newsletter),
    consumeRateLimit(context.db, `newsletter-client:${clientAddress(request)}`, RATE_LIMITS.newsletterPerClient),
  ]);
  if (!perAddress.allowed || !perClient.allowed) return refuse(429, null, "footer.newsletter.tooMany");
  const language = await getLanguage(request);
  const token = await requestNewsletterSubscription(context.db, email, language);
  const url = new URL("/newsletter/confirm", publicOrigin(request, context.env));
  url.searchParams.set("token", token);
  try {
    const t = await getT(request, ["email", "common"]);
    await getEmailSender(context)(newsletterConfirmMessage(t, email, url.toString()));
  } catch (error) {
    console.error("Newsletter confirmation not sent", error);
    return refuse(503, null, "footer.newsletter.failed");
  }
  if (inline) return data<NewsletterActionData>({ status: "sent" });
  return redirectWithToast(
    safeRedirectPath(redirectTo ?? "/"),
    { type: "success", title: "footer.newsletter.sent" },
    context.env,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function NewsletterPage() {
  const { t } = useTranslation(["information", "pages"]);
  const result = useActionData<typeof action>();
  return (
    <InfoPage title={t("newsletter.title")} lead={t("newsletter.lead")} width="max-w-2xl">
      <div className="rounded-2xl border border-line bg-surface p-5">
        <NewsletterForm id="newsletter-page" result={result} />
      </div>
    </InfoPage>
  );
}
