// /admin/listings/{carId}/reject: the reason and "Reject this listing?" over the list. Pending listings only (part 2
// §4); a blank reason becomes 'Listing does not meet platform standards', a long one is cut to 500 (§5). The owner
// is told with the reason; the audit line keeps it.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden, requireAdmin } from "~/accounts/guards.server";
import { isOwnListing, rejectListing, requireListing } from "~/admin/listing-moderation.server";
import {
  DEFAULT_REJECTION_REASON,
  ListingRejectionSchema,
  REJECTION_REASON_MAX_LENGTH,
  rejectionReason,
} from "~/admin/moderation-form";
import { inputClass } from "~/components/ui/field-errors";
import { fixedT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { answerDecision, loadDecisionDialog } from "./__listing-dialog.server";
import { ListingDecisionDialog } from "./__listing-dialog";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.reject" };

export const loader = (args: LoaderFunctionArgs) => loadDecisionDialog(args, "reject");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const car = await requireListing(context.db, params.carId);
  if (isOwnListing(car, admin)) forbidden("admin:errors.ownCase");
  const submission = parseWithZod(await request.formData(), { schema: ListingRejectionSchema });
  if (submission.status !== "success") return data({ error: "errors.badRequest" }, { status: 400 });
  const ownersT = fixedT(car.ownerLanguage, "admin");
  const reason = rejectionReason(submission.value.reason, ownersT(DEFAULT_REJECTION_REASON));
  const outcome = await rejectListing(context.db, admin, car.id, reason);
  return answerDecision("reject", outcome, request, context.env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function RejectListingPage() {
  const { t } = useTranslation("admin");
  const { car, allowed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ListingDecisionDialog decision="reject" car={car} allowed={allowed} error={actionData?.error}>
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
    </ListingDecisionDialog>
  );
}
