// Every document's stream ends, so every page finishes loading (decision 032).
//
// React streams a page: the first screen as soon as it is ready, then each part behind a Suspense boundary when that
// part resolves (a lazily loaded component, the loaders' data for hydration). A browser's `load` event waits for the
// end of that stream, so a part that never resolved would keep the page "loading" for as long as the connection
// stays open: its content on screen, its load event never there. Remix's own Node entry aborts the render after five
// seconds (its ABORT_DELAY); its Cloudflare entry does not abort at all. This is that bound, made explicit and
// tested: after DOCUMENT_DEADLINE_MS the render is aborted, React writes what is still pending as parts the browser
// renders itself (with JavaScript; without it the page is already whole without them) and closes the stream.

/** The longest a document's render may keep its stream open, from the moment it starts. */
export const DOCUMENT_DEADLINE_MS = 10_000;

export class DocumentDeadlineError extends Error {
  constructor(ms: number) {
    super(`The document was not complete after ${ms} ms: its pending parts are left to the browser`);
    this.name = "DocumentDeadlineError";
  }
}

export interface DocumentDeadline {
  /** React's render signal: aborted when the browser goes away (the request's own signal) or the deadline passes. */
  signal: AbortSignal;
  /** Whether the render was cut by the deadline (not by the browser leaving). */
  passed(): boolean;
  /** The render is over, whichever way: the timer and the listener go. */
  end(): void;
}

export function documentDeadline(request: Request, ms = DOCUMENT_DEADLINE_MS): DocumentDeadline {
  const controller = new AbortController();
  const browserLeft = () => controller.abort(request.signal.reason);
  const timer = setTimeout(() => controller.abort(new DocumentDeadlineError(ms)), ms);
  if (request.signal.aborted) browserLeft();
  else request.signal.addEventListener("abort", browserLeft, { once: true });
  return {
    signal: controller.signal,
    passed: () => controller.signal.reason instanceof DocumentDeadlineError,
    end() {
      clearTimeout(timer);
      request.signal.removeEventListener("abort", browserLeft);
    },
  };
}
