// /help (spec part 2 "Static pages"): help by topic, leading to the FAQ, Messages (the live chat with hosts and
// buyers) and the contact form. Video guides and the forum do not exist yet: they say so, with nothing to press.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { InfoPage } from "~/components/information/info-page";
import { Icon, type IconName } from "~/components/ui/icons";
import { pageMeta } from "~/utils/meta";
import { informationPageMeta } from "./__document-page.server";

export const handle = { i18n: ["pages", "information"], breadcrumb: "pages:titles.help" };

export const loader = ({ request }: LoaderFunctionArgs) => informationPageMeta(request, "help");

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

const TOPICS: { key: string; icon: IconName; links: { label: string; to: string }[] }[] = [
  {
    key: "renting",
    icon: "car",
    links: [
      { label: "help.links.howBooking", to: "/faq?category=booking" },
      { label: "help.links.cancel", to: "/terms#cancellation" },
      { label: "help.links.myBookings", to: "/bookings" },
    ],
  },
  {
    key: "payments",
    icon: "lock",
    links: [
      { label: "help.links.fees", to: "/faq?category=payments" },
      { label: "help.links.deposit", to: "/terms#deposit" },
      { label: "help.links.insurance", to: "/faq?category=insurance" },
    ],
  },
  {
    key: "hosting",
    icon: "home",
    links: [
      { label: "help.links.listCar", to: "/my-listings?create=rental" },
      { label: "help.links.verification", to: "/faq?category=verification" },
      { label: "help.links.approval", to: "/faq?category=hosting" },
    ],
  },
  {
    key: "account",
    icon: "shield",
    links: [
      { label: "help.links.profile", to: "/profile" },
      { label: "help.links.password", to: "/auth/forgot-password" },
      { label: "help.links.privacy", to: "/privacy#gdpr" },
    ],
  },
];

const CHANNELS: { key: string; icon: IconName; to: string }[] = [
  { key: "chat", icon: "mail", to: "/messages" },
  { key: "faq", icon: "search", to: "/faq" },
  { key: "contact", icon: "info", to: "/contact?type=support" },
];

export default function HelpPage() {
  const { t } = useTranslation(["information", "pages"]);
  const { title } = useLoaderData<typeof loader>();
  return (
    <InfoPage title={title} lead={t("help.lead")}>
      <section aria-labelledby="channels-title">
        <h2 id="channels-title" className="sr-only">
          {t("help.channelsTitle")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {CHANNELS.map((channel) => (
            <li key={channel.key}>
              <Link
                to={channel.to}
                className="flex h-full gap-4 rounded-2xl border border-line bg-surface p-5 hover:border-primary"
              >
                <span className="grid size-11 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">
                  <Icon name={channel.icon} className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{t(`help.channels.${channel.key}.title`)}</span>
                  <span className="mt-1 block text-sm text-muted">{t(`help.channels.${channel.key}.text`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="topics-title" className="mt-12">
        <h2 id="topics-title" className="text-2xl font-bold tracking-tight">
          {t("help.topicsTitle")}
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {TOPICS.map((topic) => (
            <li key={topic.key} className="rounded-2xl border border-line bg-surface p-5">
              <h3 className="flex items-center gap-2 text-lg font-semibold">
                <Icon name={topic.icon} className="size-5 text-primary" />
                {t(`help.topics.${topic.key}.title`)}
              </h3>
              <p className="mt-1 text-sm text-muted">{t(`help.topics.${topic.key}.text`)}</p>
              <ul className="mt-3 grid gap-1.5">
                {topic.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
                      <Icon name="chevronRight" className="size-4" />
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="soon-title" className="mt-12">
        <h2 id="soon-title" className="text-2xl font-bold tracking-tight">
          {t("help.soonTitle")}
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {(["videos", "forum"] as const).map((key) => (
            <li key={key} className="rounded-2xl border border-dashed border-line p-5">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {t(`help.soon.${key}.title`)}
                <span className="rounded-full bg-subtle px-2.5 py-0.5 text-xs font-semibold text-muted">
                  {t("help.soonBadge")}
                </span>
              </p>
              <p className="mt-1 text-sm text-muted">{t(`help.soon.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </InfoPage>
  );
}
