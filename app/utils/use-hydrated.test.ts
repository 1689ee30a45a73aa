import { describe, expect, it } from "vitest";
import {
  holdEventsUntilHydrated,
  markHydrationCommitted,
  sendFormsWithoutScriptsUntilComplete,
} from "~/utils/use-hydrated";

/** The page's texts as the lite i18next holds them: partial until `complete()`. */
function pageTexts() {
  let complete = false;
  let markComplete = () => {};
  const completed = new Promise<void>((resolve) => (markComplete = resolve));
  return {
    isComplete: () => complete,
    whenComplete: () => completed,
    complete: async () => {
      complete = true;
      markComplete();
      await completed;
    },
  };
}

/** A submit event from a button named `name` (none: Enter in a field, or a button without a name). */
function submit(name?: string) {
  const submitter =
    name === undefined ? null : { getAttribute: (attribute: string) => (attribute === "name" ? name : null) };
  return Object.assign(new Event("submit", { bubbles: true, cancelable: true }), { submitter });
}

/** The window, and whether React's listener (on the document, after the window's capture) saw each submission. */
function windowWithReact() {
  const target = new EventTarget();
  const seen: string[] = [];
  return {
    target,
    seen,
    listen: () => target.addEventListener("submit", (event) => seen.push(event.type)),
  };
}

describe("sendFormsWithoutScriptsUntilComplete", () => {
  it("keeps a submission from React while the page's texts are partial, and leaves the browser to send it", () => {
    const texts = pageTexts();
    const page = windowWithReact();
    sendFormsWithoutScriptsUntilComplete(page.target, texts);
    page.listen();
    const event = submit("intent");
    page.target.dispatchEvent(event);
    expect(page.seen).toEqual([]);
    // Not cancelled: the browser goes on to post the form (or follow a GET form), as without JavaScript.
    expect(event.defaultPrevented).toBe(false);
    page.target.dispatchEvent(submit());
    expect(page.seen).toEqual([]);
  });

  it("lets conform's own submissions through (a field checked as it is typed in stays in the page)", () => {
    const page = windowWithReact();
    sendFormsWithoutScriptsUntilComplete(page.target, pageTexts());
    page.listen();
    page.target.dispatchEvent(submit("__intent__"));
    expect(page.seen).toEqual(["submit"]);
  });

  it("steps aside once the texts are complete: React sends every form from then on", async () => {
    const texts = pageTexts();
    const page = windowWithReact();
    sendFormsWithoutScriptsUntilComplete(page.target, texts);
    page.listen();
    await texts.complete();
    page.target.dispatchEvent(submit("intent"));
    page.target.dispatchEvent(submit());
    expect(page.seen).toEqual(["submit", "submit"]);
  });

  it("does nothing where the texts are complete from the start or are never partial (the real i18next)", () => {
    const complete = windowWithReact();
    sendFormsWithoutScriptsUntilComplete(complete.target, { isComplete: () => true, whenComplete: async () => {} });
    complete.listen();
    complete.target.dispatchEvent(submit());
    expect(complete.seen).toEqual(["submit"]);

    const real = windowWithReact();
    sendFormsWithoutScriptsUntilComplete(real.target);
    real.listen();
    real.target.dispatchEvent(submit());
    expect(real.seen).toEqual(["submit"]);
  });
});

describe("holdEventsUntilHydrated", () => {
  // One test: the commit is the page's, once (module state).
  it("keeps the events React would hydrate on from it until the hydration is committed, not their default", () => {
    const target = new EventTarget();
    holdEventsUntilHydrated(target);
    const seen: string[] = [];
    for (const type of ["click", "pointerdown", "keydown", "input", "submit", "mousemove"]) {
      target.addEventListener(type, (event) => seen.push(event.type));
    }
    const click = new Event("click", { cancelable: true });
    target.dispatchEvent(click);
    for (const type of ["pointerdown", "keydown", "input", "submit"]) target.dispatchEvent(new Event(type));
    // Not a discrete event: React does not hydrate on it, so it passes.
    target.dispatchEvent(new Event("mousemove"));
    expect(seen).toEqual(["mousemove"]);
    // The browser still follows the link, ticks the box, sends the form.
    expect(click.defaultPrevented).toBe(false);

    markHydrationCommitted();
    target.dispatchEvent(new Event("click"));
    target.dispatchEvent(new Event("input"));
    expect(seen).toEqual(["mousemove", "click", "input"]);

    // A page that has hydrated holds nothing.
    const later = new EventTarget();
    holdEventsUntilHydrated(later);
    const laterSeen: string[] = [];
    later.addEventListener("click", (event) => laterSeen.push(event.type));
    later.dispatchEvent(new Event("click"));
    expect(laterSeen).toEqual(["click"]);
  });
});
