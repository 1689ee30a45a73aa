// /bookings/{id}/review (part 2 §2 "Review form dialog"): a page shown over My Bookings, so it works without
// JavaScript. Only a party to a completed booking who has not reviewed it yet gets the form: the renter reviews the
// host and the car, the host reviews the renter (on communication only; cleanliness and accuracy describe the car).
// The overall rating is five radio buttons drawn as stars: a native radio group, so keyboards and screen readers
// handle it, and CSS (`:has`) lights the stars up to the chosen one without any script.
import { FormProvider, getFormProps, useField, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden } from "~/accounts/guards.server";
import { otherPartyIdSql, requireBookingParty } from "~/bookings/booking-access.server";
import { bookingReference, canReview } from "~/bookings/booking-rules";
import { Avatar } from "~/components/shell/header";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field-errors";
import { TextAreaField, TextField } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { OverlayPage } from "~/components/ui/overlay-page";
import { useForm } from "~/components/ui/use-form";
import { getT } from "~/i18n.server";
import {
  HOST_REVIEW_CATEGORIES,
  RATING_REQUIRED,
  REVIEW_CONTENT_MAX,
  REVIEW_TITLE_MAX,
  ReviewSchema,
} from "~/reviews/review-form";
import { RATINGS, REVIEW_CATEGORIES, type ReviewCategory } from "~/reviews/review-summary";
import { findOwnReview, writeReview } from "~/bookings/write-review.server";
import { formatDate } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { displayName } from "~/profiles/display-name";
import { findPersonShown } from "~/profiles/public-profile.server";

export const handle = { i18n: ["reviews"], breadcrumb: "reviews:titles.page" };

