// /pricing/{carId}: "Dynamic Pricing Settings" (part 1 §2's placeholder), for the car's owner only. It shows the
// car's current prices and a suggested daily price: the median of comparable public rentals (same category and fuel,
// ±3 model years, other owners). The owner may take the suggestion in one click; a lower price notifies favourites.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireOwnCar, setDailyPrice } from "~/cars/own-listings.server";
import { Button, buttonClass } from "~/components/ui/button";
import { getT } from "~/i18n.server";
import { suggestDailyPrice, YEAR_WINDOW } from "~/pricing/suggested-price.server";
import { formatPrice } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["pages", "listings", "cars"], breadcrumb: "pages:titles.pricing" };

async function ownCar(args: LoaderFunctionArgs) {
  const { user, car } = await requireOwnCar(args.request, args.context, args.params.carId);
  const rents = car.listingType !== "sale";
  const suggestion = rents ? await suggestDailyPrice(args.context.db, car) : null;
  return { user, car, rents, suggestion };
}

export async function loader(args: LoaderFunctionArgs) {
  const { car, rents, suggestion } = await ownCar(args);
  const t = await getT(args.request, "pages");
  return {
    title: t("titles.pricing"),
    car: {
      id: car.id,
      name: `${car.make} ${car.model} ${car.year}`,
      category: car.category,
      fuelType: car.fuelType,
      year: car.year,
      prices: {
        daily: car.dailyPrice,
        weekly: car.weeklyPrice,
        monthly: car.monthlyPrice,
        sale: car.salePrice,
        deposit: car.depositAmount,
      },
    },
    rents,
    suggestion,
    years: { from: car.year - YEAR_WINDOW, to: car.year + YEAR_WINDOW },
  };
}

export async function action(args: ActionFunctionArgs) {
  const { user, car, suggestion } = await ownCar(args);
  if (!suggestion) return data({ ok: false }, { status: 409 });
  await setDailyPrice(args.context.db, user.id, car.id, suggestion.dailyPrice);
  return redirectWithToast(`/pricing/${car.id}`, { type: "success", title: "toasts.listingUpdated" }, args.context.env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function PricingPage() {
  const { t, i18n } = useTranslation(["pages", "listings", "cars"]);
  const { car, rents, suggestion, years } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const price = (cents: number | null) => (cents === null ? "—" : formatPrice(cents, i18n.language));
  const rows: [string, number | null][] = rents
    ? [
        [t("listings:fields.daily_price"), car.prices.daily],
        [t("listings:fields.weekly_price"), car.prices.weekly],
        [t("listings:fields.monthly_price"), car.prices.monthly],
        [t("listings:fields.deposit_amount"), car.prices.deposit],
      ]
    : [];
  if (car.prices.sale !== null) rows.push([t("listings:fields.sale_price"), car.prices.sale]);
  const current = car.prices.daily;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("titles.pricing")}</h1>
      <p className="mt-1 text-muted">{car.name}</p>

      <div className="mt-6 rounded-2xl border border-line bg-surface p-5">
        <h2 className="font-semibold">{t("pricing.current")}</h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3 border-b border-line pb-2">
              <dt className="text-muted">{label}</dt>
              <dd className="font-semibold">{price(value)}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="mt-6 rounded-2xl border border-line bg-surface p-5">
        <h2 className="font-semibold">{t("pricing.suggestionTitle")}</h2>
        {!rents ? (
          <p className="mt-2 text-muted">{t("pricing.saleOnly")}</p>
        ) : suggestion ? (
          <>
            <p className="mt-3 text-3xl font-bold">
              {price(suggestion.dailyPrice)}{" "}
              <span className="text-base font-medium text-muted">{t("pricing.perDay")}</span>
            </p>
            <p className="mt-2 text-sm text-muted">
              {t("pricing.basis", {
                count: suggestion.sampleSize,
                category: t(`cars:category.${car.category}`),
                fuel: t(`cars:fuel.${car.fuelType}`),
                from: years.from,
                to: years.to,
              })}
            </p>
            {current !== null && current !== suggestion.dailyPrice ? (
              <p className="mt-2 text-sm">
                {current > suggestion.dailyPrice ? t("pricing.above") : t("pricing.below")}
              </p>
            ) : null}
            {current !== suggestion.dailyPrice ? (
              <Form method="post" className="mt-4">
                <Button type="submit" disabled={navigation.state !== "idle"}>
                  {t("pricing.apply", { price: price(suggestion.dailyPrice) })}
                </Button>
              </Form>
            ) : null}
          </>
        ) : (
          <p className="mt-2 text-muted">{t("pricing.notEnough")}</p>
        )}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={`/my-listings/${car.id}/edit`} className={buttonClass("secondary")}>
          {t("pricing.editPrices")}
        </Link>
        <Link to="/my-listings" className={buttonClass("ghost")}>
          {t("pricing.back")}
        </Link>
      </div>
    </section>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
