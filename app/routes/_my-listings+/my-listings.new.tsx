// /my-listings/new: the create wizard (part 1 §2 "Create Listing", §5). Four server-driven steps over the list;
// every step is saved into a draft (?draft=<id>&step=<n>), so nothing typed is lost between steps, after an error,
// on a reload or without JavaScript. The last step creates the listing (pending review) with its photos.
import { FormProvider, getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser, requireUserWith, notFound } from "~/accounts/guards.server";
import type { SessionUser } from "~/accounts/session.server";
import { createListingWithPhotos } from "~/cars/create-listing.server";
import { featureGroupsFor } from "~/cars/feature-catalogue";
import {
  applyPickupPointIntent,
  ListingFields,
  newListingValues,
  pickStep,
  stepProgress,
  stepSchema,
  wizardStep,
  postedListingValues,
  savedDraftValues,
  type ListingValues,
  type WizardStep,
} from "~/cars/listing-form";
import { firstInvalidStep } from "~/cars/listing-car-values";
import { stepIssues } from "~/cars/listing-step-rules";
import { WizardControlsSchema } from "~/cars/listing-form-controls";
import { parsePriceToCents, type WizardProblem } from "~/cars/listing-rules";
import { findDraft, saveDraft } from "~/cars/own-listings.server";
import { decodeVin, SAMPLE_VINS } from "~/cars/vin";
import {
  FeaturesFieldset,
  ListingTypeFieldset,
  VehicleFieldset,
  WizardAlert,
} from "~/components/listings/listing-fieldsets";
import { PricingFieldset } from "~/components/listings/pricing-fieldset";
import { PhotosFieldset } from "~/components/listings/photos-fieldset";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form";
import { OverlayPage } from "~/components/ui/overlay-page";
import { useForm } from "~/components/ui/use-form";
import { getT } from "~/i18n.server";
import { CITIES } from "~/places/cities";
import { STORAGE_UNAVAILABLE } from "~/photos/photo-storage.server";
import { formatPercent } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["listings", "cars", "features"], breadcrumb: "listings:titles.create" };

function wizardUrl(draftId: string, step: WizardStep, extra = "") {
  return `/my-listings/new?draft=${draftId}&step=${step}${extra}`;
}

async function loadValues(context: LoaderFunctionArgs["context"], user: SessionUser, draftId: string | null) {
  if (!draftId) return null;
  const draft = await findDraft(context.db, user.id, draftId);
  if (!draft) notFound("listings:errors.draftNotFound");
  return { ...draft, values: savedDraftValues(draft.values) };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const draftId = url.searchParams.get("draft");
  // The draft, if one is named, beside the session's lookup (one round trip): only the person's own is found.
  const [user, found] = await requireUserWith(request, context, (userId) =>
    draftId ? findDraft(context.db, userId, draftId) : Promise.resolve(null),
  );
  if (draftId && !found) notFound("listings:errors.draftNotFound");
  const draft = found && { ...found, values: savedDraftValues(found.values) };
  const type = url.searchParams.get("type");
  const values =
    draft?.values ?? newListingValues(type === "sale" || type === "rental" || type === "both" ? type : undefined);
  // A step is reachable only once the ones before it are complete; a URL cannot skip ahead.
  const requested = wizardStep(url.searchParams.get("step"));
  const invalid = draft ? firstInvalidStep(values) : 1;
  const step = invalid !== null && invalid < requested ? invalid : requested;
  const t = await getT(request, "listings");
  return {
    title: t("titles.create"),
    draftId: draft?.id ?? null,
    // Every save changes it, so the form starts again from the saved values (a pickup point added, for one).
    revision: draft?.revision ?? 0,
    step,
    values,
    verified: user.verificationStatus === "verified",
    samples: SAMPLE_VINS.map((sample) => sample.vin),
    featureGroups: featureGroupsFor(parsePriceToCents(values.salePrice ?? "")).map((group) => ({
      code: group.code,
      features: [...group.features],
    })),
    cities: step === 3 ? CITIES.map((city) => city.name) : [],
    vin: url.searchParams.get("vin"),
  };
}

