// /admin/listings/{carId}/approve: "Approve this listing?" over the list. Pending or rejected listings only (part 2
// §4); approving sets approved_at and approved_by, clears the rejection reason, tells the owner, writes the audit
// line, and the car is in search at once.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden, requireAdmin } from "~/accounts/guards.server";
import { approveListing } from "~/admin/listing-moderation.server";
import { canApprove } from "~/admin/moderation-form";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { pageMeta } from "~/utils/meta";
import { loadListingDialog } from "./__listing-dialog.server";
import { redirectWithToast } from "~/utils/toast.server";
import { backToList, ListingSummary } from "./__listing-dialog";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.approve" };

export async function loader(args: LoaderFunctionArgs) {
  const dialog = await loadListingDialog(args, "titles.approve");
  return { ...dialog, allowed: canApprove(dialog.car.status) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const outcome = await approveListing(context.db, admin, params.carId ?? "");
  if (outcome.status === "not-found") return data({ error: "admin:errors.notFound" }, { status: 404 });
  if (outcome.status === "own-listing") forbidden("admin:errors.ownCase");
  if (outcome.status === "wrong-status") return data({ error: "admin:errors.cannotApprove" }, { status: 409 });
  return redirectWithToast(
    backToList(request),
    { type: "success", title: "admin:toasts.approved", description: "admin:toasts.approvedText" },
    context.env,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function ApproveListingPage() {
  const { t } = useTranslation("admin");
  const { car, allowed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title={t("titles.approve")}
      closeTo={`/admin/listings${search}`}
      submitLabel={t("listings.approveSubmit")}
      error={actionData?.error ?? (allowed ? null : "admin:errors.cannotApprove")}
    >
      <ListingSummary car={car} />
      <p>{t("listings.approveConfirm")}</p>
    </ConfirmDialog>
  );
}
