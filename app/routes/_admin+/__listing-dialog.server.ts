// The server half the listing dialogs of /admin share: the loader's checks (an admin, the listing or 404, not their
// own: 403, another admin decides it) and title, and the answer to an approve or reject post.
import { data, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { forbidden, notFound, requireAdminWith } from "~/accounts/guards.server";
import { findListingForAdmin, isOwnListing, type DecisionOutcome } from "~/admin/listing-moderation.server";
import { canApprove, canReject } from "~/admin/moderation-form";
import { getT } from "~/i18n.server";
import { redirectWithToast } from "~/utils/toast.server";
import { backToList, DECISIONS, type ListingDecision } from "./__listing-dialog";

export async function loadListingDialog({ request, context, params }: LoaderFunctionArgs, titleKey: string) {
  const [admin, car] = await requireAdminWith(request, context, () =>
    findListingForAdmin(context.db, params.carId ?? ""),
  );
  if (!car) notFound("errors.carNotFound");
  if (isOwnListing(car, admin)) forbidden("admin:errors.ownCase");
  const t = await getT(request, "admin");
  return { title: t(titleKey), car };
}

/** The approve or reject dialog's loader: the above, and whether the listing's status allows the decision now. */
export async function loadDecisionDialog(args: LoaderFunctionArgs, decision: ListingDecision) {
  const dialog = await loadListingDialog(args, DECISIONS[decision].title);
  const allowed = decision === "approve" ? canApprove(dialog.car.status) : canReject(dialog.car.status);
  return { ...dialog, allowed };
}

const DONE = {
  approve: { type: "success", title: "admin:toasts.approved", description: "admin:toasts.approvedText" },
  reject: { type: "success", title: "admin:toasts.rejected", description: "admin:toasts.rejectedText" },
} as const;

/** A decision's outcome as the action's answer: 404, 403, 409 (decided meanwhile), or the list with a toast. */
export async function answerDecision(
  decision: ListingDecision,
  outcome: DecisionOutcome,
  request: Request,
  env: AppLoadContext["env"],
) {
  if (outcome.status === "not-found") return data({ error: "admin:errors.notFound" }, { status: 404 });
  if (outcome.status === "own-listing") forbidden("admin:errors.ownCase");
  if (outcome.status === "wrong-status") return data({ error: DECISIONS[decision].refused }, { status: 409 });
  return redirectWithToast(backToList(request), DONE[decision], env);
}
