// /newsletter/confirm?token=…: the link of the confirmation e-mail. A valid, unexpired, unused token subscribes the
// address and the page offers the unsubscribe link; anything else says the link does not work, and how to ask again.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { InfoPage } from "~/components/information/info-page";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { confirmNewsletterSubscription, unsubscribeToken } from "~/information/newsletter-subscriptions.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["pages", "information"], breadcrumb: "information:newsletter.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await getT(request, ["information", "pages"]);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const confirmed = await confirmNewsletterSubscription(context.db, token);
  const unsubscribe = confirmed.ok
    ? `/newsletter/unsubscribe?${new URLSearchParams({
        id: confirmed.id,
        token: await unsubscribeToken(context.env.sessionSecrets, confirmed.id),
      })}`
    : null;
  return {
    title: t(confirmed.ok ? "newsletter.confirmedTitle" : "newsletter.invalidTitle"),
    email: confirmed.ok ? confirmed.email : null,
    unsubscribe,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function NewsletterConfirmPage() {
  const { t } = useTranslation(["information", "pages"]);
  const { title, email, unsubscribe } = useLoaderData<typeof loader>();
  return (
    <InfoPage title={title} width="max-w-2xl">
      {email && unsubscribe ? (
        <div role="status" className="rounded-2xl border border-line bg-surface p-6">
          <Icon name="check" className="size-8 text-success" />
          <p className="mt-3 text-lg">{t("newsletter.confirmedText", { email })}</p>
          <p className="mt-4 text-sm text-muted">
            {t("newsletter.unsubscribeHint")}{" "}
            <Link to={unsubscribe} className="font-semibold text-primary underline underline-offset-2">
              {t("newsletter.unsubscribeLink")}
            </Link>
          </p>
          <ButtonLink to="/news" className="mt-6">
            {t("newsletter.toNews")}
          </ButtonLink>
        </div>
      ) : (
        <div role="alert" className="rounded-2xl border border-line bg-surface p-6">
          <Icon name="alert" className="size-8 text-danger" />
          <p className="mt-3 text-lg">{t("newsletter.invalidText")}</p>
          <ButtonLink to="/news#newsletter" className="mt-6">
            {t("newsletter.askAgain")}
          </ButtonLink>
        </div>
      )}
    </InfoPage>
  );
}
