// Creating a listing from the wizard's last step (part 1 §2 "Create Listing"): the whole listing checked once more,
// its photos checked and stored in R2, then the car, its pickup points and photo rows written, the draft removed.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SessionUser } from "~/accounts/session.server";
import type { ListingValues, WizardStep } from "~/cars/listing-form";
import { firstInvalidStep, toCarValues } from "~/cars/listing-car-values";
import { storedKeys } from "~/cars/listing-photos.server";
import { createListing } from "~/cars/own-listings.server";
import type { PhotoProblem } from "~/photos/photo-rules";
import { locatePickupPoints } from "~/places/cities";
import {
  deleteStoredPhotos,
  isStorageFailure,
  preparePhotos,
  storeCarPhotos,
  type StoredPhoto,
} from "~/photos/photo-storage.server";

export type CreateListingOutcome =
  /** Created, pending review; `failedPhotos` could not be processed (the spec's "Partial Success"). */
  | { status: "created"; carId: string; failedPhotos: number }
  /** A step is incomplete (a draft edited in another tab) or the owner may not offer rentals: back to that step. */
  | { status: "back-to-step"; step: WizardStep }
  /** The chosen photos are refused; nothing stored. */
  | { status: "photos-refused"; problem: PhotoProblem }
  /** R2 is out of reach: no car and no object (decision 015). */
  | { status: "storage-unavailable" };

/**
 * Creates the listing of the draft `draftId` with the photos posted (`uploads`, the form's entries as they came).
 * Throws only what nobody can answer for; the objects stored are deleted again when the write fails.
 */
export async function createListingWithPhotos(
  context: Pick<AppLoadContext, "db" | "env">,
  owner: Pick<SessionUser, "id" | "verificationStatus">,
  values: ListingValues,
  draftId: string | null,
  uploads: ReadonlyArray<File | string>,
): Promise<CreateListingOutcome> {
  const broken = firstInvalidStep(values);
  if (broken !== null) return { status: "back-to-step", step: broken };
  if (values.listingType !== "sale" && owner.verificationStatus !== "verified") {
    return { status: "back-to-step", step: 1 };
  }
  const photos = await preparePhotos(uploads, 0);
  if (!photos.ok) return { status: "photos-refused", problem: photos.problem };

  const listing = toCarValues(values);
  listing.pickupPoints = locatePickupPoints(listing.pickupPoints);
  // Photos first, under the id the car will have; then the car and their rows in one write.
  const carId = crypto.randomUUID();
  let outcome: { stored: StoredPhoto[]; failed: number } = { stored: [], failed: 0 };
  try {
    if (photos.files.length > 0) outcome = await storeCarPhotos(context.env, carId, photos.files);
  } catch (error) {
    if (!isStorageFailure(error)) throw error;
    return { status: "storage-unavailable" };
  }
  try {
    await createListing(context.db, owner.id, listing, draftId, { carId, photos: outcome.stored });
  } catch (error) {
    await deleteStoredPhotos(context.env, storedKeys(outcome.stored));
    throw error;
  }
  return { status: "created", carId, failedPhotos: outcome.failed };
}
