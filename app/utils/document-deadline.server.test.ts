import { createElement as h, Suspense, type ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DOCUMENT_DEADLINE_MS, DocumentDeadlineError, documentDeadline } from "./document-deadline.server";

// workerd's react-dom/server is the web streams build; Node's default has no renderToReadableStream.
vi.mock("react-dom/server", () => import("react-dom/server.browser" as string));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const request = () => {
  const browser = new AbortController();
  return { browser, request: new Request("https://ratai.test/bookings/b1", { signal: browser.signal }) };
};

describe("documentDeadline", () => {
  it("aborts the render when the deadline passes, and not a moment before", () => {
    const deadline = documentDeadline(request().request);
    vi.advanceTimersByTime(DOCUMENT_DEADLINE_MS - 1);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBeInstanceOf(DocumentDeadlineError);
    expect(deadline.passed()).toBe(true);
  });

  it("takes its length from the caller", () => {
    const deadline = documentDeadline(request().request, 50);
    vi.advanceTimersByTime(50);
    expect(deadline.passed()).toBe(true);
  });

  it("aborts with the browser's reason when the browser goes away first, which is not the deadline", () => {
    const { browser, request: req } = request();
    const deadline = documentDeadline(req);
    browser.abort(new Error("closed"));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toEqual(new Error("closed"));
    expect(deadline.passed()).toBe(false);
    vi.advanceTimersByTime(DOCUMENT_DEADLINE_MS);
    expect(deadline.passed()).toBe(false);
  });

  it("is aborted at once for a browser already gone", () => {
    const { browser, request: req } = request();
    browser.abort();
    expect(documentDeadline(req).signal.aborted).toBe(true);
  });

  it("once ended, neither the timer nor the browser aborts it", () => {
    const { browser, request: req } = request();
    const deadline = documentDeadline(req);
    deadline.end();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(DOCUMENT_DEADLINE_MS * 2);
    browser.abort();
    expect(deadline.signal.aborted).toBe(false);
  });
});

/** A part of the page that never resolves (what a lazy component or data whose promise never settles is). */
function Never(): ReactNode {
  throw new Promise(() => {});
}

/** Reads the stream to its end, noting whether it ended; the text so far either way. */
function drain(stream: ReadableStream<Uint8Array>) {
  const state = { ended: false, html: "" };
  const decoder = new TextDecoder();
  void (async () => {
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
      state.html += decoder.decode(chunk, { stream: true });
    }
    state.ended = true;
  })();
  return state;
}

describe("a document with a part that never resolves", () => {
  const page = h(
    "html",
    null,
    h("body", null, h("main", null, h("h1", null, "Kelionė"), h(Suspense, { fallback: h("p", null, "…") }, h(Never)))),
  );

  it("ends its stream at the deadline, the page whole but for that part", async () => {
    const deadline = documentDeadline(request().request);
    const warnings: unknown[] = [];
    const stream = await renderToReadableStream(page, {
      signal: deadline.signal,
      onError: (error) => void warnings.push(error),
    });
    const read = drain(stream);
    await vi.advanceTimersByTimeAsync(DOCUMENT_DEADLINE_MS - 1);
    expect(read.ended).toBe(false);
    expect(read.html).toContain("<h1>Kelionė</h1>");
    await vi.advanceTimersByTimeAsync(1);
    expect(read.ended).toBe(true);
    expect(read.html).toContain("</html>");
    expect(warnings).toEqual([expect.any(DocumentDeadlineError)]);
  });

  it("without a deadline (the request's own signal, as before) its stream never ends", async () => {
    const stream = await renderToReadableStream(page, { signal: request().request.signal });
    const read = drain(stream);
    await vi.advanceTimersByTimeAsync(DOCUMENT_DEADLINE_MS * 10);
    expect(read.ended).toBe(false);
  });
});
