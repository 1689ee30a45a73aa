// /admin/listings/{carId}/approve: "Approve this listing?" over the list. Pending or rejected listings only (part 2
// §4); approving sets approved_at and approved_by, clears the rejection reason, tells the owner, writes the audit
// line, and the car is in search at once.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/guards.server";
import { approveListing } from "~/admin/listing-moderation.server";
import { pageMeta } from "~/utils/meta";
import { answerDecision, loadDecisionDialog } from "./__listing-dialog.server";
import { ListingDecisionDialog } from "./__listing-dialog";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.approve" };

export const loader = (args: LoaderFunctionArgs) => loadDecisionDialog(args, "approve");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const outcome = await approveListing(context.db, admin, params.carId ?? "");
  return answerDecision("approve", outcome, request, context.env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function ApproveListingPage() {
  const { car, allowed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ListingDecisionDialog decision="approve" car={car} allowed={allowed} error={actionData?.error} />;
}
