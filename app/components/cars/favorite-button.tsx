// The heart: a POST form, so it works without JavaScript (the page reloads with a toast); with it, a fetcher
// fills the heart at once. It sends the state it wants ("add" or "remove"), so a double click changes nothing twice.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "~/components/shell/toaster";
import { useHydrated } from "~/utils/use-hydrated";
import { Icon } from "~/components/ui/icons";

export function FavoriteButton({
  carId,
  isFavorite,
  title,
  className = "",
}: {
  carId: string;
  isFavorite: boolean;
  title: string;
  className?: string;
}) {
  const { t } = useTranslation("cars");
  const fetcher = useFetcher<{ ok: boolean; isFavorite?: boolean; error?: string }>({ key: `favorite-${carId}` });
  const location = useLocation();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("intent");
  // While posting: the state asked for. After: the server's answer (the page itself does not reload its cards for a
  // heart, see shouldRevalidateAfterFavorite). Otherwise: what the page was rendered with.
  const answered = fetcher.data?.ok ? fetcher.data.isFavorite : undefined;
  const favorite = pending === "add" ? true : pending === "remove" ? false : (answered ?? isFavorite);
  // A refusal (the car was hidden or sold meanwhile) is said, not just undone: once per answer.
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  useEffect(() => {
    if (refusal) showToast({ type: "error", title: refusal });
  }, [fetcher.data, refusal]);
  return (
    <fetcher.Form method="post" action="/favorites" className={className}>
      <input type="hidden" name="carId" value={carId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {/* Tells the action it was sent by a fetcher (answer with data, not a redirect that would navigate). */}
      {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
      <button
        type="submit"
        name="intent"
        value={favorite ? "remove" : "add"}
        aria-pressed={favorite}
        aria-label={favorite ? t("favorite.remove", { title }) : t("favorite.add", { title })}
        title={favorite ? t("favorite.removeShort") : t("favorite.addShort")}
        className="grid size-10 place-items-center rounded-full bg-surface/90 shadow ring-1 ring-line transition hover:scale-105"
      >
        <Icon name="heart" className={`size-5 ${favorite ? "fill-danger text-danger" : "text-fg"}`} />
      </button>
    </fetcher.Form>
  );
}

/**
 * For catalogue routes: a heart tapped with JavaScript does not make the page load its cards again (the heart keeps
 * the server's answer itself); everything else revalidates as usual.
 */
export function shouldRevalidateAfterFavorite({
  formAction,
  defaultShouldRevalidate,
}: {
  formAction?: string;
  defaultShouldRevalidate: boolean;
}) {
  return formAction === "/favorites" ? false : defaultShouldRevalidate;
}
