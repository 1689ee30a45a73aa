// Home (part 1 §2): the hero, featured rentals by category (the tabs are links, so they work without JavaScript),
// the newest cars for sale, the calls to action by role and the sign-up promo.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLink } from "~/components/auth/auth-link";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { EmptyNote } from "~/components/ui/empty-state";
import { Icon, type IconName } from "~/components/ui/icons";
import { sessionUserIdSql } from "~/accounts/session.server";
import { ListingCard, type CardCar } from "~/components/cars/listing-card";
import { getT } from "~/i18n.server";
import { findNewestCards } from "~/search/listing-query.server";
import type { RootLoaderData } from "~/root";
import { formatAtLeast, formatRating } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["pages", "cars", "features"] };

export const FEATURED_TABS = ["all", "luxury", "sport", "electric", "suv"] as const;
type FeaturedTab = (typeof FEATURED_TABS)[number];
export const FEATURED_RENTALS = 6;
export const HOME_SALES = 3;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const requested = new URL(request.url).searchParams.get("category");
  const tab: FeaturedTab = FEATURED_TABS.find((t) => t === requested) ?? "all";
  // The viewer's favourite marks by the session's subquery: asked for with the cars, not after the session's answer.
  const [t, viewer] = await Promise.all([getT(request, "pages"), sessionUserIdSql(request, context)]);
  const [rentals, sales] = await Promise.all([
    findNewestCards(context.db, "rental", FEATURED_RENTALS, viewer, tab === "all" ? undefined : tab),
    findNewestCards(context.db, "sale", HOME_SALES, viewer),
  ]);
  return { title: t("home.metaTitle"), description: t("home.metaDescription"), tab, rentals, sales };
}

/** The spec's marketing claims (part 1 §2), not computed figures; written in the page's language. */
const stats = [
  { value: (language: string) => formatAtLeast(500, language), label: "home.stats.cars" },
  { value: (language: string) => formatAtLeast(10_000, language), label: "home.stats.users" },
  { value: (language: string) => `${formatRating(4.9, language)}/5`, label: "home.stats.rating" },
  { value: () => "24/7", label: "home.stats.support" },
] as const;

const benefits: { icon: IconName; title: string; body: string }[] = [
  { icon: "check", title: "home.benefits.free.title", body: "home.benefits.free.body" },
  { icon: "lock", title: "home.benefits.verified.title", body: "home.benefits.verified.body" },
  { icon: "car", title: "home.benefits.fast.title", body: "home.benefits.fast.body" },
];

