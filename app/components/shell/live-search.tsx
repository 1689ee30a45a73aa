// The header's search box (part 1 §2 "Search dropdown"). Without JavaScript it is a GET form to /cars?search=.
// With it, the box drops down matches as you type (live-search-results.tsx, loaded on the box's first focus: the
// first screen of every page needs only the box). ArrowDown moves into the list, the arrows move between results,
// Escape goes back to the box.
import { Form } from "@remix-run/react";
import { Suspense, lazy, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import { useFieldValue } from "~/components/ui/page-values";
import { SEARCH_MIN_LENGTH, sanitizeSearchTerm } from "~/search/search-rules";

const LiveSearchResults = lazy(() => import("~/components/shell/live-search-results"));

export function LiveSearch({ id, className = "" }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // What the box holds, read from it (words typed before the page hydrated included): it stays uncontrolled, so a
  // render never writes the server's empty value over them (decision 033).
  const value = useFieldValue(form, "search", "");
  const [open, setOpen] = useState(false);
  // Set on the first focus, and never unset: from then on the dropdown's code is loaded and mounted.
  const [engaged, setEngaged] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const term = sanitizeSearchTerm(value);

  const links = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];

  function onInputKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") setOpen(false);
    if (event.key === "ArrowDown" && links().length > 0) {
      event.preventDefault();
      setOpen(true);
      links()[0]?.focus();
    }
  }

  return (
    <div ref={box} className={`relative ${className}`}>
      <Form ref={form} method="get" action="/cars" role="search" onSubmit={() => setOpen(false)}>
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
          onChange={() => {
            setEngaged(true);
            setOpen(true);
          }}
          onFocus={() => {
            setEngaged(true);
            setOpen(true);
          }}
          onKeyDown={onInputKeyDown}
          aria-describedby={open ? `${listId}-status` : undefined}
          className="w-full rounded-full border border-line bg-subtle py-2 pr-3 pl-9 text-sm text-fg placeholder:text-muted"
        />
      </Form>
      {engaged ? (
        <Suspense fallback={null}>
          <LiveSearchResults
            id={id}
            term={term}
            open={open}
            setOpen={setOpen}
            box={box}
            input={input}
            list={list}
            listId={listId}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
