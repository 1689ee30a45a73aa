// /my-listings/{carId}/edit (part 1 §2 "Edit Listing"): the owner's photos (add, move, turn, delete; arrows work
// without JavaScript), a rental's calendar (block and unblock days) and every field of the wizard but the listing
// type, checked again on the server (part 1 §5). Only the owner may open or change it; anyone else gets 403 and
// nothing changes.
import { FormProvider, getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hasCalendar, type HeldRange } from "~/bookings/blocked-days";
import { changeBlockedDays, loadHostCalendar } from "~/bookings/blocked-days.server";
import { featureGroupsFor } from "~/cars/feature-catalogue";
import {
  applyPickupPointIntent,
  ListingFields,
  postedListingValues,
  type ListingValues,
  type WizardStep,
} from "~/cars/listing-form";
import { fromCar, needsReview, toCarValues } from "~/cars/listing-car-values";
import { stepIssues } from "~/cars/listing-step-rules";
import { parsePriceToCents, type WizardProblem } from "~/cars/listing-rules";
import {
  addPhotos,
  deletePhoto,
  findListingPhotos,
  movePhoto,
  reorderPhotos,
  rotatePhoto,
} from "~/cars/listing-photos.server";
import { ListingEditControlsSchema } from "~/cars/listing-form-controls";
import { findPickupPoints, requireOwnCar, updateListing } from "~/cars/own-listings.server";
import { FeaturesFieldset, VehicleFieldset, WizardAlert } from "~/components/listings/listing-fieldsets";
import { PricingFieldset } from "~/components/listings/pricing-fieldset";
import { PhotoButton, PhotosFieldset } from "~/components/listings/photos-fieldset";
import { useDragOrder } from "~/components/listings/use-drag-order";
import { HostCalendar } from "~/components/listings/host-calendar";
import { Button, buttonClass } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { OverlayPage } from "~/components/ui/overlay-page";
import { useForm } from "~/components/ui/use-form";
import { getT } from "~/i18n.server";
import { CITIES, locatePickupPoints } from "~/places/cities";
import { isStorageFailure, preparePhotos, STORAGE_UNAVAILABLE } from "~/photos/photo-storage.server";
import { imageUrl } from "~/utils/images";
import { useHydrated } from "~/utils/use-hydrated";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["listings", "cars", "features", "bookings"], breadcrumb: "listings:titles.edit" };

const EDITED_STEPS: WizardStep[] = [2, 3];

function ownListing(args: LoaderFunctionArgs) {
  return requireOwnCar(args.request, args.context, args.params.carId);
}

export async function loader(args: LoaderFunctionArgs) {
  const { db } = args.context;
  const carId = args.params.carId ?? "";
  const query = new URL(args.request.url).searchParams;
  // The pickup points, photos and calendar by the car's id beside the car and the session (one round trip); the
  // calendar is shown only for a listing that rents.
  const {
    car,
    alongside: [points, photos, calendar],
  } = await requireOwnCar(args.request, args.context, carId, () =>
    Promise.all([
      findPickupPoints(db, carId),
      findListingPhotos(db, carId),
      loadHostCalendar(db, carId, query, new Date()),
    ]),
  );
  const t = await getT(args.request, "listings");
  return {
    title: t("titles.edit"),
    car: { id: car.id, name: `${car.make} ${car.model} ${car.year}`, listingType: car.listingType, status: car.status },
    values: fromCar(car, points),
    photos,
    featureGroups: featureGroupsFor(null).map((group) => ({ code: group.code, features: [...group.features] })),
    cities: CITIES.map((city) => city.name),
    calendar: hasCalendar(car) ? calendar : null,
  };
}

type ActionResult = {
  result?: SubmissionResult<string[]>;
  problem?: WizardProblem | null;
  /** The form's values to start from again (a pickup point added or removed), with a new revision. */
  values?: ListingValues;
  revision?: number;
  photoError?: string;
  /** The calendar form's answer, and the booking in the way of a block. */
  calendar?: SubmissionResult<string[]>;
  hold?: HeldRange;
};

