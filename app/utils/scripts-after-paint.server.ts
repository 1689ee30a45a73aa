/**
 * The page's scripts start after its first screen is on it (decision 028).
 *
 * Remix ends the document with `<link rel="modulepreload">` for every module the page hydrates with, then an inline
 * module script that imports them. The browser fetches those at high priority while the stylesheet and the first
 * screen's photo are still on their way, and on a slow phone they share its bandwidth: the photo, and on a repeat
 * visit (scripts cached) even the first paint, wait for 100 KB of JavaScript to arrive and run.
 *
 * This rewrites that part of the HTML stream (once, where it starts; everything else passes through as it comes):
 * - each preload keeps its element (React hydrates the same tags) but with `rel=""` and `data-modulepreload`, so it
 *   fetches nothing yet;
 * - the module script becomes a classic one (same element, same nonce) holding Remix's module code as a string.
 *   After the first contentful paint (the browser's paint timing), and once the page's high-priority photo (the first
 *   screen's, if any) has loaded or failed, or after two seconds at most, it turns the preloads back on and runs the code as an inline module script with
 *   its own nonce, which hydrates the page as before.
 *
 * Until then the page is the server's HTML, which works without JavaScript (every form posts, every link goes).
 */

const PRELOAD = '<link rel="modulepreload"';
const MODULE_SCRIPT = /<script\b([^>]*?)\s+type="module"(?:\s+async="")?>([\s\S]*?)<\/script>/;
/** Past this much markup after the first preload without the module script's end, the page passes as it is. */
const MOST_HELD = 256 * 1024;
/** How long the scripts wait for the first screen's photo at most, in milliseconds. */
export const PHOTO_WAIT_MS = 2000;

/** The classic script that runs Remix's module code later (`code` is its text as a JavaScript string literal). */
const loader = (code: string) =>
  `(function(){var code=${code},me=document.currentScript,started=false;` +
  "function start(){if(started)return;started=true;" +
  'document.querySelectorAll("link[data-modulepreload]").forEach(function(l){l.rel="modulepreload"});' +
  'var s=document.createElement("script");s.type="module";s.nonce=me.nonce;s.textContent=code;' +
  "document.head.appendChild(s);s.remove()}" +
  // After the browser's own first contentful paint (its paint timing entry), or a frame where it has none.
  "function afterPaint(){try{new PerformanceObserver(function(list,observer){" +
  'if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(start,0)}' +
  '}).observe({type:"paint",buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(start,0)})}}' +
  'var photo=document.querySelector("img[fetchpriority=high]");' +
  'if(photo&&!photo.complete){photo.addEventListener("load",afterPaint);photo.addEventListener("error",afterPaint)}' +
  `else afterPaint();setTimeout(start,${PHOTO_WAIT_MS})})()`;

/** A JavaScript string literal of `text` that is safe inside an HTML script element. */
const scriptString = (text: string) =>
  JSON.stringify(text)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * The markup from the first preload to the end of Remix's module script, rewritten as described above; unchanged when
 * there is no module script in it.
 */
export function deferScripts(markup: string): string {
  const module = MODULE_SCRIPT.exec(markup);
  if (!module) return markup;
  const [whole, attributes, code] = module;
  const before = markup.slice(0, module.index).replaceAll(PRELOAD, '<link rel="" data-modulepreload=""');
  return `${before}<script${attributes}>${loader(scriptString(code!))}</script>${markup.slice(module.index + whole.length)}`;
}

const PRELOAD_BYTES = new TextEncoder().encode(PRELOAD);

/** Where `marker` starts in `bytes`, or -1. */
function indexOfBytes(bytes: Uint8Array, marker: Uint8Array): number {
  for (let at = bytes.indexOf(marker[0]!); at >= 0; at = bytes.indexOf(marker[0]!, at + 1)) {
    let i = 1;
    while (i < marker.length && bytes[at + i] === marker[i]) i++;
    if (i === marker.length) return at;
  }
  return -1;
}

/** How many bytes at the end of `bytes` could be the start of `marker` (to hold them for the next chunk). */
function partialMarkerAtEnd(bytes: Uint8Array, marker: Uint8Array) {
  for (let length = Math.min(marker.length - 1, bytes.length); length > 0; length--) {
    let i = 0;
    while (i < length && bytes[bytes.length - length + i] === marker[i]) i++;
    if (i === length) return length;
  }
  return 0;
}

/** Where a UTF-8 sequence that the chunk's end cuts short starts (the chunk's length when none is cut). */
function completeUtf8Length(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: its lead is further back
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

function joined(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  const both = new Uint8Array(first.length + second.length);
  both.set(first);
  both.set(second, first.length);
  return both;
}

/**
 * The HTML stream with its scripts deferred (deferScripts), whatever its chunks' boundaries. Only the part from the
 * first preload to the module script's end is decoded and rewritten; the bytes before and after it pass as they came
 * (the markers are ASCII, which never occurs inside a multi-byte letter), so the Worker does not decode and encode
 * the whole document again (docs/decisions/037-worker-cpu-per-render.md).
 */
export function withScriptsAfterFirstPaint(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let state: "before" | "holding" | "done" = "before";
  /** Before: the end of the last chunk that may begin the first preload. Holding: a letter the chunk cut short. */
  let pending: Uint8Array = new Uint8Array(0);
  let held = "";
  const rewrite = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (state === "done") return controller.enqueue(chunk);
      let bytes = joined(pending, chunk);
      pending = new Uint8Array(0);
      if (state === "before") {
        const start = indexOfBytes(bytes, PRELOAD_BYTES);
        if (start < 0) {
          const keep = partialMarkerAtEnd(bytes, PRELOAD_BYTES);
          if (bytes.length > keep) controller.enqueue(bytes.subarray(0, bytes.length - keep));
          pending = bytes.slice(bytes.length - keep);
          return;
        }
        if (start > 0) controller.enqueue(bytes.subarray(0, start));
        bytes = bytes.subarray(start);
        state = "holding";
      }
      const complete = completeUtf8Length(bytes);
      held += decoder.decode(bytes.subarray(0, complete));
      pending = bytes.slice(complete);
      const module = MODULE_SCRIPT.exec(held);
      if (!module && held.length <= MOST_HELD) return;
      const end = module ? module.index + module[0].length : held.length;
      controller.enqueue(encoder.encode(deferScripts(held.slice(0, end)) + held.slice(end)));
      held = "";
      state = "done";
      if (pending.length > 0) controller.enqueue(pending);
    },
    flush(controller) {
      if (held) controller.enqueue(encoder.encode(held));
      if (state !== "done" && pending.length > 0) controller.enqueue(pending);
    },
  });
  return body.pipeThrough(rewrite);
}
