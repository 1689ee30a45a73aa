// /admin/verifications/{userId}: one person's submission over the queue: who they say they are, each document (opened
// from /documents/{id}, private to them and admins), and the decision: approve, or reject with the reason they read.
// The decision names the submission shown here; if they changed a document meanwhile it is refused, not misapplied.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden, notFound, requireAdmin, requireAdminWith } from "~/accounts/guards.server";
import { VERIFICATION_REASON_MAX_LENGTH, VerificationDecisionSchema } from "~/admin/moderation-form";
import { decideVerification, findVerificationCase } from "~/admin/verification-review.server";
import { VerificationBadge } from "~/components/profile/verification-badge";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { FormAlert } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { OverlayPage } from "~/components/ui/overlay-page";
import { getT } from "~/i18n.server";
import { formatDate, formatDateTime } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin", "profile"], breadcrumb: "admin:titles.verification" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const [admin, person] = await requireAdminWith(request, context, () =>
    findVerificationCase(context.db, params.userId ?? ""),
  );
  if (!person) notFound("admin:errors.personNotFound");
  if (person.id === admin.id) forbidden("admin:errors.ownCase");
  const t = await getT(request, "admin");
  return { title: t("titles.verification"), person };
}

type ActionData = { formError?: string; reasonError?: string; reason?: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: VerificationDecisionSchema });
  if (submission.status !== "success") {
    const reasonError = submission.error?.reason?.[0];
    const typed = submission.payload.reason;
    return data<ActionData>(
      reasonError
        ? { reasonError, reason: typeof typed === "string" ? typed : "" }
        : { formError: "admin:errors.badDecision" },
      { status: 400 },
    );
  }
  const decision = submission.value;
  const outcome = await decideVerification(
    context.db,
    admin,
    params.userId ?? "",
    decision.submittedAt,
    decision.intent === "approve" ? { verdict: "approve" } : { verdict: "reject", reason: decision.reason },
  );
  if (outcome === "not-found") return data<ActionData>({ formError: "admin:errors.personNotFound" }, { status: 404 });
  if (outcome === "own-case") forbidden("admin:errors.ownCase");
  if (outcome === "stale") return data<ActionData>({ formError: "admin:errors.verificationChanged" }, { status: 409 });
  return redirectWithToast(
    "/admin/verifications",
    {
      type: "success",
      title: decision.intent === "approve" ? "admin:toasts.verified" : "admin:toasts.verificationRejected",
    },
    context.env,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function VerificationCasePage() {
  const { t, i18n } = useTranslation("admin");
  const { person } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const language = i18n.language;
  const details = [
    [t("verifications.fields.email"), person.email],
    [t("verifications.fields.accountType"), t(`verifications.accountType.${person.accountType}`)],
    [t("verifications.fields.fullName"), person.fullName],
    [t("verifications.fields.companyName"), person.companyName],
    [t("verifications.fields.companyNumber"), person.companyNumber],
    [t("verifications.fields.dateOfBirth"), person.dateOfBirth],
    [t("verifications.fields.phone"), person.phone],
    [t("verifications.fields.location"), person.location],
    [t("verifications.fields.memberSince"), formatDate(person.createdAt, language)],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <OverlayPage title={t("titles.verification")} closeTo="/admin/verifications" width="max-w-2xl">
      <div className="grid gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-lg font-semibold">{person.name ?? person.email}</p>
          <VerificationBadge status={person.status} submittedAt={person.submittedAt} />
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>

        <section aria-labelledby="documents-title">
          <h2 id="documents-title" className="font-semibold">
            {t("verifications.documents")}
          </h2>
          {person.documents.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{t("verifications.noDocuments")}</p>
          ) : (
            <ul className="mt-2 grid gap-2">
              {person.documents.map((document) => (
                <li key={document.id}>
                  <a
                    href={`/documents/${document.id}`}
                    target="_blank"
                    rel="noreferrer"
                    className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface p-3 hover:border-primary"
                  >
                    <span>
                      <span className="block font-medium">
                        {t(`profile:verification.kinds.${document.kind}.title`)}
                      </span>
                      <span className="block text-xs text-muted">
                        {document.fileName ?? document.contentType} · {Math.ceil(document.sizeBytes / 1024)} KB ·{" "}
                        {formatDateTime(document.createdAt, language)}
                      </span>
                    </span>
                    <span className="inline-flex items-center gap-1 text-sm font-semibold text-primary">
                      {t("verifications.open")}
                      <span className="sr-only">({t("verifications.newTab")})</span>
                      <Icon name="expand" className="size-4" />
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>

        <FormAlert errors={actionData?.formError ? [actionData.formError] : undefined} />

        {person.inReview && person.submittedAt ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Form method="post" className="grid content-start gap-3 rounded-xl border border-line p-4">
              <h2 className="font-semibold">{t("verifications.approveTitle")}</h2>
              <p className="text-sm text-muted">{t("verifications.approveText")}</p>
              <input type="hidden" name="submittedAt" value={person.submittedAt} />
              <Button type="submit" name="intent" value="approve" disabled={busy}>
                <Icon name="check" className="size-4" />
                {t("verifications.approve")}
              </Button>
            </Form>
            <Form method="post" className="grid content-start gap-3 rounded-xl border border-line p-4">
              <h2 className="font-semibold">{t("verifications.rejectTitle")}</h2>
              <input type="hidden" name="submittedAt" value={person.submittedAt} />
              <div>
                <label htmlFor="verification-reason" className="mb-1.5 block text-sm font-semibold">
                  {t("verifications.reason")}
                </label>
                <textarea
                  id="verification-reason"
                  name="reason"
                  rows={3}
                  required
                  maxLength={VERIFICATION_REASON_MAX_LENGTH}
                  defaultValue={actionData?.reason}
                  aria-invalid={actionData?.reasonError ? true : undefined}
                  aria-describedby={actionData?.reasonError ? "verification-reason-error" : undefined}
                  className={inputClass}
                />
                <FieldErrors
                  id="verification-reason-error"
                  errors={actionData?.reasonError ? [actionData.reasonError] : undefined}
                />
              </div>
              <Button type="submit" name="intent" value="reject" variant="danger" disabled={busy}>
                {t("verifications.reject")}
              </Button>
            </Form>
          </div>
        ) : (
          <p className="rounded-lg bg-info-soft p-3 text-sm">{t("verifications.notInReview")}</p>
        )}
      </div>
    </OverlayPage>
  );
}
