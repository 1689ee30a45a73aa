// What a page reads of its own controls without conform (decision 033): a plain form's field (the header's search, on
// every page's first load) and where focus may move. Apart from use-form.ts, which imports conform, so that conform
// reaches only the pages with a form it checks (decision 025).
import { useEffect, useLayoutEffect, useState, type RefObject } from "react";

/** Before the browser paints and before any event is handled, so no state shows that the page does not hold. */
export const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

export type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export const isControl = (element: unknown): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/**
 * What the form's control `name` holds, as it would be posted: `initial` for the server's render and hydration, then
 * the page's own value from the moment React takes over, and after each input or change. For state beside a plain
 * form's uncontrolled controls (a button that waits for a message).
 */
export function useFieldValue(form: RefObject<HTMLFormElement | null>, name: string, initial: string): string {
  const [value, setValue] = useState(initial);
  useBrowserLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    const read = () => {
      const posted = new FormData(element).get(name);
      setValue(typeof posted === "string" ? posted : "");
    };
    const onChange = (event: Event) => {
      if (isControl(event.target) && event.target.name === name) read();
    };
    read();
    element.addEventListener("input", onChange);
    element.addEventListener("change", onChange);
    return () => {
      element.removeEventListener("input", onChange);
      element.removeEventListener("change", onChange);
    };
  }, [form, name]);
  return value;
}

/**
 * Moves focus to `element` unless the person is in a field: a page that takes focus as it appears (a dialog's
 * heading, the list of what to fix) also appears as it hydrates, when the person may already be typing.
 */
export function focusUnlessEditing(element: HTMLElement | null) {
  if (!isControl(document.activeElement) || document.activeElement.type === "submit") element?.focus();
}
