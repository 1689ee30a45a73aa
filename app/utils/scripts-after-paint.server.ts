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

/** How many characters at the end of `text` could be the start of `marker` (to hold them for the next chunk). */
function partialMarkerAtEnd(text: string, marker: string) {
  for (let length = Math.min(marker.length - 1, text.length); length > 0; length--) {
    if (marker.startsWith(text.slice(-length))) return length;
  }
  return 0;
}

/** The HTML stream with its scripts deferred (deferScripts), whatever its chunks' boundaries. */
export function withScriptsAfterFirstPaint(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let state: "before" | "holding" | "done" = "before";
  let held = "";
  const rewrite = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const text = decoder.decode(chunk, { stream: true });
      const emit = (part: string) => {
        if (part) controller.enqueue(encoder.encode(part));
      };
      if (state === "done") return emit(text);
      held += text;
      if (state === "before") {
        const start = held.indexOf(PRELOAD);
        if (start < 0) {
          const keep = partialMarkerAtEnd(held, PRELOAD);
          emit(held.slice(0, held.length - keep));
          held = held.slice(held.length - keep);
          return;
        }
        emit(held.slice(0, start));
        held = held.slice(start);
        state = "holding";
      }
      const module = MODULE_SCRIPT.exec(held);
      if (!module && held.length <= MOST_HELD) return;
      const end = module ? module.index + module[0].length : held.length;
      emit(deferScripts(held.slice(0, end)) + held.slice(end));
      held = "";
      state = "done";
    },
    flush(controller) {
      const rest = held + decoder.decode();
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
  return body.pipeThrough(rewrite);
}
