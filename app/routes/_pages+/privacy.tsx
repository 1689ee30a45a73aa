// /privacy: the Privacy Policy, in the reader's language, with a table of contents; its #gdpr section is the
// footer's "GDPR" link. The same for every anonymous visitor, so it comes from the edge cache (decision 006).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PRIVACY } from "~/information/content/privacy-text.server";
import { pageMeta } from "~/utils/meta";
import { DocumentPage } from "./__document-page";
import { informationPageData } from "./__document-page.server";

export const handle = { i18n: ["pages", "information"], breadcrumb: "pages:titles.privacy" };

export const loader = ({ request }: LoaderFunctionArgs) => informationPageData(request, "privacy", PRIVACY);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

export default function PrivacyPage() {
  const { title, content } = useLoaderData<typeof loader>();
  return <DocumentPage title={title} content={content} />;
}
