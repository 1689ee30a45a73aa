import { describe, expect, it } from "vitest";
import { sendFormsWithoutScriptsUntilComplete } from "~/utils/use-hydrated";

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
