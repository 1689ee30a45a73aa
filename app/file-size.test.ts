// No file under app/ over 450 lines, tests included: a longer one is read in pieces by everyone who opens it. A route
// moves its private parts beside it (`__name.tsx`), a rules module splits by concern, a test by what it covers.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const APP = path.join(ROOT, "app");
const MAX_LINES = 450;

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Lines as an editor numbers them: a final newline ends the last line, it does not start another. */
const lineCount = (text: string) => (text === "" ? 0 : text.replace(/\n$/, "").split("\n").length);

/** Each file over the limit, as "app/… has N lines (over 450)". */
function overLimit(files: { name: string; text: string }[], limit = MAX_LINES): string[] {
  return files
    .map(({ name, text }) => ({ name, lines: lineCount(text) }))
    .filter(({ lines }) => lines > limit)
    .map(({ name, lines }) => `${name} has ${lines} lines (over ${limit})`);
}

describe("file size", () => {
  const files = sourcesUnder(APP).map((file) => ({
    name: path.relative(ROOT, file).split(path.sep).join("/"),
    text: fs.readFileSync(file, "utf8"),
  }));

  it(`keeps every .ts and .tsx file under app/ at ${MAX_LINES} lines or fewer`, () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.some(({ name }) => name.endsWith(".test.ts"))).toBe(true);
    expect(overLimit(files)).toEqual([]);
  });

  it("names each file over the limit, and counts lines as an editor does", () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
    expect(
      overLimit([
        { name: "app/a.ts", text: lines(450) },
        { name: "app/b.tsx", text: lines(451) },
        { name: "app/c.test.ts", text: lines(600).replace(/\n$/, "") },
      ]),
    ).toEqual(["app/b.tsx has 451 lines (over 450)", "app/c.test.ts has 600 lines (over 450)"]);
  });
});
