// The header's search box (part 1 §2 "Search dropdown"). Without JavaScript it is a GET form to /cars?search=.
// With it, from 2 characters and 300 ms after the last keystroke, up to 5 matches drop down as plain links (with a
// link to all results, and hint chips when the box is empty). ArrowDown moves into the list, the arrows move between
// results, Escape goes back to the box; a live region says how many were found.
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import type { QuickSearchResponse } from "~/search/listing-query.server";
import { SEARCH_MIN_LENGTH, sanitizeSearchTerm } from "~/search/search-rules";
import { formatPrice } from "~/utils/format";

export const SEARCH_DEBOUNCE_MS = 300;
const HINTS = ["BMW", "Mercedes", "Audi", "2023", "Tesla", "Porsche"];

export function LiveSearch({ id, className = "" }: { id: string; className?: string }) {
  // Only the common namespace: the header is on every page, and other namespaces are not loaded everywhere.
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<QuickSearchResponse>({ key: `live-search-${id}` });
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const term = sanitizeSearchTerm(value);

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
  }, []);

  const results = term.length >= SEARCH_MIN_LENGTH && fetcher.data?.term === term ? fetcher.data.results : [];
  const error = term.length >= SEARCH_MIN_LENGTH ? fetcher.data?.error : undefined;
  const allResults = `/cars?search=${encodeURIComponent(term)}`;

  const links = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];

  function onInputKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") setOpen(false);
    if (event.key === "ArrowDown" && links().length > 0) {
      event.preventDefault();
      setOpen(true);
      links()[0]?.focus();
    }
  }

  function onListKeyDown(event: React.KeyboardEvent<HTMLUListElement>) {
    const all = links();
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

  return (
    <div ref={box} className={`relative ${className}`}>
      <Form method="get" action="/cars" role="search" onSubmit={() => setOpen(false)}>
        <label htmlFor={id} className="sr-only">
          {t("header.searchLabel")}
        </label>
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        />
        <input
          id={id}
          name="search"
          type="search"
          autoComplete="off"
          minLength={SEARCH_MIN_LENGTH}
          maxLength={100}
          placeholder={t("header.searchPlaceholder")}
          ref={input}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onInputKeyDown}
          aria-describedby={open ? `${listId}-status` : undefined}
          className="w-full rounded-full border border-line bg-subtle py-2 pr-3 pl-9 text-sm text-fg placeholder:text-muted"
        />
      </Form>
      {open ? (
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
                          <img
                            src={result.image}
                            alt=""
                            width={64}
                            height={48}
                            className="h-full w-full object-cover"
                          />
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
      ) : null}
    </div>
  );
}
