import i18next from "i18next";
import { startTransition, useEffect, useState } from "react";

// In the browser build `i18next` is the lite one (app/i18n/lite), whose page texts may still be partial; the real
// one (server, dev, tests) has every text from the start.
type PageTexts = Partial<{ isComplete(): boolean; whenComplete(): Promise<void> }>;
const texts = i18next as unknown as PageTexts;

/**
 * True once React has hydrated and the page's namespaces are complete: controls that only work with JavaScript
 * render from then on, with every text they may show (the page inlined only the texts its server render used).
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (!texts.whenComplete || texts.isComplete?.()) return setHydrated(true);
    let live = true;
    // A transition: the update may reach a Suspense boundary that is still hydrating (a plain one is React's #421).
    void texts.whenComplete().then(() => live && startTransition(() => setHydrated(true)));
    return () => void (live = false);
  }, []);
  return hydrated;
}

/** The name of the button conform submits its own checks with (a field checked as it is typed in). */
const CONFORM_INTENT = "__intent__";

/**
 * Until the page's texts are complete, a form is sent as it is without JavaScript: the browser posts it (or follows
 * a GET form) and the server answers with the next page, whose texts it inlines, messages at the fields included.
 * Sent through React meanwhile, the answer would render texts the page does not have yet (a field's message, a
 * toast, the next step of a dialog): their keys, until the texts arrive. The controls that need JavaScript wait for
 * the same moment (useHydrated), so what a person uses before it is the page that works without JavaScript
 * (decision 033). A listener on the window in the capture phase runs before React's, on the document.
 */
export function sendFormsWithoutScriptsUntilComplete(target: EventTarget, pageTexts: PageTexts = texts) {
  if (!pageTexts.isComplete || !pageTexts.whenComplete || pageTexts.isComplete()) return;
  const onSubmit = (event: Event) => {
    if (pageTexts.isComplete?.()) return;
    // conform's own submissions (a field checked as it is typed in) never leave the page.
    if ((event as Partial<SubmitEvent>).submitter?.getAttribute("name") === CONFORM_INTENT) return;
    event.stopImmediatePropagation();
  };
  target.addEventListener("submit", onSubmit, true);
  void pageTexts.whenComplete().then(() => target.removeEventListener("submit", onSubmit, true));
}

/**
 * The events on which React 18 hydrates a page it is still hydrating at once, synchronously (react-dom's
 * `discreteReplayableEvents`, for its capture listener on the document).
 */
const HYDRATING_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

let committed = false;
const onCommit = new Set<() => void>();

/** Root calls it from its first effect: React has committed the hydrated page (and handles events from now on). */
export function markHydrationCommitted() {
  committed = true;
  for (const run of onCommit) run();
  onCommit.clear();
}

/**
 * Until React has committed the hydrated page, the events on which it would hydrate synchronously do not reach it
 * (a capture listener on the window stops them before React's, on the document); the browser still does what the
 * page does without JavaScript: a link is followed, a form is sent, a box is ticked. Without this, a tap while
 * Remix is still decoding the page's data (RemixBrowser suspends at the root, outside any Suspense boundary) made
 * React hydrate at once, meet that suspension and throw "Root did not complete" (minified error #345): the page
 * stayed the server's HTML for good. Before the commit no handler of the page exists yet, so nothing a person does
 * is lost that the page without JavaScript would not also lose (decision 033).
 */
export function holdEventsUntilHydrated(target: EventTarget) {
  if (committed) return;
  const stop = (event: Event) => {
    if (!committed) event.stopImmediatePropagation();
  };
  for (const type of HYDRATING_EVENTS) target.addEventListener(type, stop, true);
  onCommit.add(() => {
    for (const type of HYDRATING_EVENTS) target.removeEventListener(type, stop, true);
  });
}
