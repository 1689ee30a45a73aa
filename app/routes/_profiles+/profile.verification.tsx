// /profile/verification (beyond the spec, which only says verification exists and a company sends documents): a
// person uploads an identity document and a driving licence, a company its registration and the identity document
// of the person acting for it; then they submit the set for review. Each upload is its own multipart form, so the
// page works without JavaScript. Admins review elsewhere.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser, requireUserWith } from "~/accounts/guards.server";
import { consumeRateLimit } from "~/accounts/rate-limit.server";
import { DateOfBirthChange, type DateOfBirthChangeError } from "~/components/profile/date-of-birth-change";
import { isUnderReview, VerificationBadge } from "~/components/profile/verification-badge";
import { Button } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field-errors";
import { FormAlert } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { intlLocale, isLanguage } from "~/i18n";
import { UPLOAD_LIMIT } from "~/profiles/profile.server";
import { STORAGE_UNAVAILABLE } from "~/photos/photo-storage.server";
import {
  changeVerifiedDateOfBirth,
  getVerification,
  submitForReview,
  uploadDocument,
  type Verification,
} from "~/profiles/verification.server";
import { isRequiredKind, VerificationFormSchema, type VerificationDocumentKind } from "~/profiles/verification-form";
import { formatDate } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["profile"], breadcrumb: "profile:titles.verification" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [, verification] = await requireUserWith(request, context, (userId) => getVerification(context.db, userId));
  if (!verification) throw new Response("Not found", { status: 404 });
  const t = await getT(request, "profile");
  return { title: t("titles.verification"), verification };
}

type ActionData =
  | { intent: "upload"; kind: string | null; error: string }
  | { intent: "submit"; error: string; missing?: VerificationDocumentKind[] }
  | ({ intent: "date-of-birth" } & DateOfBirthChangeError);

const PAGE = "/profile/verification";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: VerificationFormSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "submit", error: "errors.badRequest" }, { status: 400 });
  }
  const input = submission.value;

  if (input.intent === "submit") {
    const outcome = await submitForReview(context.db, user.id, user.accountType);
    switch (outcome.status) {
      case "submitted":
        return redirectWithToast(
          PAGE,
          { type: "success", title: "profile:toasts.submitted", description: "profile:toasts.submittedText" },
          context.env,
        );
      case "missing":
        return data<ActionData>(
          { intent: "submit", error: "profile:verification.errors.missing", missing: outcome.missing },
          { status: 400 },
        );
      case "under-review":
        return data<ActionData>(
          { intent: "submit", error: "profile:verification.errors.underReview" },
          { status: 409 },
        );
      case "verified":
        return data<ActionData>({ intent: "submit", error: "profile:verification.errors.verified" }, { status: 409 });
    }
  }

  if (input.intent === "date-of-birth") {
    const limit = await consumeRateLimit(context.db, `upload:${user.id}`, UPLOAD_LIMIT);
    const typed = input.dateOfBirth ?? "";
    const refuse = (field: DateOfBirthChangeError["field"], error: string, status: number) =>
      data<ActionData>({ intent: "date-of-birth", field, error, dateOfBirth: typed }, { status });
    if (!limit.allowed) return refuse(null, "profile:errors.tooManyUploads", 429);
    const outcome = await changeVerifiedDateOfBirth(context, user, {
      dateOfBirth: input.dateOfBirth,
      document: input.document ?? null,
    });
    switch (outcome.status) {
      case "sent":
        return redirectWithToast(
          PAGE,
          {
            type: "success",
            title: "profile:toasts.dateOfBirthSent",
            description: "profile:toasts.dateOfBirthSentText",
          },
          context.env,
        );
      case "refused":
        return refuse(outcome.field, outcome.problem, 400);
      case "not-verified":
        return refuse(null, "profile:verification.errors.notVerified", 409);
      case "conflict":
        return refuse(null, "errors.conflict", 409);
      case "unavailable":
        return refuse(null, STORAGE_UNAVAILABLE, 503);
    }
  }

  const { kind } = input;
  if (!isRequiredKind(user.accountType, kind)) {
    return data<ActionData>(
      { intent: "upload", kind: null, error: "profile:verification.errors.kind" },
      { status: 400 },
    );
  }
  const limit = await consumeRateLimit(context.db, `upload:${user.id}`, UPLOAD_LIMIT);
  if (!limit.allowed) {
    return data<ActionData>({ intent: "upload", kind, error: "profile:errors.tooManyUploads" }, { status: 429 });
  }
  const outcome = await uploadDocument(context, user.id, kind, input.document ?? null);
  switch (outcome.status) {
    case "saved":
      return redirectWithToast(PAGE, { type: "success", title: "profile:toasts.documentUploaded" }, context.env);
    case "refused":
      return data<ActionData>({ intent: "upload", kind, error: outcome.problem }, { status: 400 });
    case "verified":
      return data<ActionData>(
        { intent: "upload", kind, error: "profile:verification.errors.verified" },
        { status: 409 },
      );
    case "conflict":
      return data<ActionData>({ intent: "upload", kind, error: "errors.conflict" }, { status: 409 });
    case "unavailable":
      return data<ActionData>({ intent: "upload", kind, error: STORAGE_UNAVAILABLE }, { status: 503 });
  }
}

