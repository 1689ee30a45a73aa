// /news (spec part 2 "Static pages"): category tabs (links with ?category=, so they work without JavaScript and can
// be shared), the featured article, the others newest first, and the newsletter box (the real double opt-in, the
// same as the footer's). Anonymous visits come from the edge cache.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { InfoPage } from "~/components/information/info-page";
import { TabLinks } from "~/components/information/tab-links";
import { NewsletterForm } from "~/components/shell/newsletter-form";
import { ARTICLES } from "~/information/content/news-articles.server";
import { NEWS_CATEGORIES, type Article } from "~/information/news-categories";
import { formatDate } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { informationPageData } from "./__document-page.server";
import { EmptyNote } from "~/components/ui/empty-state";

export const handle = { i18n: ["pages", "information"], breadcrumb: "pages:titles.news" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { title, description, content } = await informationPageData(request, "news", ARTICLES);
  const requested = new URL(request.url).searchParams.get("category");
  const category = NEWS_CATEGORIES.find((c) => c === requested) ?? null;
  const articles = content
    .filter((article) => !category || article.category === category)
    .sort((a, b) => b.date.localeCompare(a.date));
  const featured = articles.find((article) => article.featured) ?? articles[0] ?? null;
  return { title, description, category, featured, articles: articles.filter((a) => a !== featured) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

function ArticleMeta({ article }: { article: Article }) {
  const { t, i18n } = useTranslation(["information", "pages"]);
  return (
    <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted">
      <span className="font-semibold text-primary">{t(`news.categories.${article.category}`)}</span>
      <time dateTime={article.date}>{formatDate(`${article.date}T12:00:00Z`, i18n.language, "long")}</time>
    </p>
  );
}

export default function NewsPage() {
  const { t } = useTranslation(["information", "pages"]);
  const { title, category, featured, articles } = useLoaderData<typeof loader>();
  return (
    <InfoPage title={title} lead={t("news.lead")}>
      <TabLinks
        label={t("news.tabsLabel")}
        tabs={[null, ...NEWS_CATEGORIES].map((tab) => ({
          key: tab ?? "all",
          to: tab ? `/news?category=${tab}` : "/news",
          label: tab ? t(`news.categories.${tab}`) : t("news.all"),
          current: category === tab,
        }))}
      />
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          {featured ? (
            <article
              aria-labelledby={`${featured.id}-title`}
              className="rounded-2xl border border-line bg-surface p-6 sm:p-8"
            >
              <p className="text-xs font-semibold tracking-wide text-accent uppercase">{t("news.featured")}</p>
              <h2 id={`${featured.id}-title`} className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
                {featured.title}
              </h2>
              <div className="mt-2">
                <ArticleMeta article={featured} />
              </div>
              <p className="mt-4 text-lg">{featured.summary}</p>
              <div className="mt-3 space-y-3 leading-7 text-muted">
                {featured.body.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </article>
          ) : (
            <EmptyNote>{t("news.empty")}</EmptyNote>
          )}
          {articles.length > 0 ? (
            <section aria-labelledby="more-news" className="mt-10">
              <h2 id="more-news" className="text-xl font-bold tracking-tight">
                {t("news.more")}
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {articles.map((article) => (
                  <li key={article.id}>
                    <article
                      aria-labelledby={`${article.id}-title`}
                      className="h-full rounded-2xl border border-line bg-surface p-5"
                    >
                      <ArticleMeta article={article} />
                      <h3 id={`${article.id}-title`} className="mt-2 text-lg font-semibold">
                        {article.title}
                      </h3>
                      <p className="mt-2 text-sm">{article.summary}</p>
                      {article.body.map((paragraph) => (
                        <p key={paragraph} className="mt-2 text-sm text-muted">
                          {paragraph}
                        </p>
                      ))}
                    </article>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside>
          <section
            id="newsletter"
            aria-labelledby="newsletter-title"
            className="scroll-mt-24 rounded-2xl border border-line bg-surface p-5 lg:sticky lg:top-24"
          >
            <h2 id="newsletter-title" className="text-lg font-bold">
              {t("news.subscribeTitle")}
            </h2>
            <p className="mt-1 mb-4 text-sm text-muted">{t("news.subscribeText")}</p>
            <NewsletterForm id="news-newsletter" hint={false} />
          </section>
        </aside>
      </div>
    </InfoPage>
  );
}
