import { describe, expect, it } from "vitest";
import { deferScripts, withScriptsAfterFirstPaint } from "./scripts-after-paint.server";

const NONCE = "bm9uY2U=";
const MODULE_CODE =
  ';\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/car-B.js";\n' +
  'window.__remixManifest = {"note":"</script> and \u2028 inside"};\nimport("/assets/entry.client-C.js");';
/** The end of a document as Remix's <Scripts> renders it (a car page, shortened). */
const PAGE =
  '<!DOCTYPE html><html lang="lt"><head><link rel="stylesheet" href="/assets/public.css"/></head><body>' +
  '<main><h1>Škoda Octavia</h1><img src="/p.webp" fetchPriority="high"/></main>' +
  '<link rel="modulepreload" href="/assets/entry.client-C.js"/><link rel="modulepreload" href="/assets/framework-D.js"/>' +
  `<script nonce="${NONCE}">window.__remixContext = {"state":{}};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${MODULE_CODE.replace("</script>", "<\\/script>")}</script>` +
  `<script nonce="${NONCE}">window.__remixContext.streamController.close();</script>` +
  // After the module script, letters that a chunk's end can cut in two.
  "<footer>Ačiū, kad važiuojate 🚗</footer></body></html>";

/** The stream's text when the page arrives in a chunk of `size` bytes, then chunks of `rest`. */
async function streamed(page: string, size: number, rest = size) {
  const bytes = new TextEncoder().encode(page);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, size));
      for (let at = size; at < bytes.length; at += rest) controller.enqueue(bytes.slice(at, at + rest));
      controller.close();
    },
  });
  return new Response(withScriptsAfterFirstPaint(body)).text();
}

describe("deferScripts", () => {
  const deferred = deferScripts(PAGE);

  it("keeps every preload's element but fetches nothing with it yet", () => {
    expect(deferred).not.toContain('<link rel="modulepreload"');
    expect(deferred).toContain('<link rel="" data-modulepreload="" href="/assets/entry.client-C.js"/>');
    expect(deferred).toContain('<link rel="" data-modulepreload="" href="/assets/framework-D.js"/>');
  });

  it("turns the module script into a classic one with the same nonce, holding Remix's code as a string", () => {
    expect(deferred).not.toContain('type="module" async=""');
    const script = /<script nonce="bm9uY2U=">(\(function\(\)\{var code=[\s\S]*?)<\/script>/.exec(deferred);
    expect(script).not.toBeNull();
    // The string is the code Remix wrote, and nothing in it can end the script element early.
    const literal = /var code=("(?:[^"\\]|\\.)*")/.exec(script![1]!)![1]!;
    expect(literal).not.toMatch(/<\/script/i);
    expect(JSON.parse(literal)).toBe(MODULE_CODE.replace("</script>", "<\\/script>"));
  });

  it("leaves the rest of the document as it was", () => {
    const outside = (html: string) => html.replace(/<link rel="modulepreload"[\s\S]*<\/script><script/, "");
    expect(outside(PAGE)).toContain("<main><h1>Škoda Octavia</h1>");
    expect(deferred.startsWith(PAGE.slice(0, PAGE.indexOf('<link rel="modulepreload"')))).toBe(true);
    expect(
      deferred.endsWith(
        `<script nonce="${NONCE}">window.__remixContext.streamController.close();</script>` +
          "<footer>Ačiū, kad važiuojate 🚗</footer></body></html>",
      ),
    ).toBe(true);
    expect(deferred).toContain(`<script nonce="${NONCE}">window.__remixContext = {"state":{}};</script>`);
  });

  it("changes nothing when there is no module script", () => {
    const noScript = PAGE.replace(/<script nonce="[^"]+" type="module"[\s\S]*?<\/script>/, "");
    expect(deferScripts(noScript)).toBe(noScript);
  });
});

describe("withScriptsAfterFirstPaint", () => {
  it("rewrites the same way whatever the chunks' boundaries, multi-byte letters split included", async () => {
    const whole = deferScripts(PAGE);
    for (const size of [1, 2, 3, 5, 7, 24, 25, 64, 500, PAGE.length]) expect(await streamed(PAGE, size)).toBe(whole);
    // Every place a chunk can end, for two chunks.
    const length = new TextEncoder().encode(PAGE).length;
    for (let cut = 1; cut < length; cut++) expect(await streamed(PAGE, cut, length - cut)).toBe(whole);
  });

  it("passes the chunks before the first preload and after the module script on as they came, not re-encoded", async () => {
    const bytes = new TextEncoder().encode(PAGE);
    const preload = PAGE.indexOf('<link rel="modulepreload"');
    const first = bytes.slice(0, new TextEncoder().encode(PAGE.slice(0, preload)).length - 3);
    const last = bytes.slice(bytes.length - 20);
    const middle = bytes.slice(first.length, bytes.length - last.length);
    const out: Uint8Array[] = [];
    const reader = withScriptsAfterFirstPaint(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of [first, middle, last]) controller.enqueue(chunk);
          controller.close();
        },
      }),
    ).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) out.push(read.value);
    expect(out[0]!.buffer).toBe(first.buffer);
    expect(out.at(-1)).toBe(last);
    expect(new TextDecoder().decode(joinChunks(out))).toBe(deferScripts(PAGE));
  });

  it("passes a document without Remix's scripts through unchanged", async () => {
    const plain = '<!DOCTYPE html><html><body><p>Ačiū, <link rel="modulep</p></body></html>';
    expect(await streamed(plain, 5)).toBe(plain);
  });
});

function joinChunks(chunks: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}