export async function action(args: ActionFunctionArgs) {
  const { user, car } = await ownListing(args);
  const { db, env } = args.context;
  const formData = await args.request.formData();
  const controls = parseWithZod(formData, { schema: ListingEditControlsSchema });
  // The schema reads every value as some button (unknown ones as "save"), so it cannot fail.
  const pressed = controls.status === "success" ? controls.value : ({ button: "fields", intent: "save" } as const);
  const back = `/my-listings/${car.id}/edit`;

  if (pressed.button === "calendar") {
    const change = await changeBlockedDays(db, car, formData, new Date());
    if (!change.ok) return data<ActionResult>({ calendar: change.reply, hold: change.hold }, { status: change.status });
    const toast = change.intent === "block" ? "toasts.daysBlocked" : "toasts.daysUnblocked";
    return redirectWithToast(`${back}?month=${change.month}#calendar`, { type: "success", title: toast }, env);
  }
  if (pressed.button === "photo") {
    const { what, imageId } = pressed;
    if (what === "up" || what === "down") await movePhoto(db, car.id, imageId, what === "up" ? -1 : 1);
    if (what === "delete") await deletePhoto(db, env, car.id, imageId);
    if (what === "rotate" && !(await rotatePhoto(db, env, car.id, imageId))) {
      return data<ActionResult>({ photoError: "listings:errors.rotateFailed" }, { status: 422 });
    }
    return redirectWithToast(back, { type: "success", title: "toasts.listingUpdated" }, env);
  }
  if (pressed.button === "order") {
    await reorderPhotos(db, car.id, pressed.imageIds);
    return redirectWithToast(back, { type: "success", title: "toasts.listingUpdated" }, env);
  }
  if (pressed.button === "add_photos") {
    const stored = await findListingPhotos(db, car.id);
    const photos = await preparePhotos(formData.getAll("photos") as (File | string)[], stored.length);
    if (!photos.ok) return data<ActionResult>({ photoError: photos.problem }, { status: 400 });
    if (photos.files.length === 0) return data<ActionResult>({ photoError: "validation.photoType" }, { status: 400 });
    let outcome: Awaited<ReturnType<typeof addPhotos>>;
    try {
      outcome = await addPhotos(args.context, car.id, photos.files);
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      return data<ActionResult>({ photoError: STORAGE_UNAVAILABLE }, { status: 503 });
    }
    return redirectWithToast(
      back,
      outcome.failed > 0
        ? { type: "warning", title: "toasts.listingPartial", description: "toasts.listingPartialText" }
        : { type: "success", title: "toasts.listingUpdated" },
      env,
    );
  }
  const { intent } = pressed;

  const posted = parseWithZod(formData, { schema: ListingFields });
  const typed = postedListingValues(posted);
  // The type is not edited here: it decides which prices apply, and renting out needs verification.
  const values: ListingValues = { ...typed, listingType: car.listingType };
  const withPoints = applyPickupPointIntent(values, intent);
  if (withPoints) return data<ActionResult>({ values: withPoints, revision: Date.now() });

  const issues = EDITED_STEPS.flatMap((step) => stepIssues(step, values).issues);
  // A field of the wrong shape (a repeated or nested name) fails the parse even when the rules found nothing.
  if (issues.length > 0 || posted.status !== "success") {
    const submission = parseWithZod(formData, {
      schema: ListingFields.superRefine((_, ctx) => {
        for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }),
    });
    const problem = EDITED_STEPS.map((step) => stepIssues(step, values).problem).find(Boolean) ?? null;
    return data<ActionResult>({ result: submission.reply(), problem }, { status: 400 });
  }
  const listing = toCarValues(values);
  listing.pickupPoints = locatePickupPoints(listing.pickupPoints);
  const review = car.status === "rejected" || (car.status === "approved" && needsReview(car, listing.car));
  await updateListing(db, user.id, car.id, listing, review);
  return redirectWithToast("/my-listings", { type: "success", title: "toasts.listingUpdated" }, env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function EditListingPage() {
  const { t } = useTranslation("listings");
  const loaderData = useLoaderData<typeof loader>();
  const { car, photos } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const values = actionData?.values ?? loaderData.values;
  const [form, fields] = useForm<ListingValues>({
    id: `edit-listing-${car.id}-${actionData?.revision ?? 0}`,
    lastResult: actionData?.result,
    defaultValue: values,
    shouldValidate: "onSubmit",
  });
  const featureGroups = featureGroupsForForm(loaderData.featureGroups, values.salePrice);
  const submit = useSubmit();
  const hydrated = useHydrated();
  const location = useLocation();
  const drag = useDragOrder((from, to) => {
    const ids = photos.map((photo) => photo.id);
    ids.splice(to, 0, ...ids.splice(from, 1));
    submit({ intent: "order", order: ids.join(",") }, { method: "post", preventScrollReset: true });
  });
  return (
    <OverlayPage title={t("titles.edit")} closeTo="/my-listings" width="max-w-4xl">
      <p className="mb-4 text-lg font-semibold">{car.name}</p>
      <section aria-labelledby="edit-photos" className="mb-8">
        <h2 id="edit-photos" className="mb-3 text-lg font-semibold">
          {t("wizard.photosLegend")}
        </h2>
        <Form method="post" preventScrollReset>
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {photos.map((photo, index) => (
              <li
                key={photo.id}
                {...(hydrated ? drag(index) : {})}
                className="overflow-hidden rounded-xl border border-line bg-surface data-[over]:ring-2 data-[over]:ring-primary"
              >
                <div className="relative aspect-[4/3] bg-subtle">
                  <img
                    draggable={false}
                    src={imageUrl(photo.storageKey, "card")}
                    width={photo.width}
                    height={photo.height}
                    alt={t("fields.photos") + ` ${index + 1}`}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                  {index === 0 ? (
                    <span className="absolute left-2 top-2 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary">
                      {t("wizard.mainPhoto")}
                    </span>
                  ) : null}
                </div>
                <div className="flex justify-between p-1">
                  <PhotoButton
                    value={`up:${photo.id}`}
                    icon="arrowUp"
                    label={t("wizard.moveUp", { n: index + 1 })}
                    disabled={index === 0 || busy}
                  />
                  <PhotoButton
                    value={`down:${photo.id}`}
                    icon="arrowDown"
                    label={t("wizard.moveDown", { n: index + 1 })}
                    disabled={index === photos.length - 1 || busy}
                  />
                  <PhotoButton
                    value={`rotate:${photo.id}`}
                    icon="rotate"
                    label={t("wizard.rotate", { n: index + 1 })}
                    disabled={busy}
                  />
                  <PhotoButton
                    value={`delete:${photo.id}`}
                    icon="trash"
                    label={t("wizard.removePhoto", { n: index + 1 })}
                    disabled={busy}
                  />
                </div>
              </li>
            ))}
          </ol>
        </Form>
        {/* Keyed by the stored photos, so the picker starts empty again once an upload has landed. */}
        <Form
          key={photos.map((photo) => photo.id).join()}
          method="post"
          encType="multipart/form-data"
          preventScrollReset
          className="mt-4 grid gap-3"
        >
          <PhotosFieldset
            meta={
              {
                id: "edit-photos-input",
                name: "photos",
                descriptionId: "edit-photos-hint",
                errorId: "edit-photos-error",
                errors: actionData?.photoError ? [actionData.photoError] : undefined,
              } as unknown as FieldMetadata<string>
            }
            alreadyStored={photos.length}
            legend={t("edit.addPhotosLegend")}
          />
          <div>
            <Button type="submit" name="intent" value="add_photos" variant="secondary" disabled={busy}>
              <Icon name="upload" className="size-4" />
              {t("edit.addPhotos")}
            </Button>
          </div>
        </Form>
      </section>

      {loaderData.calendar ? (
        // Anew on every navigation (a month, a block done): the range and messages start from the address again.
        <HostCalendar
          key={location.key}
          carId={car.id}
          calendar={loaderData.calendar}
          lastResult={actionData?.calendar}
          hold={actionData?.hold}
          busy={busy}
        />
      ) : null}

      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} preventScrollReset className="grid gap-6">
          <WizardAlert problem={actionData?.problem ?? null} />
          <FormAlert id={form.errorId} errors={form.errors} />
          <VehicleFieldset fields={fields} />
          <PricingFieldset fields={fields} listingType={car.listingType} cities={loaderData.cities} />
          <FeaturesFieldset fields={fields} groups={featureGroups} />
          {car.status === "approved" ? <p className="text-sm text-muted">{t("edit.reviewNote")}</p> : null}
          <div className="sticky bottom-0 -mx-4 flex flex-row-reverse flex-wrap items-center justify-between gap-3 border-t border-line bg-canvas/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
            <Button type="submit" name="intent" value="save" disabled={busy}>
              {t("edit.save")}
            </Button>
            <Link to="/my-listings" className={buttonClass("secondary")}>
              {t("edit.cancel")}
            </Link>
          </div>
        </Form>
      </FormProvider>
    </OverlayPage>
  );
}

/** The luxury group follows the sale price being edited, as far as the server last saw it. */
function featureGroupsForForm(groups: { code: string; features: string[] }[], salePrice: string | undefined) {
  const allowed = new Set(featureGroupsFor(parsePriceToCents(salePrice ?? "")).map((group) => group.code));
  return groups.filter((group) => allowed.has(group.code));
}
