// /favorites: the saved cars (part 1 §2 "Favourites") and the saved searches. Its action adds or removes a favourite
// for the hearts everywhere: with JavaScript a fetcher gets data back; without, the page it came from reloads.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser, requireUserWith } from "~/accounts/guards.server";
import { addFavorite, findFavoriteCards, removeFavorite } from "~/cars/favorite-cars.server";
import { FavoriteSchema } from "~/cars/favorite-form";
import { ListingCard, type CardCar } from "~/components/cars/listing-card";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { getT } from "~/i18n.server";
import { findSavedSearches } from "~/search/saved-searches.server";
import { pageMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/redirect";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["cars", "features"], breadcrumb: "cars:favorites.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [, [cars, searches]] = await requireUserWith(request, context, (userId) =>
    Promise.all([findFavoriteCards(context.db, userId), findSavedSearches(context.db, userId)]),
  );
  const t = await getT(request, "cars");
  return { title: t("favorites.title"), cars, searches };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: FavoriteSchema });
  if (submission.status !== "success") return data({ ok: false, error: "errors.badRequest" }, { status: 400 });
  const { carId, intent, fetcher } = submission.value;
  const back = safeRedirectPath(submission.value.redirectTo, "/favorites");

  if (intent === "add" && (await addFavorite(context.db, user.id, carId)) === "car-not-found") {
    // Hidden or sold while the page was open: said in a toast, with JavaScript or without.
    if (fetcher) return data({ ok: false, error: "errors.carNotFound" }, { status: 404 });
    return redirectWithToast(
      back,
      { type: "error", title: "errors.carNotFoundTitle", description: "errors.carNotFound" },
      context.env,
    );
  }
  if (intent === "remove") await removeFavorite(context.db, user.id, carId);

  if (fetcher) return data({ ok: true, isFavorite: intent === "add" });
  return redirectWithToast(
    back,
    { type: "success", title: intent === "add" ? "toasts.favoriteAdded" : "toasts.favoriteRemoved" },
    context.env,
  );
}

export default function FavoritesPage() {
  const { t } = useTranslation("cars");
  const { cars: saved, searches } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("favorites.title")}</h1>
      {saved.length === 0 ? (
        <EmptyState
          icon="heart"
          title={t("favorites.emptyTitle")}
          text={t("favorites.emptyBody")}
          action={{ to: "/cars", label: t("favorites.browse") }}
          className="mt-8"
        />
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {saved.map((car, index) => (
            <li key={car.id} className={car.stillListed ? "" : "opacity-70"}>
              <ListingCard
                car={car as CardCar}
                variant="favorite"
                eager={index < 2}
                onRemove={
                  <Form method="post" action="/favorites">
                    <input type="hidden" name="carId" value={car.id} />
                    <input type="hidden" name="redirectTo" value="/favorites" />
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      className={buttonClass("ghost", "sm", "text-danger")}
                    >
                      {t("favorites.remove")}
                    </button>
                  </Form>
                }
              />
              {car.stillListed ? null : <p className="mt-2 text-sm text-muted">{t("favorites.noLongerListed")}</p>}
            </li>
          ))}
        </ul>
      )}

      <section className="mt-14" aria-labelledby="saved-searches-title">
        <h2 id="saved-searches-title" className="text-xl font-bold">
          {t("savedSearches.title")}
        </h2>
        {searches.length === 0 ? (
          <p className="mt-2 text-muted">{t("savedSearches.empty")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-line rounded-2xl border border-line bg-surface">
            {searches.map((search) => (
              <li key={search.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <Link to={search.query} className="font-medium text-primary hover:underline">
                  {search.name}
                </Link>
                <Form method="post" action="/resources/saved-searches">
                  <input type="hidden" name="id" value={search.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    className={buttonClass("ghost", "sm", "text-danger")}
                  >
                    {t("savedSearches.delete")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });
