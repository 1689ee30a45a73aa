// The header search's dropdown (components/shell/live-search.tsx): loaded on the first focus of the box, since
// the first screen needs only the box itself. From 2 characters and 300 ms after the last keystroke it asks for up to
// 5 matches and lists them as plain links (with a link to all results, and hint chips when the box is empty); a live
// region says how many were found.
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { QuickSearchResponse } from "~/search/listing-query.server";
import { SEARCH_MIN_LENGTH } from "~/search/search-rules";
import { formatPrice } from "~/utils/format";

export const SEARCH_DEBOUNCE_MS = 300;
const HINTS = ["BMW", "Mercedes", "Audi", "2023", "Tesla", "Porsche"];

export default function LiveSearchResults({
  id,
  term,
  open,
  setOpen,
  box,
  input,
  list,
  listId,
}: {
  id: string;
  term: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  box: RefObject<HTMLDivElement>;
  input: RefObject<HTMLInputElement>;
  list: RefObject<HTMLUListElement>;
  listId: string;
}) {
  // Only the common namespace: the header is on every page, and other namespaces are not loaded everywhere.
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<QuickSearchResponse>({ key: `live-search-${id}` });

  useEffect(() => {
    if (term.length < SEARCH_MIN_LENGTH) return;
    const timer = setTimeout(() => fetcher.load(`/resources/search?q=${encodeURIComponent(term)}`), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // fetcher.load is stable enough; depending on `fetcher` would refetch on every state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term]);

  useEffect(() => {
    const close = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [box, setOpen]);

  const results = term.length >= SEARCH_MIN_LENGTH && fetcher.data?.term === term ? fetcher.data.results : [];
  const error = term.length >= SEARCH_MIN_LENGTH ? fetcher.data?.error : undefined;
  const allResults = `/cars?search=${encodeURIComponent(term)}`;

  function onListKeyDown(event: React.KeyboardEvent<HTMLUListElement>) {
    const all = [...(list.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const next = index + (event.key === "ArrowDown" ? 1 : -1);
      if (next < 0) input.current?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (event.key === "Escape") {
      setOpen(false);
      input.current?.focus();
    }
  }

  if (!open) return null;
  return (
    <div className="absolute inset-x-0 top-full z-40 mt-2 min-w-72 rounded-xl border border-line bg-surface p-2 shadow-lg">
      {term.length === 0 ? (
        <div className="p-2">
          <p className="text-xs font-semibold text-muted">{t("search.tryThese")}</p>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {HINTS.map((hint) => (
              <li key={hint}>
                <Link
                  to={`/cars?search=${encodeURIComponent(hint)}`}
                  onClick={() => setOpen(false)}
                  className="inline-block rounded-full bg-subtle px-3 py-1 text-sm font-medium hover:bg-primary-soft"
                >
                  {hint}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : term.length < SEARCH_MIN_LENGTH ? (
        <p className="p-2 text-sm text-muted">{t("validation.searchTooShort")}</p>
      ) : (
        <>
          {error ? <p className="p-2 text-sm text-danger">{t(error)}</p> : null}
          <p id={`${listId}-status`} className="sr-only" aria-live="polite">
            {fetcher.state === "idle" ? t("search.found", { count: results.length }) : ""}
          </p>
          {/* The arrow keys bubble up from the links; the list itself never takes focus. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
          <ul ref={list} aria-label={t("search.results")} className="grid gap-1" onKeyDown={onListKeyDown}>
            {results.map((result) => (
              <li key={result.id}>
                <Link
                  to={`/car/${result.id}`}
                  onClick={() => setOpen(false)}
                  className="flex items-center gap-3 rounded-lg p-2 hover:bg-subtle focus-visible:bg-subtle"
                >
                  <span className="block h-12 w-16 shrink-0 overflow-hidden rounded-md bg-subtle">
                    {result.image ? (
                      <img src={result.image} alt="" width={64} height={48} className="h-full w-full object-cover" />
                    ) : null}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold">
                      {result.make} {result.model} <span className="font-normal text-muted">{result.year}</span>
                    </span>
                    <span className="block text-sm font-semibold text-primary">
                      {result.listingType !== "sale" && result.dailyPrice
                        ? t("search.perDay", { price: formatPrice(result.dailyPrice, i18n.language) })
                        : result.salePrice
                          ? formatPrice(result.salePrice, i18n.language)
                          : t("search.priceOnRequest")}
                    </span>
                    <span className="block truncate text-xs text-muted">
                      {result.location} · {t(`search.listingType.${result.listingType}`)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
            <li>
              <Link
                to={allResults}
                onClick={() => setOpen(false)}
                className="block rounded-lg p-2 text-sm font-semibold text-primary hover:bg-subtle focus-visible:bg-subtle"
              >
                {fetcher.state !== "idle" && results.length === 0
                  ? t("search.searching")
                  : t("search.viewAll", { term })}
              </Link>
            </li>
          </ul>
        </>
      )}
    </div>
  );
}
