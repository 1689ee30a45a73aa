// Placeholder until its issue builds the page; the access rule is already the final one.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { PlaceholderPage } from "~/components/shell/placeholder-page";
import { pageMeta } from "~/utils/meta";
import { placeholderData } from "~/utils/placeholder.server";

export const handle = { i18n: ["pages", "dashboard"], breadcrumb: "dashboard:titles.hostDashboard" };
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  placeholderData(request, context, "hostDashboard", "user");
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title);

export default function HostDashboardPage() {
  return <PlaceholderPage page="hostDashboard" />;
}
