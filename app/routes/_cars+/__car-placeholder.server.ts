import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { cars } from "#db/schema";
import { notFound, requireUser } from "~/accounts/guards.server";
import { getT } from "~/i18n.server";
import { PUBLIC_CAR } from "~/search/listing-query.server";

/** Contact and booking pages of a car: a signed-in visitor, a public car (rentable to book), never one's own. */
export async function placeholderForCar(
  request: Request,
  context: AppLoadContext,
  id: string | undefined,
  page: "contact" | "book",
) {
  const user = await requireUser(request, context);
  const [car] = await context.db
    .select({
      id: cars.id,
      make: cars.make,
      model: cars.model,
      year: cars.year,
      ownerId: cars.ownerId,
      listingType: cars.listingType,
    })
    .from(cars)
    .where(and(eq(cars.id, id ?? ""), PUBLIC_CAR))
    .limit(1);
  if (!car || (page === "book" && car.listingType === "sale") || car.ownerId === user.id) {
    notFound("errors.carNotFound", "errors.carNotFoundTitle", { to: "/cars", label: "errors.browseAllCars" });
  }
  const t = await getT(request, "cars");
  return { page, title: t(`${page}.title`), car: { id: car.id, name: `${car.make} ${car.model} ${car.year}` } };
}