function FeaturedRentals() {
  const { t } = useTranslation(["pages", "cars"]);
  const { tab, rentals } = useLoaderData<typeof loader>();
  return (
    <section
      id="featured"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 pt-12 sm:px-6"
      aria-labelledby="featured-title"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="featured-title" className="text-2xl font-bold tracking-tight">
          {t("home.featured.title")}
        </h2>
        <Link to="/rentals" className="text-sm font-semibold text-primary hover:underline">
          {t("home.featured.viewAll")}
        </Link>
      </div>
      <nav aria-label={t("home.featured.tabs")} className="mt-4 -mx-4 overflow-x-auto px-4 [scrollbar-width:none]">
        <ul className="flex gap-2">
          {FEATURED_TABS.map((category) => (
            <li key={category}>
              <Link
                to={category === "all" ? "/#featured" : `/?category=${category}#featured`}
                preventScrollReset
                aria-current={tab === category ? "page" : undefined}
                className={`inline-flex min-h-9 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap ${
                  tab === category
                    ? "border-primary bg-primary text-on-primary"
                    : "border-line bg-surface hover:bg-subtle"
                }`}
              >
                {category === "all" ? t("home.featured.all") : t(`cars:category.${category}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rentals.length === 0 ? (
        <EmptyNote className="mt-6">{t("home.featured.empty")}</EmptyNote>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {rentals.map((car) => (
            <li key={car.id}>
              <ListingCard car={car as CardCar} variant="featured" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SalesSection() {
  const { t } = useTranslation("pages");
  const { sales } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-7xl px-4 pt-14 sm:px-6" aria-labelledby="sales-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="sales-title" className="text-2xl font-bold tracking-tight">
          {t("home.sales.title")}
        </h2>
        {sales.length > 0 ? (
          <ButtonLink to="/sales" variant="secondary" size="sm">
            {t("home.sales.viewAll")}
          </ButtonLink>
        ) : null}
      </div>
      {sales.length === 0 ? (
        <EmptyNote className="mt-6">{t("home.sales.empty")}</EmptyNote>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {sales.map((car) => (
            <li key={car.id}>
              <ListingCard car={car as CardCar} variant="sale" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RentOutAction() {
  const { t } = useTranslation("pages");
  const root = useRouteLoaderData<RootLoaderData>("root");
  const user = root?.user;
  if (!user) {
    return (
      <AuthLink mode="signup" className={buttonClass("secondary", "lg")}>
        {t("home.rentOut.register")}
      </AuthLink>
    );
  }
  if (user.verificationStatus !== "verified") {
    return (
      <div>
        <button type="button" disabled aria-describedby="rent-out-hint" className={buttonClass("secondary", "lg")}>
          {t("home.rentOut.cta")}
        </button>
        <p id="rent-out-hint" className="mt-2 text-sm text-muted">
          {t("home.rentOut.verificationRequired")}
        </p>
      </div>
    );
  }
  return (
    <ButtonLink to="/my-listings?create=rental" variant="secondary" size="lg">
      {t("home.rentOut.cta")}
    </ButtonLink>
  );
}

export default function Home() {
  const { t, i18n } = useTranslation("pages");
  const root = useRouteLoaderData<RootLoaderData>("root");
  const signedIn = Boolean(root?.user);
  return (
    <>
      <section className="border-b border-line bg-surface">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.3fr_1fr] lg:items-center lg:py-20">
          <div>
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t("home.hero.kicker")}</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
              {t("home.hero.title")}
            </h1>
            <p className="mt-4 max-w-xl text-lg text-muted">{t("home.hero.body")}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/rentals" size="lg">
                {t("home.hero.rent")}
              </ButtonLink>
              <ButtonLink to="/sales" variant="secondary" size="lg">
                {t("home.hero.buy")}
              </ButtonLink>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-3">
            {stats.map((stat) => (
              <div key={stat.label} className="rounded-2xl border border-line bg-canvas p-5">
                <dt className="text-sm text-muted">{t(stat.label)}</dt>
                <dd className="mt-1 text-2xl font-extrabold">{stat.value(i18n.language)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <FeaturedRentals />
      <SalesSection />

      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6" aria-labelledby="sell-title">
        <h2 id="sell-title" className="text-2xl font-bold tracking-tight">
          {t("home.sell.title")}
        </h2>
        <p className="mt-2 max-w-2xl text-muted">{t("home.sell.body")}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="rounded-2xl border border-line bg-surface p-5">
              <span className="grid size-10 place-items-center rounded-full bg-primary-soft text-primary">
                <Icon name={benefit.icon} className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{t(benefit.title)}</h3>
              <p className="mt-1 text-sm text-muted">{t(benefit.body)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-wrap items-center gap-3">
          {signedIn ? (
            <ButtonLink to="/my-listings?create=sale" size="lg">
              {t("home.sell.cta")}
            </ButtonLink>
          ) : (
            <AuthLink mode="signup" className={buttonClass("primary", "lg")}>
              {t("home.sell.cta")}
            </AuthLink>
          )}
          <p className="text-sm text-muted">
            {t("home.sell.fee")} <span className="font-bold text-fg">0 €</span> <s>10 €</s>
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 sm:px-6" aria-labelledby="rent-out-title">
        <div className="rounded-3xl bg-primary-soft p-6 sm:p-10">
          <h2 id="rent-out-title" className="text-2xl font-bold tracking-tight">
            {t("home.rentOut.title")}
          </h2>
          <p className="mt-2 max-w-2xl text-muted">{t("home.rentOut.body")}</p>
          <div className="mt-6">
            <RentOutAction />
          </div>
        </div>
      </section>

      {signedIn ? null : (
        <section className="mx-auto mt-12 max-w-7xl px-4 sm:px-6" aria-labelledby="promo-title">
          <div className="flex flex-col items-start justify-between gap-6 rounded-3xl border border-line bg-surface p-6 sm:flex-row sm:items-center sm:p-10">
            <div>
              <h2 id="promo-title" className="text-2xl font-bold tracking-tight">
                {t("home.promo.title")}
              </h2>
              <p className="mt-2 max-w-xl text-muted">{t("home.promo.body")}</p>
            </div>
            <AuthLink mode="signup" className={buttonClass("primary", "lg")}>
              {t("home.promo.cta")}
            </AuthLink>
          </div>
        </section>
      )}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

export { shouldRevalidateAfterFavorite as shouldRevalidate } from "~/components/cars/favorite-button";
