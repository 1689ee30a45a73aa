// /disclaimer: what Ratai checks and answers for, in the reader's language. The same for every anonymous visitor,
// so it comes from the edge cache (decision 006).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DISCLAIMER } from "~/information/content/disclaimer-text.server";
import { pageMeta } from "~/utils/meta";
import { DocumentPage } from "./__document-page";
import { informationPageData } from "./__document-page.server";

export const handle = { i18n: ["pages", "information"], breadcrumb: "pages:titles.disclaimer" };

export const loader = ({ request }: LoaderFunctionArgs) => informationPageData(request, "disclaimer", DISCLAIMER);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

export default function DisclaimerPage() {
  const { title, content } = useLoaderData<typeof loader>();
  return <DocumentPage title={title} content={content} />;
}
