// The modules the browser can load from a set of entry modules, read from the source as the client build follows it:
// static imports and re-exports with a value, and (when asked) `import()`; type-only imports and `*.server` modules
// never reach the browser. Used by tests that hold a rule about what a page ships (app/styles/sheets.test.ts: the
// public stylesheet's sources; app/first-load.test.ts: what a public page loads before it is interactive).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const APP = path.join(ROOT, "app");
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

export const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

export interface RouteEntry {
  id: string;
  file: string;
  children?: RouteEntry[];
}

/** Each route of the app's route config (app/routes.ts) with its files: root.tsx, its parents', its own. */
export function routeChains(config: RouteEntry[]): { id: string; files: string[] }[] {
  const chains: { id: string; files: string[] }[] = [];
  const walk = (entries: RouteEntry[], parents: string[]) => {
    for (const entry of entries) {
      const files = [...parents, path.join(APP, entry.file)];
      chains.push({ id: entry.id, files });
      walk(entry.children ?? [], files);
    }
  };
  walk(config, [path.join(APP, "root.tsx")]);
  return chains;
}

/** The file an import of the app names; null for a package, a stylesheet or an asset (`?url`). */
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

/** What the module imports at run time: static imports and re-exports with a value, and each `import()`. */
function runtimeImports(file: string): { specifier: string; lazy: boolean }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { specifier: string; lazy: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !typeOnly(node.importClause)) {
      found.push({ specifier: node.moduleSpecifier.text, lazy: false });
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, lazy: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, lazy: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A package's name from an import of it: `@conform-to/react/future` → `@conform-to/react`, `zod/v4` → `zod`. */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

export interface BrowserGraph {
  /** Each module of the app reached, with the entry it was first reached from. */
  modules: Map<string, string>;
  /** Each package imported, with the module of the app that first imported it. */
  packages: Map<string, string>;
}

/**
 * Every module of the app and every package the browser can load from these entry modules: with `lazy`, through
 * `import()` too (all the page may ever run); without, only what loads before the page runs (its first load).
 */
export function browserGraph(entries: string[], { lazy }: { lazy: boolean }): BrowserGraph {
  const modules = new Map<string, string>();
  const packages = new Map<string, string>();
  const queue = entries.map((entry) => [entry, entry] as const);
  while (queue.length > 0) {
    const [file, from] = queue.shift()!;
    if (modules.has(file) || /\.server\.tsx?$/.test(file)) continue;
    modules.set(file, from);
    for (const { specifier, lazy: isLazy } of runtimeImports(file)) {
      if (isLazy && !lazy) continue;
      const next = resolveImport(file, specifier);
      if (next) queue.push([next, from]);
      else if (!/^(\.|~\/|#|node:)|\?|\.css$/.test(specifier) && !packages.has(packageOf(specifier)))
        packages.set(packageOf(specifier), file);
    }
  }
  return { modules, packages };
}
