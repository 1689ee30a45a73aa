// /terms: the Terms of Service (fees, deposits, cancellation, host verification), in the reader's language, with a
// table of contents. The same for every anonymous visitor, so it comes from the edge cache (decision 006).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { TERMS } from "~/information/content/terms-text.server";
import { pageMeta } from "~/utils/meta";
import { DocumentPage } from "./__document-page";
import { informationPageData } from "./__document-page.server";

export const handle = { i18n: ["pages", "information"], breadcrumb: "pages:titles.terms" };

export const loader = ({ request }: LoaderFunctionArgs) => informationPageData(request, "terms", TERMS);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

export default function TermsPage() {
  const { title, content } = useLoaderData<typeof loader>();
  return <DocumentPage title={title} content={content} />;
}
