// /pricing/{carId}: "Dynamic Pricing Settings", for the car's owner only. The suggestion from comparable
// listings comes with the own-listings issue.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { cars } from "#db/schema";
import { requireOwner, requireUser } from "~/accounts/guards.server";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["pages"], breadcrumb: "pages:titles.pricing" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [car] = await context.db
    .select({ id: cars.id, ownerId: cars.ownerId, make: cars.make, model: cars.model })
    .from(cars)
    .where(eq(cars.id, params.carId ?? ""))
    .limit(1);
  requireOwner(car, user, "errors.carNotFound");
  const t = await getT(request, "pages");
  return { title: t("titles.pricing"), car: { make: car!.make, model: car!.model } };
}

export default function PricingPage() {
  const { t } = useTranslation("pages");
  const { car } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold">{t("titles.pricing")}</h1>
      <p className="mt-2 text-muted">
        {car.make} {car.model}
      </p>
      <p className="mt-6 rounded-xl border border-line bg-surface p-5">{t("pricing.engineComing")}</p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });
