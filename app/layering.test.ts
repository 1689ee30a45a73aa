// The layering of docs/decisions/021, as a test: reads every module under app/, resolves its `~/`, `#db/` and relative
// imports (type-only and dynamic ones too), and fails on an import that breaks a rule, naming the file and the import.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const APP = path.join(ROOT, "app");
const DB = path.join(ROOT, "db");
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

function modulesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The file an import names, null for a package, "unresolved" for a path that names no file. */
function resolveImport(from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  let base: string;
  if (bare.startsWith("~/")) base = path.join(APP, bare.slice(2));
  else if (bare.startsWith("#db/")) base = path.join(DB, bare.slice(4));
  else if (bare.startsWith(".")) base = path.resolve(path.dirname(from), bare);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return "unresolved";
}

interface Import {
  from: string;
  to: string;
  specifier: string;
}

function importsOf(file: string): (Import | { from: string; specifier: string; to: "unresolved" })[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    const to = resolveImport(file, fileName);
    return to === null ? [] : [{ from: file, to, specifier: fileName }];
  });
}

/**
 * The unit of the rules: the first folder under app/ (bookings, components, routes, …), or a module at app/'s top
 * (root.tsx, db.server.ts, …) on its own; anything under db/ is "db".
 */
function areaOf(file: string): string {
  if (!file.startsWith(APP + path.sep)) return "db";
  return path.relative(APP, file).split(path.sep)[0]!;
}

/** The route layer: app/routes/** and the root route. */
const isRoute = (file: string) => areaOf(file) === "routes" || relative(file) === "app/root.tsx";
const isComponent = (file: string) => areaOf(file) === "components";
/** Entry points run by the platform, above everything: nothing imports them but each other. */
const isEntry = (file: string) =>
  ["app/entry.server.tsx", "app/entry.client.tsx", "app/worker.ts"].includes(relative(file));

const show = (i: Import) => `${relative(i.from)} imports ${relative(i.to)} ("${i.specifier}")`;

/** The strongly connected groups of more than one area, each with one cycle spelt out import by import. */
function areaCycles(imports: Import[]): string[] {
  const edges = new Map<string, Map<string, Import>>();
  for (const i of imports) {
    const [a, b] = [areaOf(i.from), areaOf(i.to)];
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    if (!edges.get(a)!.has(b)) edges.get(a)!.set(b, i);
  }
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])].sort();
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of [...(edges.get(v)?.keys() ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);

  return groups.map((group) => {
    // The shortest way from the group's first area back to itself, inside the group.
    const start = group[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    let last: string | undefined;
    while (queue.length > 0 && last === undefined) {
      const v = queue.shift()!;
      for (const w of [...(edges.get(v)?.keys() ?? [])].sort()) {
        if (!group.includes(w)) continue;
        if (w === start) {
          last = v;
          break;
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    const path = [start];
    for (let v = last!; v !== start; v = previous.get(v)!) path.splice(1, 0, v);
    path.push(start);
    const steps = path.slice(1).map((to, k) => `  ${show(edges.get(path[k]!)!.get(to)!)}`);
    return [`areas import each other: ${path.join(" → ")} (all of: ${group.join(", ")})`, ...steps].join("\n");
  });
}

const modules = modulesUnder(APP);
const all = modules.flatMap(importsOf);
const imports = all.filter((i): i is Import => i.to !== "unresolved");
const dbModules = [...new Set(imports.map((i) => i.to).filter((to) => areaOf(to) === "db"))];
const dbImports = dbModules.flatMap(importsOf).filter((i): i is Import => i.to !== "unresolved");

const offending = (rule: (i: Import) => boolean, list = imports) => list.filter(rule).map(show);

describe("layering (docs/decisions/021)", () => {
  it("resolves every import of the app's own modules, so no rule below goes blind", () => {
    expect(modules.length).toBeGreaterThan(100);
    expect(imports.length).toBeGreaterThan(500);
    expect(all.filter((i) => i.to === "unresolved").map((i) => `${relative(i.from)}: "${i.specifier}"`)).toEqual([]);
  });

  it("has no import cycle between areas", () => {
    expect(areaCycles([...imports, ...dbImports])).toEqual([]);
  });

  it("keeps components from importing routes", () => {
    expect(offending((i) => isComponent(i.from) && isRoute(i.to))).toEqual([]);
  });

  it("keeps area modules from importing components or routes", () => {
    expect(
      offending(
        (i) => !isRoute(i.from) && !isComponent(i.from) && !isEntry(i.from) && (isComponent(i.to) || isRoute(i.to)),
      ),
    ).toEqual([]);
  });

  it("lets nothing outside the routes import a route", () => {
    expect(offending((i) => !isRoute(i.from) && !isEntry(i.from) && isRoute(i.to))).toEqual([]);
  });

  it("keeps db/ (the schema and its enums) from importing the app", () => {
    expect(offending((i) => areaOf(i.to) !== "db", dbImports)).toEqual([]);
  });

  it("finds a planted cycle and names its imports", () => {
    const at = (file: string) => path.join(APP, file);
    const planted = [
      { from: at("payments/a.server.ts"), to: at("bookings/b.server.ts"), specifier: "~/bookings/b.server" },
      { from: at("bookings/c.server.ts"), to: at("payments/d.server.ts"), specifier: "~/payments/d.server" },
      { from: at("bookings/e.ts"), to: at("utils/f.ts"), specifier: "~/utils/f" },
    ];
    expect(areaCycles(planted)).toEqual([
      [
        "areas import each other: bookings → payments → bookings (all of: bookings, payments)",
        '  app/bookings/c.server.ts imports app/payments/d.server.ts ("~/payments/d.server")',
        '  app/payments/a.server.ts imports app/bookings/b.server.ts ("~/bookings/b.server")',
      ].join("\n"),
    ]);
  });
});