const CLOSE_TO = "/bookings";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const bookingId = params.bookingId ?? "";
  // The other party and the person's own review beside the booking and the session (one round trip): the other is
  // the party who is not the person, by the booking's row; both are returned only to a party.
  const { booking, car, role, alongside } = await requireBookingParty(request, context, bookingId, (userId) =>
    Promise.all([
      findPersonShown(context.db, otherPartyIdSql(bookingId, userId)),
      findOwnReview(context.db, bookingId, userId),
    ]),
  );
  const [other, reviewed] = alongside;
  const own = canReview(booking.status) ? reviewed : null;
  const t = await getT(request, "reviews");
  // Not a form to fill in: the page says why instead (no redirect, so the reason is read where it was asked).
  const state = !canReview(booking.status) ? "notCompleted" : own ? "alreadyReviewed" : "open";
  return {
    title: t(role === "renter" ? "titles.reviewHost" : "titles.reviewRenter"),
    state,
    role,
    booking: {
      reference: bookingReference(booking.id),
      startDate: booking.startDate,
      endDate: booking.endDate,
      totalDays: booking.totalDays,
    },
    car: { make: car.make, model: car.model, year: car.year },
    other: {
      name: displayName(other) ?? "",
      avatarKey: other?.avatarKey ?? null,
    },
  };
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, booking } = await requireBookingParty(request, context, params.bookingId);
  const submission = parseWithZod(await request.formData(), { schema: ReviewSchema });
  if (!canReview(booking.status)) {
    return data<ActionData>(
      { result: submission.reply({ formErrors: ["reviews:errors.notCompleted"] }) },
      { status: 409 },
    );
  }
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  let outcome: Awaited<ReturnType<typeof writeReview>>;
  try {
    outcome = await writeReview(context.db, booking, user.id, submission.value, new Date());
  } catch (error) {
    // The spec's "Review Failed" / "Failed to submit review", with what was typed kept to try again.
    console.error("Review not saved", error);
    return data<ActionData>({ result: submission.reply({ formErrors: ["reviews:errors.failed"] }) }, { status: 503 });
  }
  if (outcome.status === "not-party") forbidden();
  if (outcome.status !== "written") {
    const message =
      outcome.status === "already-reviewed" ? "reviews:errors.alreadyReviewed" : "reviews:errors.notCompleted";
    return data<ActionData>({ result: submission.reply({ formErrors: [message] }) }, { status: 409 });
  }
  return redirectWithToast(
    "/bookings?tab=completed",
    { type: "success", title: "reviews:toasts.submitted", description: "reviews:toasts.submittedText" },
    context.env,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function ReviewPage() {
  const { t, i18n } = useTranslation("reviews");
  const { title, state, role, booking, car, other } = useLoaderData<typeof loader>();
  const otherName = other.name || t(role === "renter" ? "page.hostFallback" : "page.renterFallback");
  return (
    <OverlayPage title={title} closeTo={CLOSE_TO} width="max-w-xl">
      <div className="grid gap-5">
        <section aria-label={t("page.bookingLabel")} className="rounded-xl border border-line bg-surface p-4">
          <p className="font-semibold">
            {car.make} {car.model} <span className="text-muted">{car.year}</span>
          </p>
          <p className="mt-0.5 text-sm text-muted">
            {t("page.reference", { reference: booking.reference })} ·{" "}
            {t("page.dates", {
              start: formatDate(booking.startDate, i18n.language),
              end: formatDate(booking.endDate, i18n.language),
              count: booking.totalDays,
            })}
          </p>
          <div className="mt-3 flex items-center gap-3 border-t border-line pt-3">
            <Avatar user={{ fullName: otherName, email: "?", avatarKey: other.avatarKey }} size="size-10" />
            <div className="min-w-0">
              <p className="text-xs text-muted">{t(role === "renter" ? "page.yourHost" : "page.yourRenter")}</p>
              <p className="truncate font-semibold">{otherName}</p>
            </div>
          </div>
        </section>
        {state === "open" ? (
          <ReviewForm role={role} />
        ) : (
          <div className="grid gap-4">
            <p role="status" className="flex gap-2 rounded-lg border border-line bg-info-soft p-3 text-sm">
              <Icon name="info" className="mt-0.5 size-4 shrink-0" />
              <span>{t(state === "alreadyReviewed" ? "errors.alreadyReviewed" : "errors.notCompleted")}</span>
            </p>
            <Link to={CLOSE_TO} className={buttonClass("secondary", "md", "justify-self-start")}>
              {t("form.backToBookings")}
            </Link>
          </div>
        )}
      </div>
    </OverlayPage>
  );
}

function ReviewForm({ role }: { role: "renter" | "host" }) {
  const { t } = useTranslation("reviews");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "review",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ReviewSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const categories: readonly ReviewCategory[] = role === "renter" ? REVIEW_CATEGORIES : HOST_REVIEW_CATEGORIES;
  const submitting = navigation.state === "submitting";
  const missingRating = fields.rating.errors?.includes(RATING_REQUIRED);
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} className="grid gap-6">
        {form.errors?.length ? (
          <Problem id={form.errorId} title={t("errors.failedTitle")} message={t(form.errors[0] ?? "")} />
        ) : missingRating ? (
          <Problem title={t("errors.missingRatingTitle")} message={t("validation.ratingRequired")} />
        ) : null}
        <StarRadios meta={fields.rating} legend={t("form.overall")} hint={t(`form.overallHint.${role}`)} size="lg" />
        <fieldset className="grid gap-4 rounded-xl border border-line p-4">
          <legend className="px-1 text-sm font-semibold">{t("form.categories")}</legend>
          {role === "host" ? <p className="-mt-1 text-sm text-muted">{t("form.hostCategoriesNote")}</p> : null}
          {categories.map((category) => (
            <StarRadios
              key={category}
              meta={fields[`${category}Rating`]}
              legend={t(`form.category.${category}`)}
              hint={t(`form.categoryHint.${role}.${category}`)}
              optional
            />
          ))}
        </fieldset>
        <TextField
          meta={fields.title}
          label={t("form.title")}
          hint={t("form.optionalMax", { max: REVIEW_TITLE_MAX })}
          inputProps={{ maxLength: REVIEW_TITLE_MAX }}
        />
        <TextAreaField
          meta={fields.content}
          label={t("form.content")}
          hint={t("form.optionalMax", { max: REVIEW_CONTENT_MAX })}
          rows={5}
          maxLength={REVIEW_CONTENT_MAX}
        />
        <div className="flex flex-row-reverse flex-wrap justify-end gap-3">
          <Button type="submit" disabled={submitting}>
            {submitting ? t("form.submitting") : t("form.submit")}
          </Button>
          <Link to={CLOSE_TO} className={buttonClass("secondary")}>
            {t("form.cancel")}
          </Link>
        </div>
      </Form>
    </FormProvider>
  );
}

