// The loader half the listing dialogs of /admin share: an admin, the listing (or 404) and not their own (403: another
// admin decides it), the dialog's title.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { forbidden, requireAdmin } from "~/accounts/guards.server";
import { isOwnListing, requireListing } from "~/admin/listing-moderation.server";
import { getT } from "~/i18n.server";

export async function loadListingDialog({ request, context, params }: LoaderFunctionArgs, titleKey: string) {
  const admin = await requireAdmin(request, context);
  const car = await requireListing(context.db, params.carId);
  if (isOwnListing(car, admin)) forbidden("admin:errors.ownCase");
  const t = await getT(request, "admin");
  return { title: t(titleKey), car };
}
