// /car/{id}. Non-admins see approved, available cars only; admins see any (part 2 §4). The full page (gallery,
// lightbox, specifications, reviews, contact and booking) is built by the browse issue; this answers the route.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { and, asc, eq } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { carImages, cars, profiles } from "#db/schema";
import { getOptionalUser, notFound } from "~/accounts/guards.server";
import { ButtonLink } from "~/components/ui/button";
import { formatNumber, formatPrice } from "~/utils/format";
import { imageUrl } from "~/utils/images";
import { pageMeta } from "~/utils/meta";

export const handle = {
  i18n: ["pages"],
  breadcrumb: (data: unknown) => {
    const car = (data as { car?: { make: string; model: string } } | undefined)?.car;
    return car ? { label: `${car.make} ${car.model}`, literal: true } : null;
  },
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const id = params.id ?? "";
  const visible = user?.isAdmin ? undefined : and(eq(cars.status, "approved"), eq(cars.available, true));
  const [car] = await context.db
    .select({
      id: cars.id,
      make: cars.make,
      model: cars.model,
      year: cars.year,
      mileage: cars.mileage,
      location: cars.location,
      listingType: cars.listingType,
      dailyPrice: cars.dailyPrice,
      salePrice: cars.salePrice,
      description: cars.description,
      status: cars.status,
      ownerId: cars.ownerId,
      ownerName: profiles.fullName,
    })
    .from(cars)
    .innerJoin(profiles, eq(profiles.id, cars.ownerId))
    .where(and(eq(cars.id, id), visible))
    .limit(1);
  if (!car) notFound("errors.carNotFound", "errors.carNotFoundTitle", { to: "/cars", label: "errors.browseAllCars" });
  const [image] = await context.db
    .select({ storageKey: carImages.storageKey, width: carImages.width, height: carImages.height })
    .from(carImages)
    .where(eq(carImages.carId, car.id))
    .orderBy(asc(carImages.sortOrder))
    .limit(1);
  return { car, image: image ?? null };
}

export default function CarPage() {
  const { t, i18n } = useTranslation("pages");
  const { car, image } = useLoaderData<typeof loader>();
  const price =
    car.listingType !== "sale" && car.dailyPrice
      ? t("car.perDay", { price: formatPrice(car.dailyPrice, i18n.language) })
      : car.salePrice
        ? formatPrice(car.salePrice, i18n.language)
        : t("car.priceOnRequest");
  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        {image ? (
          <img
            src={imageUrl(image.storageKey, "full")}
            alt={`${car.make} ${car.model}`}
            width={image.width}
            height={image.height}
            className="aspect-[4/3] w-full rounded-2xl bg-subtle object-cover"
          />
        ) : (
          <div className="aspect-[4/3] w-full rounded-2xl bg-subtle" />
        )}
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            {car.make} {car.model} <span className="text-muted">{car.year}</span>
          </h1>
          <p className="mt-3 text-2xl font-bold text-primary">{price}</p>
          <dl className="mt-6 grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-muted">{t("car.mileage")}</dt>
              <dd className="font-semibold">{formatNumber(car.mileage, i18n.language)} km</dd>
            </div>
            <div>
              <dt className="text-muted">{t("car.location")}</dt>
              <dd className="font-semibold">{car.location}</dd>
            </div>
          </dl>
          {car.description ? <p className="mt-6 whitespace-pre-line text-muted">{car.description}</p> : null}
          <ButtonLink to={`/profile/${car.ownerId}`} variant="secondary" className="mt-6">
            {car.ownerName ?? t("car.owner")}
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `${data.car.make} ${data.car.model} ${data.car.year}` : undefined);
