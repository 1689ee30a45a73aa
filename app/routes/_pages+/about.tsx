// /about (spec part 2 "Static pages"): mission, values, timeline, team and stats. The stats are real: public cars,
// the hosts who list them and the places they stand in, one aggregate over the public catalogue. Anonymous visits
// come from the edge cache, whose key follows the catalogue's version, so the numbers stay current.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { countPublicCatalogue } from "~/cars/catalogue-figures.server";
import { InfoPage } from "~/components/information/info-page";
import { ButtonLink } from "~/components/ui/button";
import { ABOUT } from "~/information/content/company-text.server";
import { formatNumber } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { informationPageData } from "./__document-page.server";

export const handle = { i18n: ["pages", "information"], breadcrumb: "pages:titles.about" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, stats] = await Promise.all([
    informationPageData(request, "about", ABOUT),
    countPublicCatalogue(context.db),
  ]);
  return { ...page, stats };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

function initials(name: string) {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2);
}

export default function AboutPage() {
  const { t, i18n } = useTranslation(["information", "pages"]);
  const { title, content, stats } = useLoaderData<typeof loader>();
  return (
    <InfoPage title={title} lead={t("about.lead")}>
      <section aria-labelledby="mission-title" className="grid gap-8 lg:grid-cols-[1.3fr_1fr] lg:items-start">
        <div>
          <h2 id="mission-title" className="text-2xl font-bold tracking-tight">
            {t("about.missionTitle")}
          </h2>
          <div className="mt-3 space-y-3 text-lg leading-8">
            {content.mission.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
        <dl className="grid grid-cols-3 gap-3 lg:grid-cols-1" aria-label={t("about.statsLabel")}>
          {(["cars", "hosts", "cities"] as const).map((key) => (
            <div key={key} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
              <dt className="text-sm text-muted">{t(`about.stats.${key}`)}</dt>
              <dd className="mt-1 text-2xl font-extrabold sm:text-3xl">{formatNumber(stats[key], i18n.language)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="values-title" className="mt-14">
        <h2 id="values-title" className="text-2xl font-bold tracking-tight">
          {t("about.valuesTitle")}
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {content.values.map((value) => (
            <li key={value.title} className="rounded-2xl border border-line bg-surface p-5">
              <h3 className="font-semibold">{value.title}</h3>
              <p className="mt-2 text-sm text-muted">{value.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="timeline-title" className="mt-14">
        <h2 id="timeline-title" className="text-2xl font-bold tracking-tight">
          {t("about.timelineTitle")}
        </h2>
        <ol className="mt-5 grid gap-6 border-l-2 border-primary/40 pl-6">
          {content.timeline.map((step) => (
            <li key={step.year} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[31px] size-3 rounded-full border-2 border-primary bg-canvas"
              />
              <p className="text-sm font-bold text-primary">{step.year}</p>
              <h3 className="font-semibold">{step.title}</h3>
              <p className="mt-1 text-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="team-title" className="mt-14">
        <h2 id="team-title" className="text-2xl font-bold tracking-tight">
          {t("about.teamTitle")}
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {content.team.map((person) => (
            <li key={person.name} className="rounded-2xl border border-line bg-surface p-5">
              <span
                aria-hidden="true"
                className="grid size-12 place-items-center rounded-full bg-primary-soft text-lg font-bold text-primary"
              >
                {initials(person.name)}
              </span>
              <h3 className="mt-3 font-semibold">{person.name}</h3>
              <p className="text-sm font-medium text-primary">{person.role}</p>
              <p className="mt-2 text-sm text-muted">{person.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-14 rounded-2xl bg-primary-soft p-6 sm:p-8" aria-labelledby="join-title">
        <h2 id="join-title" className="text-xl font-bold">
          {t("about.joinTitle")}
        </h2>
        <p className="mt-1 text-muted">{t("about.joinText")}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to="/rentals">{t("about.browse")}</ButtonLink>
          <ButtonLink to="/career" variant="secondary">
            {t("pages:titles.career")}
          </ButtonLink>
        </div>
      </section>
    </InfoPage>
  );
}