type ActionResult = {
  result: SubmissionResult<string[]>;
  problem: WizardProblem | null;
  formError?: string;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await request.formData();
  const controls = parseWithZod(formData, { schema: WizardControlsSchema });
  // Every value reads as some step and button (unknown ones as step 1 and "next"), so the parse cannot fail.
  const {
    step,
    intent,
    draft: draftId,
  } = controls.status === "success" ? controls.value : { step: 1 as const, intent: "next", draft: undefined };
  const draft = await loadValues(context, user, draftId || null);
  const earlier: ListingValues = draft?.values ?? newListingValues(undefined);

  // Parse the step's fields as typed (no rules yet), to save them whatever the intent.
  const posted = parseWithZod(formData, { schema: ListingFields });
  const typed = pickStep(step, postedListingValues(posted));
  let values: ListingValues = { ...earlier, ...typed };
  const save = () => saveDraft(context.db, user.id, draft?.id ?? null, values);

  if (intent === "back") {
    const id = await save();
    throw redirect(wizardUrl(id, Math.max(1, step - 1) as WizardStep));
  }
  const withPoints = step === 3 ? applyPickupPointIntent(values, intent) : null;
  if (withPoints) {
    values = withPoints;
    const id = await save();
    throw redirect(`${wizardUrl(id, 3)}#pickup-points`);
  }

  const submission = parseWithZod(formData, { schema: stepSchema(step, earlier) });
  const reply = (extra: Partial<ActionResult> = {}, status = 400) =>
    data<ActionResult>(
      { result: submission.reply({ hideFields: ["photos"] }), problem: stepIssues(step, values).problem, ...extra },
      { status },
    );
  if (submission.status !== "success") return reply();

  if (step === 1) {
    if (values.listingType !== "sale" && user.verificationStatus !== "verified") {
      return data<ActionResult>(
        {
          result: submission.reply({ fieldErrors: { listingType: ["listings:errors.verificationRequired"] } }),
          problem: null,
        },
        { status: 403 },
      );
    }
    if (intent === "decode") {
      const decoded = decodeVin(values.vin ?? "");
      if (decoded.status !== "decoded") {
        const message = decoded.status === "invalid" ? decoded.error : decoded.message;
        return data<ActionResult>(
          { result: submission.reply({ fieldErrors: { vin: [message] } }), problem: null },
          { status: 400 },
        );
      }
      const car = decoded.car;
      values = {
        ...values,
        vin: decoded.vin,
        make: car.make,
        ...(car.model ? { model: car.model } : {}),
        ...(car.year ? { year: String(car.year) } : {}),
        ...(car.fuelType ? { fuelType: car.fuelType } : {}),
        ...(car.transmission ? { transmission: car.transmission } : {}),
        ...(car.engineSize ? { engineSize: String(car.engineSize) } : {}),
        ...(car.horsepower ? { horsepower: String(car.horsepower) } : {}),
        ...(car.category ? { category: car.category } : {}),
        ...(car.doors ? { doors: String(car.doors) } : {}),
        ...(car.seats ? { seats: String(car.seats) } : {}),
      };
      const id = await save();
      const outcome = decoded.checkDigit === "invalid" ? "check" : decoded.complete ? "full" : "partial";
      throw redirect(wizardUrl(id, 2, `&vin=${outcome}`));
    }
  }

  if (step < 4) {
    const id = await save();
    throw redirect(wizardUrl(id, (step + 1) as WizardStep));
  }

  // Step 4: the whole listing once more (a draft could have been edited in another tab), then the photos.
  const created = await createListingWithPhotos(
    context,
    user,
    values,
    draft?.id ?? null,
    formData.getAll("photos") as (File | string)[],
  );
  switch (created.status) {
    case "back-to-step": {
      const id = await save();
      throw redirect(wizardUrl(id, created.step));
    }
    case "photos-refused":
      return data<ActionResult>(
        {
          result: submission.reply({ fieldErrors: { photos: [created.problem] }, hideFields: ["photos"] }),
          problem: null,
        },
        { status: 400 },
      );
    case "storage-unavailable":
      // The message at the photos field, the draft and what was typed kept (decision 015).
      return data<ActionResult>(
        {
          result: submission.reply({ fieldErrors: { photos: [STORAGE_UNAVAILABLE] }, hideFields: ["photos"] }),
          problem: null,
        },
        { status: 503 },
      );
    case "created":
      return redirectWithToast(
        "/my-listings?tab=pending",
        created.failedPhotos > 0
          ? { type: "warning", title: "toasts.listingPartial", description: "toasts.listingPartialText" }
          : { type: "success", title: "toasts.listingCreated", description: "toasts.listingCreatedText" },
        context.env,
      );
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function CreateListingPage() {
  const { t, i18n } = useTranslation("listings");
  const loaderData = useLoaderData<typeof loader>();
  const { step, values, draftId, revision } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm<ListingValues>({
    id: `listing-wizard-${draftId ?? "new"}-${step}-${revision}`,
    lastResult: actionData?.result,
    defaultValue: values,
    shouldValidate: "onSubmit",
  });
  const percent = stepProgress(step);
  return (
    <OverlayPage
      title={t("titles.create")}
      closeTo="/my-listings"
      headerExtra={
        <div className="mt-2">
          <p className="text-sm text-muted">
            {t("wizard.progress", { step })} · {t(`wizard.steps.${step}`)}
          </p>
          <div
            role="progressbar"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={t("wizard.progressLabel", { percent: formatPercent(percent, i18n.language, 0) })}
            className="mt-2 h-1.5 overflow-hidden rounded-full bg-subtle"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
          </div>
        </div>
      }
    >
      <FormProvider context={form.context}>
        <Form
          method="post"
          encType={step === 4 ? "multipart/form-data" : undefined}
          {...getFormProps(form)}
          action={`/my-listings/new${searchParams.toString() ? `?${searchParams}` : ""}`}
          className="grid gap-6"
        >
          <input type="hidden" name="step" value={step} />
          {draftId ? <input type="hidden" name="draft" value={draftId} /> : null}
          <WizardAlert problem={actionData?.problem ?? null} />
          <FormAlert id={form.errorId} errors={form.errors} />
          {step === 1 ? (
            <ListingTypeFieldset fields={fields} verified={loaderData.verified} samples={loaderData.samples} />
          ) : null}
          {step === 2 ? <VehicleFieldset fields={fields} vinOutcome={loaderData.vin} /> : null}
          {step === 3 ? (
            <PricingFieldset fields={fields} listingType={values.listingType ?? "sale"} cities={loaderData.cities} />
          ) : null}
          {step === 4 ? (
            <>
              <FeaturesFieldset fields={fields} groups={loaderData.featureGroups} />
              <PhotosFieldset meta={fields.photos as unknown as FieldMetadata<string>} />
              <p className="text-sm text-muted">{t("wizard.reviewNote")}</p>
            </>
          ) : null}

          {/* The forward action comes first, so Enter in a field moves on rather than back; CSS puts Back left. */}
          <div className="sticky bottom-0 -mx-4 flex flex-row-reverse flex-wrap items-center justify-between gap-3 border-t border-line bg-canvas/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
            {step === 1 ? (
              <div className="flex flex-row-reverse flex-wrap gap-2">
                <Button type="submit" name="intent" value="decode" disabled={busy}>
                  {t("wizard.decodeVin")}
                </Button>
                <Button type="submit" name="intent" value="next" variant="secondary" disabled={busy}>
                  {t("wizard.skipVin")}
                </Button>
              </div>
            ) : step < 4 ? (
              <Button type="submit" name="intent" value="next" disabled={busy}>
                {t("wizard.next")}
              </Button>
            ) : (
              <Button type="submit" name="intent" value="create" disabled={busy}>
                {busy && navigation.formData?.get("intent") === "create" ? t("wizard.creating") : t("wizard.create")}
              </Button>
            )}
            {step > 1 ? (
              <Button type="submit" name="intent" value="back" variant="secondary" disabled={busy}>
                {t("wizard.back")}
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-muted">{t("wizard.draftSaved")}</p>
        </Form>
      </FormProvider>
    </OverlayPage>
  );
}