export default function VerificationPage() {
  const { t } = useTranslation("profile");
  const { verification } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const locked = verification.status === "verified";
  const kinds = locked
    ? verification.required.filter((kind) => verification.documents.some((document) => document.kind === kind))
    : verification.required;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link to="/profile" className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
        <Icon name="chevronLeft" className="size-4" />
        {t("verification.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{t("titles.verification")}</h1>
      {locked ? null : <p className="mt-1 text-muted">{t(`verification.intro.${verification.accountType}`)}</p>}

      <StatusPanel verification={verification} />

      {/* A verified user has nothing to send: only what they sent is listed (accounts verified before this page
          existed have nothing). */}
      {kinds.length === 0 ? null : (
        <section aria-labelledby="documents-title" className="mt-8">
          <h2 id="documents-title" className="text-xl font-bold">
            {t("verification.documentsTitle")}
          </h2>
          {locked ? null : <p className="mt-1 text-sm text-muted">{t("verification.fileRules")}</p>}
          {isUnderReview(verification.status, verification.submittedAt) ? (
            <p className="mt-3 flex gap-2 rounded-lg border border-line bg-info-soft p-3 text-sm">
              <Icon name="info" className="mt-0.5 size-4 shrink-0" />
              {t("verification.replaceWhileReviewed")}
            </p>
          ) : null}
          <ul className="mt-4 grid gap-4">
            {kinds.map((kind) => (
              <DocumentCard
                key={kind}
                kind={kind}
                document={verification.documents.find((document) => document.kind === kind) ?? null}
                locked={locked}
                error={actionData?.intent === "upload" && actionData.kind === kind ? actionData.error : undefined}
              />
            ))}
          </ul>
          {actionData?.intent === "upload" && actionData.kind === null ? (
            <div className="mt-4">
              <FormAlert errors={[actionData.error]} />
            </div>
          ) : null}
        </section>
      )}

      <SubmitSection verification={verification} error={actionData?.intent === "submit" ? actionData : undefined} />

      {locked ? (
        <DateOfBirthChange
          current={verification.dateOfBirth}
          error={actionData?.intent === "date-of-birth" ? actionData : undefined}
        />
      ) : null}

      <p className="mt-8 flex gap-2 text-sm text-muted">
        <Icon name="lock" className="mt-0.5 size-4 shrink-0" />
        {t("verification.privacy")}
      </p>
    </div>
  );
}

function StatusPanel({ verification }: { verification: Verification }) {
  const { t, i18n } = useTranslation("profile");
  const underReview = isUnderReview(verification.status, verification.submittedAt);
  const state =
    verification.status === "pending" ? (underReview ? "underReview" : "notSubmitted") : verification.status;
  const tone =
    verification.status === "verified"
      ? "border-success/40 bg-success-soft"
      : verification.status === "rejected"
        ? "border-danger/40 bg-danger-soft"
        : "border-line bg-surface";
  return (
    <section aria-labelledby="status-title" className={`mt-6 rounded-2xl border p-5 ${tone}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="status-title" className="text-lg font-bold">
          {t(`verification.status.${state}.title`)}
        </h2>
        <VerificationBadge status={verification.status} submittedAt={verification.submittedAt} />
      </div>
      <p className="mt-2">{t(`verification.status.${state}.text`)}</p>
      {underReview && verification.submittedAt ? (
        <p className="mt-1 text-sm text-muted">
          {t("verification.submittedOn", { date: formatDate(verification.submittedAt, i18n.language, "long") })}
        </p>
      ) : null}
      {verification.status === "rejected" && verification.note ? (
        <p className="mt-2 text-sm">
          <span className="font-semibold">{t("verification.reason")}</span> {verification.note}
        </p>
      ) : null}
    </section>
  );
}

type Document = Verification["documents"][number];

function DocumentCard({
  kind,
  document,
  locked,
  error,
}: {
  kind: VerificationDocumentKind;
  document: Document | null;
  locked: boolean;
  error?: string;
}) {
  const { t, i18n } = useTranslation("profile");
  const navigation = useNavigation();
  const uploading =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "upload" &&
    navigation.formData.get("kind") === kind;
  const inputId = `document-${kind}`;
  const title = t(`verification.kinds.${kind}.title`);
  return (
    <li className="rounded-2xl border border-line bg-surface p-5 shadow-xs">
      <h3 className="font-semibold">{title}</h3>
      <p id={`${inputId}-hint`} className="mt-0.5 text-sm text-muted">
        {t(`verification.kinds.${kind}.hint`)}
      </p>
      {document ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-subtle p-3 text-sm">
          <Icon name="check" className="size-5 shrink-0 text-success" />
          <div className="min-w-0 flex-1">
            <p className="break-all font-medium">{document.fileName ?? title}</p>
            <p className="text-muted">
              {t("verification.uploadedOn", { date: formatDate(document.createdAt, i18n.language) })} ·{" "}
              {fileSize(document.sizeBytes, i18n.language)}
            </p>
          </div>
          <a
            href={`/documents/${document.id}`}
            className="font-semibold text-primary underline-offset-2 hover:underline"
          >
            {t("verification.view")}
            <span className="sr-only">: {title}</span>
          </a>
        </div>
      ) : (
        <p className="mt-3 inline-flex rounded-full bg-subtle px-2.5 py-0.5 text-sm font-medium text-muted">
          {t("verification.notUploaded")}
        </p>
      )}
      {locked ? null : (
        <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-2">
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="kind" value={kind} />
          <label htmlFor={inputId} className="text-sm font-semibold">
            {document ? t("verification.chooseReplacement") : t("verification.choose")}
          </label>
          <input
            id={inputId}
            name="document"
            type="file"
            required
            accept="image/jpeg,image/png,image/webp,application/pdf"
            aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
            aria-invalid={error ? true : undefined}
            className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold file:text-fg hover:file:bg-subtle"
          />
          <FieldErrors id={`${inputId}-error`} errors={error ? [error] : undefined} />
          <div>
            <Button type="submit" variant="secondary" size="sm" disabled={uploading}>
              <Icon name="upload" className="size-4" />
              {uploading
                ? t("verification.uploading")
                : document
                  ? t("verification.replace")
                  : t("verification.upload")}
              <span className="sr-only">: {title}</span>
            </Button>
          </div>
        </Form>
      )}
    </li>
  );
}

function SubmitSection({
  verification,
  error,
}: {
  verification: Verification;
  error?: { error: string; missing?: VerificationDocumentKind[] };
}) {
  const { t } = useTranslation("profile");
  const navigation = useNavigation();
  if (verification.status === "verified" || isUnderReview(verification.status, verification.submittedAt)) return null;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "submit";
  const missing = error?.missing ?? verification.missing;
  const names = missing.map((kind) => t(`verification.kinds.${kind}.title`)).join(", ");
  return (
    <section aria-labelledby="submit-title" className="mt-8 rounded-2xl border border-line bg-surface p-5 shadow-xs">
      <h2 id="submit-title" className="text-lg font-bold">
        {t("verification.submitTitle")}
      </h2>
      <Form method="post" className="mt-2 grid gap-3">
        <input type="hidden" name="intent" value="submit" />
        {error ? <FormAlert errors={[error.error]} /> : null}
        {missing.length > 0 ? (
          <p className="text-sm">{t("verification.stillNeeded", { documents: names })}</p>
        ) : (
          <>
            <p className="text-sm">
              {verification.status === "rejected" ? t("verification.resubmitText") : t("verification.submitText")}
            </p>
            <div>
              <Button type="submit" disabled={submitting}>
                {submitting ? t("verification.submitting") : t("verification.submit")}
              </Button>
            </div>
          </>
        )}
      </Form>
    </section>
  );
}

function fileSize(bytes: number, language: string): string {
  const locale = intlLocale[isLanguage(language) ? language : "lt"];
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1
    ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(megabytes)} MB`
    : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} KB`;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
