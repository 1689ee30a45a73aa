// /car/{id}/book: the booking steps as pages (a dialog with JavaScript). The booking work builds them; the route
// already has its final rules: signed in, the car visible and rentable.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";
import { CarPlaceholderPage } from "./__car-placeholder";
import { placeholderForCar } from "./__car-placeholder.server";

export const handle = { i18n: ["cars", "pages"], breadcrumb: "cars:book.title" };

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  placeholderForCar(request, context, params.id, "book");

export default function BookCarPage() {
  return <CarPlaceholderPage data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });
