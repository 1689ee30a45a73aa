// /newsletter/unsubscribe?id=…&token=…: the unsubscribe link (an HMAC of the subscription's id). Opening it asks
// for a click (a GET changes nothing: mail scanners open links); the POST sets unsubscribed_at.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { InfoPage } from "~/components/information/info-page";
import { Button, ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { NewsletterUnsubscribeSchema } from "~/information/newsletter-form";
import { isUnsubscribeTokenValid, unsubscribeNewsletter } from "~/information/newsletter-subscriptions.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["pages", "information"], breadcrumb: "information:newsletter.title" };

function linkOf(params: URLSearchParams) {
  return { id: params.get("id") ?? "", token: params.get("token") ?? "" };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await getT(request, ["information", "pages"]);
  const link = linkOf(new URL(request.url).searchParams);
  const valid = await isUnsubscribeTokenValid(context.env.sessionSecrets, link.id, link.token);
  return { title: t("newsletter.unsubscribeTitle"), valid, ...link };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: NewsletterUnsubscribeSchema });
  const link = submission.status === "success" ? submission.value : null;
  const valid = link !== null && (await isUnsubscribeTokenValid(context.env.sessionSecrets, link.id, link.token));
  if (!valid || !(await unsubscribeNewsletter(context.db, link.id))) {
    return data({ done: false, error: "information:newsletter.unsubscribeInvalid" }, { status: 400 });
  }
  return { done: true };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function NewsletterUnsubscribePage() {
  const { t } = useTranslation(["information", "pages"]);
  const { title, valid, id, token } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (outcome?.done) {
    return (
      <InfoPage title={title} width="max-w-2xl">
        <div role="status" className="rounded-2xl border border-line bg-surface p-6">
          <Icon name="check" className="size-8 text-success" />
          <p className="mt-3 text-lg">{t("newsletter.unsubscribed")}</p>
          <ButtonLink to="/" variant="secondary" className="mt-6">
            {t("newsletter.home")}
          </ButtonLink>
        </div>
      </InfoPage>
    );
  }
  return (
    <InfoPage title={title} width="max-w-2xl">
      {valid && outcome?.done !== false ? (
        <Form method="post" className="rounded-2xl border border-line bg-surface p-6">
          <p className="text-lg">{t("newsletter.unsubscribeQuestion")}</p>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="token" value={token} />
          <Button type="submit" className="mt-6" disabled={busy}>
            {t("newsletter.unsubscribeButton")}
          </Button>
        </Form>
      ) : (
        <div role="alert" className="rounded-2xl border border-line bg-surface p-6">
          <Icon name="alert" className="size-8 text-danger" />
          <p className="mt-3 text-lg">{t("newsletter.unsubscribeInvalid")}</p>
        </div>
      )}
    </InfoPage>
  );
}
