// /my-listings/{carId}/delete: "Are you sure you want to delete this car?" (part 1 §2), as a page over the list so it
// works without JavaScript. Only the owner may see it or delete; others get 403 and nothing changes.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { deleteListing, requireOwnCar } from "~/cars/own-listings.server";
import { Button, buttonClass } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form";
import { OverlayPage } from "~/components/ui/overlay-page";
import { getT } from "~/i18n.server";
import { deleteStoredPhotos } from "~/photos/photo-storage.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["listings"], breadcrumb: "listings:titles.delete" };

function ownCar(args: LoaderFunctionArgs) {
  return requireOwnCar(args.request, args.context, args.params.carId);
}

export async function loader(args: LoaderFunctionArgs) {
  const { car } = await ownCar(args);
  const t = await getT(args.request, "listings");
  return {
    title: t("titles.delete"),
    car: { id: car.id, name: `${car.make} ${car.model} ${car.year}`, bookings: car.bookingCount },
  };
}

export async function action(args: ActionFunctionArgs) {
  const { user, car } = await ownCar(args);
  const outcome = await deleteListing(args.context.db, user.id, car.id);
  if (outcome.status === "has-open-bookings") {
    return data({ error: "listings:delete.hasOpenBookings" }, { status: 409 });
  }
  if (outcome.status === "not-found") {
    return redirectWithToast("/my-listings", { type: "error", title: "toasts.deleteError" }, args.context.env, {
      status: 303,
    });
  }
  // The rows are gone; the photo objects go after them, so a failure here leaves objects, never broken rows.
  if (outcome.status === "deleted") await deleteStoredPhotos(args.context.env, outcome.photoKeys);
  return redirectWithToast("/my-listings", { type: "success", title: "toasts.carDeleted" }, args.context.env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function DeleteListingPage() {
  const { t } = useTranslation("listings");
  const { car } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <OverlayPage title={t("titles.delete")} closeTo="/my-listings" width="max-w-lg">
      <Form method="post" className="grid gap-4">
        <p className="text-lg font-semibold">{car.name}</p>
        <p>{t("delete.confirm")}</p>
        <p className="text-sm text-muted">
          {t("delete.explain")} {car.bookings > 0 ? t("delete.withBookings") : null}
        </p>
        <FormAlert errors={actionData?.error ? [actionData.error] : undefined} />
        <div className="flex flex-row-reverse flex-wrap gap-3">
          <Button type="submit" variant="danger" disabled={navigation.state !== "idle"}>
            {t("delete.submit")}
          </Button>
          <Link to="/my-listings" className={buttonClass("secondary")}>
            {t("delete.cancel")}
          </Link>
        </div>
      </Form>
    </OverlayPage>
  );
}
