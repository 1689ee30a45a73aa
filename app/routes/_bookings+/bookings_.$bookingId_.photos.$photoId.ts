// GET /bookings/{id}/photos/{photoId}: a trip photo (check-in, check-out, a claim or a dispute), for the booking's
// renter and host and for admins only (anyone else 403, an unknown photo 404; guests are sent to sign in). Never kept
// by a shared cache; the image was re-encoded to WebP when it was stored, so it is served as that and nothing else.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUserWith } from "~/accounts/guards.server";
import { findTripPhoto, viewableTripPhoto } from "~/photos/trip-photos.server";
import { readTripPhoto } from "~/photos/photo-storage.server";
import { PRIVATE_FILE_HEADERS, refusePrivateFile, signInForPrivateFile } from "~/utils/private-files.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The photo and its booking's parties are asked for by their ids beside the session's lookup: one round trip
  // (decision 002); the row is judged against the reader before anything of it is used.
  const [user, found] = await getOptionalUserWith(request, context, () =>
    findTripPhoto(context.db, { bookingId: params.bookingId ?? "", photoId: params.photoId ?? "" }),
  );
  if (!user) throw signInForPrivateFile(request);
  const photo = viewableTripPhoto(found, user);
  if (photo === "forbidden") return refusePrivateFile(403);
  if (!photo) return refusePrivateFile(404);
  const stored = await readTripPhoto(context.env, photo.storageKey);
  if (!stored) return refusePrivateFile(404);
  return new Response(stored.body, {
    headers: { ...PRIVATE_FILE_HEADERS, "Content-Type": "image/webp", "Content-Length": String(stored.size) },
  });
}