function Problem({ id, title, message }: { id?: string; title: string; message: string }) {
  return (
    <div id={id} role="alert" className="flex gap-2 rounded-lg border border-danger/40 bg-danger-soft p-3 text-sm">
      <Icon name="alert" className="mt-0.5 size-4 shrink-0 text-danger" />
      <div>
        <p className="font-semibold text-danger">{title}</p>
        <p className="text-fg">{message}</p>
      </div>
    </div>
  );
}

/** Which caption shows: the one of the checked star (Tailwind sees these class names written out in full). */
const CAPTION_SHOWN: Record<(typeof RATINGS)[number], string> = {
  1: "group-has-[input[value=1]:checked]/stars:inline",
  2: "group-has-[input[value=2]:checked]/stars:inline",
  3: "group-has-[input[value=3]:checked]/stars:inline",
  4: "group-has-[input[value=4]:checked]/stars:inline",
  5: "group-has-[input[value=5]:checked]/stars:inline",
};

/**
 * A 1-5 rating as a radio group inside a fieldset (GOV.UK's pattern: legend, hint, message, then the options).
 * The radios are visually hidden but focusable; their labels are the stars, and the focused one gets the outline.
 * An optional rating starts at "Not rated", so a choice can be taken back without JavaScript.
 */
function StarRadios({
  meta,
  legend,
  hint,
  optional = false,
  size = "md",
}: {
  meta: FieldMetadata<number | null | undefined>;
  legend: string;
  hint?: string;
  optional?: boolean;
  size?: "md" | "lg";
}) {
  const { t } = useTranslation("reviews");
  const [field] = useField(meta.name, { formId: meta.formId });
  const invalid = Boolean(field.errors?.length);
  const initial: unknown = field.initialValue;
  const describedBy = [hint ? field.descriptionId : null, invalid ? field.errorId : null].filter(Boolean).join(" ");
  const focusRing =
    "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus";
  return (
    <fieldset id={field.id} aria-describedby={describedBy || undefined} className="group/stars min-w-0">
      <legend className={size === "lg" ? "text-base font-semibold" : "text-sm font-semibold"}>
        {legend}
        {optional ? <span className="font-normal text-muted"> {t("form.optional")}</span> : null}
      </legend>
      {hint ? (
        <p id={field.descriptionId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
      {/* Remounted with conform's key, so a reset or a server reply shows the submitted choice again. */}
      <div key={field.key} className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
        {/* Stars up to the checked one are lit: a label is lit when it holds, or comes before, the checked radio. */}
        <div className="flex [&>label:has(>input:checked)]:text-accent [&>label:has(~label>input:checked)]:text-accent">
          {RATINGS.map((n) => (
            <label
              key={n}
              className={`cursor-pointer rounded-md px-0.5 leading-none text-line transition-transform hover:scale-110 motion-reduce:transition-none ${
                size === "lg" ? "text-4xl" : "text-3xl"
              } ${focusRing}`}
            >
              <input
                type="radio"
                name={field.name}
                value={n}
                defaultChecked={initial === String(n)}
                required={!optional}
                className="sr-only"
              />
              <span aria-hidden="true">★</span>
              <span className="sr-only">{t("form.starOption", { count: n, label: t(`form.scale.${n}`) })}</span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm font-medium">
          {RATINGS.map((n) => (
            <span key={n} className={`hidden ${CAPTION_SHOWN[n]}`}>
              {t(`form.scale.${n}`)}
            </span>
          ))}
        </span>
        {optional ? (
          <label
            className={`cursor-pointer rounded-md border border-line px-2 py-1 text-sm text-muted has-[:checked]:border-fg has-[:checked]:text-fg ${focusRing}`}
          >
            <input
              type="radio"
              name={field.name}
              value=""
              defaultChecked={initial === undefined || initial === ""}
              className="sr-only"
            />
            {t("form.notRated")}
          </label>
        ) : null}
      </div>
    </fieldset>
  );
}
