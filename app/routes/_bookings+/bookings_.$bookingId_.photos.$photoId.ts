// GET /bookings/{id}/photos/{photoId}: a trip photo (check-in, check-out, a claim or a dispute), for the booking's
// renter and host and for admins only (anyone else 403, an unknown photo 404; guests are sent to sign in). Never kept
// by a shared cache; the image was re-encoded to WebP when it was stored, so it is served as that and nothing else.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/accounts/guards.server";
import { findViewableTripPhoto } from "~/photos/trip-photos.server";
import { readTripPhoto } from "~/photos/photo-storage.server";
import { PRIVATE_FILE_HEADERS, refusePrivateFile, signInForPrivateFile } from "~/utils/private-files.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) throw signInForPrivateFile(request);
  const photo = await findViewableTripPhoto(context.db, {
    bookingId: params.bookingId ?? "",
    photoId: params.photoId ?? "",
    userId: user.id,
    isAdmin: user.isAdmin,
  });
  if (photo === "forbidden") return refusePrivateFile(403);
  if (!photo) return refusePrivateFile(404);
  const stored = await readTripPhoto(context.env, photo.storageKey);
  if (!stored) return refusePrivateFile(404);
  return new Response(stored.body, {
    headers: { ...PRIVATE_FILE_HEADERS, "Content-Type": "image/webp", "Content-Length": String(stored.size) },
  });
}
