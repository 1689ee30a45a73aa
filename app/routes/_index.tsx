// Home. The hero, the calls to action by role and the sign-up promo; the featured rentals and the sales
// section with their cards arrive with the browse issue.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLink } from "~/components/auth/auth-link";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import type { RootLoaderData } from "~/root";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["pages"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "pages");
  return { title: t("home.metaTitle"), description: t("home.metaDescription") };
}

const stats = [
  { value: "500+", label: "home.stats.cars" },
  { value: "10 000+", label: "home.stats.users" },
  { value: "4.9/5", label: "home.stats.rating" },
  { value: "24/7", label: "home.stats.support" },
] as const;

const benefits: { icon: IconName; title: string; body: string }[] = [
  { icon: "check", title: "home.benefits.free.title", body: "home.benefits.free.body" },
  { icon: "lock", title: "home.benefits.verified.title", body: "home.benefits.verified.body" },
  { icon: "car", title: "home.benefits.fast.title", body: "home.benefits.fast.body" },
];

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
  const { t } = useTranslation("pages");
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
                <dd className="mt-1 text-2xl font-extrabold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

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
