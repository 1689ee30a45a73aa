// GET /bookings/{id}/photos/{photoId}: a trip photo (check-in, check-out, a claim or a dispute), for the booking's
// renter and host and for admins only (anyone else 403, an unknown photo 404; guests are sent to sign in). Never kept
// by a shared cache; the image was re-encoded to WebP when it was stored, so it is served as that and nothing else.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/accounts/guards.server";
import { findViewableTripPhoto } from "~/bookings/trip-photos.server";
import { readTripPhoto } from "~/photos/photo-storage.server";

const PRIVATE = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox",
  "Referrer-Policy": "no-referrer",
};

function refuse(status: 403 | 404) {
  return new Response(status === 403 ? "Forbidden" : "Not found", {
    status,
    headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) {
    const path = new URL(request.url).pathname;
    throw redirect(`/auth/signin?redirectTo=${encodeURIComponent(path)}`, { headers: PRIVATE });
  }
  const photo = await findViewableTripPhoto(context.db, {
    bookingId: params.bookingId ?? "",
    photoId: params.photoId ?? "",
    userId: user.id,
    isAdmin: user.isAdmin,
  });
  if (photo === "forbidden") return refuse(403);
  if (!photo) return refuse(404);
  const stored = await readTripPhoto(context.env, photo.storageKey);
  if (!stored) return refuse(404);
  return new Response(stored.body, {
    headers: { ...PRIVATE, "Content-Type": "image/webp", "Content-Length": String(stored.size) },
  });
}
