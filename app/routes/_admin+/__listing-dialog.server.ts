// The loader half the listing dialogs of /admin share: an admin, the listing (or 404), the dialog's title.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/accounts/guards.server";
import { requireListing } from "~/admin/listing-moderation.server";
import { getT } from "~/i18n.server";

export async function loadListingDialog({ request, context, params }: LoaderFunctionArgs, titleKey: string) {
  await requireAdmin(request, context);
  const car = await requireListing(context.db, params.carId);
  const t = await getT(request, "admin");
  return { title: t(titleKey), car };
}
