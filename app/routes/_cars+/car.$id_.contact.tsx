// /car/{id}/contact: "Contact owner" as a page (a dialog with JavaScript). The messaging work builds the form; the
// route already has its final rules: signed in, and the car visible to the visitor.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { placeholderForCar } from "./__car-placeholder.server";
import { CarPlaceholderPage } from "./__car-placeholder";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["cars", "pages"], breadcrumb: "cars:contact.title" };

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  placeholderForCar(request, context, params.id, "contact");

export default function ContactOwnerPage() {
  return <CarPlaceholderPage data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });
