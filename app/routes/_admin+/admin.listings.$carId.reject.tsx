// /admin/listings/{carId}/reject: the reason and "Reject this listing?" over the list. Pending listings only (part 2
// §4); a blank reason becomes 'Listing does not meet platform standards', a long one is cut to 500 (§5). The owner
// is told with the reason; the audit line keeps it.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden, requireAdmin } from "~/accounts/guards.server";
import { isOwnListing, rejectListing, requireListing } from "~/admin/listing-moderation.server";
import {
  canReject,
  DEFAULT_REJECTION_REASON,
  ListingRejectionSchema,
  REJECTION_REASON_MAX_LENGTH,
  rejectionReason,
} from "~/admin/moderation-form";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { inputClass } from "~/components/ui/field-errors";
import { fixedT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { loadListingDialog } from "./__listing-dialog.server";
import { redirectWithToast } from "~/utils/toast.server";
import { backToList, ListingSummary } from "./__listing-dialog";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.reject" };

export async function loader(args: LoaderFunctionArgs) {
  const dialog = await loadListingDialog(args, "titles.reject");
  return { ...dialog, allowed: canReject(dialog.car.status) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const car = await requireListing(context.db, params.carId);
  if (isOwnListing(car, admin)) forbidden("admin:errors.ownCase");
  const submission = parseWithZod(await request.formData(), { schema: ListingRejectionSchema });
  if (submission.status !== "success") return data({ error: "errors.badRequest" }, { status: 400 });
  const ownersT = fixedT(car.ownerLanguage, "admin");
  const reason = rejectionReason(submission.value.reason, ownersT(DEFAULT_REJECTION_REASON));
  const outcome = await rejectListing(context.db, admin, car.id, reason);
  if (outcome.status === "not-found") return data({ error: "admin:errors.notFound" }, { status: 404 });
  if (outcome.status === "own-listing") forbidden("admin:errors.ownCase");
  if (outcome.status === "wrong-status") return data({ error: "admin:errors.cannotReject" }, { status: 409 });
  return redirectWithToast(
    backToList(request),
    { type: "success", title: "admin:toasts.rejected", description: "admin:toasts.rejectedText" },
    context.env,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function RejectListingPage() {
  const { t } = useTranslation("admin");
  const { car, allowed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <ConfirmDialog
      title={t("titles.reject")}
      closeTo={`/admin/listings${search}`}
      submitLabel={t("listings.rejectSubmit")}
      variant="danger"
      error={actionData?.error ?? (allowed ? null : "admin:errors.cannotReject")}
    >
      <ListingSummary car={car} />
      <div>
        <label htmlFor="reject-reason" className="mb-1.5 block text-sm font-semibold">
          {t("listings.reasonLabel")}
        </label>
        <p id="reject-reason-hint" className="mb-1.5 text-sm text-muted">
          {t("listings.reasonHint", { reason: t(DEFAULT_REJECTION_REASON) })}
        </p>
        <textarea
          id="reject-reason"
          name="reason"
          rows={4}
          maxLength={REJECTION_REASON_MAX_LENGTH}
          aria-describedby="reject-reason-hint"
          className={inputClass}
        />
      </div>
      <p>{t("listings.rejectConfirm")}</p>
    </ConfirmDialog>
  );
}
