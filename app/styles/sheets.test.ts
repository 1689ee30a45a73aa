// public.css is built from the files its `@source` lines name, not from all of app/ (docs/decisions/026). A page
// whose route does not link app.css gets only that sheet, so every module such a page can run — the route, its
// parents, root.tsx, and everything they import, lazily too — must be among those sources; otherwise a class only that
// module uses has no rule on the page, and nothing else would notice. This test follows the imports the browser
// follows (type-only imports and *.server modules never reach it) from each such route and names any module left out.
// The journeys check the other side: tests/e2e/support.ts fails a page showing a class app.css has a rule for and its
// own sheets do not.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const APP = path.join(ROOT, "app");
const STYLES = path.join(APP, "styles");
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

interface RouteEntry {
  id: string;
  file: string;
  children?: RouteEntry[];
}

/** The app's routes as the build sees them (app/routes.ts), each with the files of its parents. */
async function routeChains(): Promise<{ id: string; files: string[] }[]> {
  const { default: config } = (await import("~/routes")) as unknown as { default: Promise<RouteEntry[]> };
  const chains: { id: string; files: string[] }[] = [];
  const walk = (entries: RouteEntry[], parents: string[]) => {
    for (const entry of entries) {
      const files = [...parents, path.join(APP, entry.file)];
      chains.push({ id: entry.id, files });
      walk(entry.children ?? [], files);
    }
  };
  walk(await config, [path.join(APP, "root.tsx")]);
  return chains;
}

/** A resource route answers with data, never a page: what it imports styles nothing. */
const rendersPage = (file: string) => /^export default\b/m.test(fs.readFileSync(file, "utf8"));

const linksAppSheet = (file: string) => /\bappStylesheetLinks\b/.test(fs.readFileSync(file, "utf8"));

function resolveImport(from: string, specifier: string): string | null {
  if (/\?|\.css$/.test(specifier)) return null;
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${relative(from)} imports "${specifier}", which names no file`);
}

const typeOnly = (clause: ts.ImportClause | undefined) =>
  !!clause &&
  (clause.isTypeOnly ||
    (!clause.name &&
      !!clause.namedBindings &&
      ts.isNamedImports(clause.namedBindings) &&
      clause.namedBindings.elements.length > 0 &&
      clause.namedBindings.elements.every((element) => element.isTypeOnly)));

/** What the module imports at run time: static imports and re-exports with a value, and `import()`. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !typeOnly(node.importClause)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.flatMap((specifier) => resolveImport(file, specifier) ?? []);
}

/** Every module the browser can load from these entry modules; `*.server` ones are not sent to it. */
function browserGraph(entries: string[]): Map<string, string> {
  const reachedFrom = new Map<string, string>();
  const queue = entries.map((entry) => [entry, entry] as const);
  while (queue.length > 0) {
    const [file, from] = queue.shift()!;
    if (reachedFrom.has(file) || /\.server\.tsx?$/.test(file)) continue;
    reachedFrom.set(file, from);
    for (const next of runtimeImports(file)) queue.push([next, from]);
  }
  return reachedFrom;
}

/** public.css's `@source` paths, absolute. */
function publicSources(): string[] {
  const css = fs.readFileSync(path.join(STYLES, "public.css"), "utf8");
  return [...css.matchAll(/^@source\s+"([^"]+)";/gm)].map(([, source]) => path.resolve(STYLES, source!));
}

const covers = (source: string, file: string) => file === source || file.startsWith(source + path.sep);

describe("the public stylesheet", () => {
  it("is built from every module a page without app.css can load", async () => {
    const chains = await routeChains();
    const pages = chains.filter((chain) => rendersPage(chain.files.at(-1)!));
    const publicRoutes = pages.filter((chain) => !chain.files.some(linksAppSheet));
    const appRoutes = pages.filter((chain) => chain.files.some(linksAppSheet));
    // The split means something only while both kinds exist; the home page and a dashboard are the obvious ones.
    expect(publicRoutes.map((r) => r.id)).toContain("routes/_index");
    expect(publicRoutes.map((r) => r.id)).toContain("routes/_cars+/car.$id");
    expect(appRoutes.map((r) => r.id)).toContain("routes/_dashboard+/host-dashboard");

    const sources = publicSources();
    const graph = browserGraph([...new Set(publicRoutes.flatMap((route) => route.files))]);
    const missing = [...graph]
      // app/styles/sheets.ts names the sheets; it has no classes of its own.
      .filter(([file]) => !file.startsWith(STYLES + path.sep) && !sources.some((source) => covers(source, file)))
      .map(([file, route]) => `${relative(file)} (from ${relative(route)})`);
    expect(
      missing,
      "modules of pages that load only public.css, missing from its @source lines: add them there, or link app.css from the route (app/styles/sheets.ts)",
    ).toEqual([]);
    // It reads the route tree and the browser's module graph through Vite: 20 s on a quiet machine, more on a busy one.
  }, 120_000);

  it("names only files and folders that exist", () => {
    // Tailwind passes over a source that is not there without a word: a renamed file would quietly lose its rules.
    const absent = publicSources().filter((source) => !fs.existsSync(source));
    expect(absent.map(relative)).toEqual([]);
  });
});
