// /career (spec part 2 "Static pages"): the open positions; "Apply" leads to the contact form with the business
// type and the position as the subject. Anonymous visits come from the edge cache.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { InfoPage } from "~/components/information/info-page";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { POSITIONS } from "~/information/content/company-text.server";
import { pageMeta } from "~/utils/meta";
import { informationPageData } from "./__document-page.server";

export const handle = { i18n: ["pages", "information"], breadcrumb: "pages:titles.career" };

export const loader = ({ request }: LoaderFunctionArgs) => informationPageData(request, "career", POSITIONS);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

export default function CareerPage() {
  const { t } = useTranslation(["information", "pages"]);
  const { title, content } = useLoaderData<typeof loader>();
  return (
    <InfoPage title={title} lead={t("career.lead")} width="max-w-4xl">
      <h2 className="text-2xl font-bold tracking-tight">{t("career.openTitle", { count: content.length })}</h2>
      <ul className="mt-5 grid gap-5">
        {content.map((position) => (
          <li key={position.id}>
            <article
              aria-labelledby={`${position.id}-title`}
              className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
            >
              <h3 id={`${position.id}-title`} className="text-xl font-bold">
                {position.title}
              </h3>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                <span>{position.place}</span>
                <span>{position.kind}</span>
              </p>
              <p className="mt-3">{position.summary}</p>
              <div className="mt-4 grid gap-5 sm:grid-cols-2">
                <div>
                  <h4 className="font-semibold">{t("career.duties")}</h4>
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted marker:text-primary">
                    {position.duties.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </div>
                <div>
                  <h4 className="font-semibold">{t("career.requirements")}</h4>
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted marker:text-primary">
                    {position.requirements.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </div>
              </div>
              <ButtonLink
                to={`/contact?${new URLSearchParams({ type: "business", subject: position.title })}`}
                className="mt-5"
              >
                {t("career.apply")}
                <span className="sr-only">: {position.title}</span>
                <Icon name="chevronRight" className="size-4" />
              </ButtonLink>
            </article>
          </li>
        ))}
      </ul>
      <div className="mt-10 rounded-2xl bg-primary-soft p-6">
        <h2 className="text-lg font-bold">{t("career.processTitle")}</h2>
        <p className="mt-1 text-muted">{t("career.processText")}</p>
      </div>
    </InfoPage>
  );
}
