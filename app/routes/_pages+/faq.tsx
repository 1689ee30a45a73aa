// /faq (spec part 2 "Static pages"): a search box and a category filter (a GET form, so a search is a shareable
// address and works without JavaScript), the questions as an accordion of <details>. Filtering happens in the
// loader, ignoring case and diacritics (information/faq-search.ts). Anonymous visits come from the edge cache.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { InfoPage } from "~/components/information/info-page";
import { TabLinks } from "~/components/information/tab-links";
import { Button, ButtonLink } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";
import { FAQ } from "~/information/content/faq-text.server";
import { FAQ_CATEGORIES, FAQ_QUERY_MAX_LENGTH, filterFaq, readFaqQuery } from "~/information/faq-search";
import { pageMeta } from "~/utils/meta";
import { informationPageData } from "./__document-page.server";

export const handle = { i18n: ["pages", "information"], breadcrumb: "pages:titles.faq" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { title, description, content } = await informationPageData(request, "faq", FAQ);
  const query = readFaqQuery(new URL(request.url).searchParams);
  return { title, description, query, total: content.length, entries: filterFaq(content, query) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

function faqHref(q: string, category: string | null) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  const search = params.toString();
  return search ? `/faq?${search}` : "/faq";
}

export default function FaqPage() {
  const { t } = useTranslation(["information", "pages"]);
  const { title, query, entries } = useLoaderData<typeof loader>();
  const filtered = query.q !== "" || query.category !== null;
  return (
    <InfoPage title={title} lead={t("faq.lead")} width="max-w-4xl">
      <Form
        method="get"
        action="/faq"
        role="search"
        aria-label={t("faq.searchLabel")}
        className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
      >
        <div>
          <label htmlFor="faq-q" className="mb-1.5 block text-sm font-semibold">
            {t("faq.searchLabel")}
          </label>
          <input
            id="faq-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={FAQ_QUERY_MAX_LENGTH}
            placeholder={t("faq.searchPlaceholder")}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="faq-category" className="mb-1.5 block text-sm font-semibold">
            {t("faq.categoryLabel")}
          </label>
          <select id="faq-category" name="category" defaultValue={query.category ?? ""} className={inputClass}>
            <option value="">{t("faq.allCategories")}</option>
            {FAQ_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`faq.categories.${category}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" className="min-h-[46px]">
          <Icon name="search" className="size-4" />
          {t("faq.search")}
        </Button>
      </Form>
      <div className="mt-5">
        <TabLinks
          label={t("faq.categoryLabel")}
          tabs={[null, ...FAQ_CATEGORIES].map((category) => ({
            key: category ?? "all",
            to: faqHref(query.q, category),
            label: category ? t(`faq.categories.${category}`) : t("faq.allCategories"),
            current: query.category === category,
          }))}
        />
      </div>
      <p role="status" className="mt-6 text-sm text-muted">
        {filtered ? t("faq.found", { count: entries.length }) : t("faq.countAll", { count: entries.length })}
      </p>
      {entries.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-line bg-surface p-8 text-center">
          <p className="font-semibold">{t("faq.emptyTitle")}</p>
          <p className="mt-1 text-muted">{t("faq.emptyText")}</p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/faq" variant="secondary">
              {t("faq.clear")}
            </ButtonLink>
            <ButtonLink to="/contact?type=support">{t("faq.ask")}</ButtonLink>
          </div>
        </div>
      ) : (
        <ul className="mt-4 grid gap-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <details id={entry.id} className="group rounded-xl border border-line bg-surface open:shadow-xs">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-4 p-4 font-semibold [&::-webkit-details-marker]:hidden">
                  <span>
                    <span className="mb-1 block text-xs font-semibold tracking-wide text-primary uppercase">
                      {t(`faq.categories.${entry.category}`)}
                    </span>
                    {entry.question}
                  </span>
                  <Icon
                    name="chevronDown"
                    className="mt-1 size-5 shrink-0 transition-transform group-open:rotate-180"
                  />
                </summary>
                <p className="px-4 pb-4 leading-7 text-muted">{entry.answer}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-10 rounded-2xl bg-primary-soft p-6">
        <h2 className="text-lg font-bold">{t("faq.stillTitle")}</h2>
        <p className="mt-1 text-muted">{t("faq.stillText")}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to="/contact?type=support">{t("faq.ask")}</ButtonLink>
          <ButtonLink to="/help" variant="secondary">
            {t("pages:titles.help")}
          </ButtonLink>
        </div>
      </div>
    </InfoPage>
  );
}
