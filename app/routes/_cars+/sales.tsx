import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";
import { ListingPageView } from "./__listing-page";
import { listingPageData } from "./__listing-page.server";

export const handle = { i18n: ["cars", "features"], breadcrumb: "cars:pages.sale.title" };

export const loader = ({ request, context }: LoaderFunctionArgs) => listingPageData(request, context, "sale");

export default function SalesPage() {
  return <ListingPageView data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

export { shouldRevalidateAfterFavorite as shouldRevalidate } from "~/components/cars/favorite-button";
