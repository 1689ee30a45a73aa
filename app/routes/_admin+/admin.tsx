// Placeholder until its issue builds the page; the access rule is already the final one.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { PlaceholderPage } from "~/components/shell/placeholder-page";
import { pageMeta } from "~/utils/meta";
import { placeholderData } from "~/utils/placeholder.server";

export const handle = { i18n: ["pages", "admin"], breadcrumb: "admin:titles.admin" };
export const loader = ({ request, context }: LoaderFunctionArgs) => placeholderData(request, context, "admin", "admin");
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title);

export default function AdminPage() {
  return <PlaceholderPage page="admin" />;
}
