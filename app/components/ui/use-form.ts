// Form state that starts from what is on the page, not from what the server rendered. A page is the server's HTML
// for seconds on a slow phone before React takes it over (decision 028), and a person types, ticks and chooses in it
// meanwhile; the controls keep what they were given (React leaves their values alone when it hydrates), but state kept
// beside them (conform's values, a React state of what a field holds) starts from the server's defaults. So that
// state is read from the controls themselves when React takes over, and from their events after (decision 033).
// What a page without a form conform checks uses of this (the header's search, on every page) is in page-values.ts,
// which imports nothing of conform: a module the header imports is on every page's first load (decision 025).
import { useForm as useConformForm } from "@conform-to/react";
import { useRef, useState } from "react";
import { isControl, useBrowserLayoutEffect, type Control } from "~/components/ui/page-values";

/**
 * What is read of a control to tell whether it was changed: its own DOM properties (an input's, a textarea's or a
 * select's), so that the rule can be checked on plain objects too.
 */
export interface ControlState {
  type: string;
  value: string;
  defaultValue?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  files?: { length: number } | null;
  multiple?: boolean;
  options?: ArrayLike<{ selected: boolean; defaultSelected: boolean; disabled: boolean }>;
}

/** The control no longer holds what the server's HTML gave it: a person changed it (or a script, which is the same). */
export function changedSinceServer(control: ControlState): boolean {
  if (control.type.startsWith("select")) {
    const options = Array.from(control.options ?? []);
    // With no option marked selected, a single select's default is its first option that can be chosen.
    const marked = options.some((option) => option.defaultSelected);
    const first = options.findIndex((option) => !option.disabled);
    return options.some(
      (option, index) => option.selected !== (marked || control.multiple ? option.defaultSelected : index === first),
    );
  }
  if (control.type === "checkbox" || control.type === "radio") return control.checked !== control.defaultChecked;
  if (control.type === "file") return Boolean(control.files?.length);
  return control.value !== control.defaultValue;
}

/** The first named control of `form` (its own or one outside it through `form=`) that was changed on the page. */
export function changedControl(form: HTMLFormElement): Control | null {
  for (const element of form.elements)
    if (isControl(element) && element.name && changedSinceServer(element)) return element;
  return null;
}

/**
 * Tells the form's listeners (conform's, useFieldValue's) that `control` changed, by an input event from it. The event
 * is cancelled: conform then reads the whole form's values and does not also check the field (it checks on input
 * only when the event was not cancelled). React's onChange does not fire for it.
 */
function announce(control: Control) {
  const input = new Event("input", { bubbles: true, cancelable: true });
  input.preventDefault();
  control.dispatchEvent(input);
}

/** Puts `value` in the field with this id, as a person typing it would, without checking it yet. */
export function setFieldValue(id: string, value: string) {
  const control = document.getElementById(id);
  if (!isControl(control)) return;
  control.value = value;
  announce(control);
}

/**
 * conform's useForm, its values read from the page when React takes the form over: conform starts from the default
 * values the server rendered with, and learns of a change from input events, which a person's typing before
 * hydration never sent it.
 */
export const useForm: typeof useConformForm = (options) => {
  const [form, fields] = useConformForm(options);
  const { id } = form;
  useBrowserLayoutEffect(() => {
    const element = document.getElementById(id);
    const control = element instanceof HTMLFormElement ? changedControl(element) : null;
    if (control) announce(control);
  }, [id]);
  return [form, fields];
};

/**
 * Whether a person has written in the form with this id since `watch` was given its present value: an input since,
 * and when that is as React takes the page over, also what they changed before it. `null` watches nothing. For a page
 * that would put its form away (a message sent) while they are writing a new one in it; each arrival at that page
 * (a new `watch`) starts afresh.
 */
export function useFormChanged(id: string, watch: string | null): boolean {
  const [written, setWritten] = useState(false);
  const hydrating = useRef(true);
  useBrowserLayoutEffect(() => {
    const first = hydrating.current;
    hydrating.current = false;
    setWritten(false);
    const form = document.getElementById(id);
    if (watch === null || !(form instanceof HTMLFormElement)) return;
    if (first && changedControl(form)) return setWritten(true);
    const onInput = () => setWritten(true);
    form.addEventListener("input", onInput);
    return () => form.removeEventListener("input", onInput);
  }, [id, watch]);
  return written;
}
