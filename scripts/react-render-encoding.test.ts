import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createElement as h, lazy, Suspense, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { encodeOncePerFlush, reactRenderEncoding } from "./react-render-encoding";

type Renderer = {
  renderToReadableStream(
    children: ReactNode,
    options?: { bootstrapScriptContent?: string; onError?: (error: unknown) => void },
  ): Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }>;
};

// The installed renderer's production build, as the Worker's build reads it.
const require = createRequire(import.meta.url);
const file = join(
  dirname(require.resolve("react-dom/package.json")),
  "cjs",
  "react-dom-server.browser.production.min.js",
);
const installed = readFileSync(file, "utf8");

/** The CommonJS module evaluated from its source, with the app's React. */
function load(source: string): Renderer {
  const module = { exports: {} as Renderer };
  new Function("module", "exports", "require", source)(module, module.exports, require);
  return module.exports;
}

/** Each chunk the stream gives, decoded, and all of them joined. */
async function render(renderer: Renderer, tree: ReactNode) {
  const stream = await renderer.renderToReadableStream(tree, { bootstrapScriptContent: "window.ready = 1" });
  const decoder = new TextDecoder();
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return { chunks, html: chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join("") + decoder.decode() };
}

/** Lithuanian and beyond, long text, attributes to escape, and a part that arrives later through Suspense. */
function page(): ReactNode {
  const Later = lazy(
    () =>
      new Promise<{ default: () => ReactNode }>((resolve) =>
        setTimeout(() => resolve({ default: () => h("p", { title: 'Kaina "nuo" 45 €' }, "Vėliau: žąsų 🚗") }), 5),
      ),
  );
  const cards = Array.from({ length: 60 }, (_, i) =>
    h(
      "li",
      { key: i, className: "rounded-2xl border", "data-n": i },
      `Automobilis Nr. ${i}: ąčęėįšųūž — ${"x".repeat(i * 17)}`,
    ),
  );
  return h(
    "html",
    { lang: "lt" },
    h(
      "body",
      null,
      h("ul", null, cards),
      h(Suspense, { fallback: h("span", null, "Kraunama…") }, h(Later)),
      "😀".repeat(300),
    ),
  );
}

describe("react-dom's server renderer, encoding once per flush", () => {
  it("streams the same bytes as React's own writer, a Suspense boundary's late part included, in fewer chunks", async () => {
    const before = await render(load(installed), page());
    const after = await render(load(encodeOncePerFlush(installed)), page());
    expect(after.html).toBe(before.html);
    expect(Buffer.concat(after.chunks)).toEqual(Buffer.concat(before.chunks));
    // The late part came in a flush of its own, after the shell: streaming still streams.
    expect(after.chunks.length).toBeGreaterThan(1);
    expect(after.chunks.length).toBeLessThan(before.chunks.length);
    expect(after.html).toContain("Vėliau: žąsų 🚗");
    expect(after.html).toContain("Kraunama…");
  });

  it("fails the build when React's writer is no longer the one it replaces", () => {
    expect(() => encodeOncePerFlush(installed.replace("function ba(a){", "function ba(a,b){"))).toThrow(
      /completeWriting/,
    );
    expect(() => encodeOncePerFlush(installed.replace("l=new Uint8Array(512);n=0;", ""))).toThrow(/expects 2/);
  });

  it("changes that one file, in the Worker's build only", () => {
    const plugin = reactRenderEncoding();
    const transform = plugin.transform as (code: string, id: string, options?: { ssr?: boolean }) => unknown;
    expect(transform(installed, file, { ssr: true })).toMatchObject({ code: encodeOncePerFlush(installed) });
    expect(transform(installed, file, { ssr: false })).toBeNull();
    expect(transform("x", `\0${file}?commonjs-exports`, { ssr: true })).toBeNull();
    expect(transform("x", file.replace("production.min", "development"), { ssr: true })).toBeNull();
  });
});
