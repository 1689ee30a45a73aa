// The layering of docs/decisions/021, as a test: reads every module under app/ and db/ and the seed's (scripts/seed.ts,
// scripts/seed/), resolves its `~/`, `#db/` and relative imports (type-only and dynamic ones too), and fails on an import
// that breaks a rule, naming the file and the import.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const APP = path.join(ROOT, "app");
const DB = path.join(ROOT, "db");
const SEED = path.join(ROOT, "scripts", "seed");
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

function modulesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : modulesUnder(file);
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
 * (root.tsx, db.server.ts, …) on its own; anything under db/ is "db", the seed (scripts/seed.ts, scripts/seed/) "seed".
 */
function areaOf(file: string): string {
  if (file.startsWith(APP + path.sep)) return path.relative(APP, file).split(path.sep)[0]!;
  if (file.startsWith(SEED + path.sep) || file === SEED + ".ts") return "seed";
  if (file.startsWith(DB + path.sep)) return "db";
  return "outside";
}

/** What every area may use: the ground floor (db/), small helpers, the request's database, env and translator. */
const GROUND = new Set([
  "db",
  "utils",
  "db.server.ts",
  "db-batching.server.ts",
  "env.server.ts",
  "i18n.ts",
  "i18n.server.ts",
  "i18n",
  "locales",
]);

/**
 * The areas of docs/decisions/021 and what each may import besides the ground: bottom first, each only below itself.
 * A new area, or a new arrow between two, is a line here and in the decision record.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  email: [],
  realtime: [],
  photos: [],
  places: [],
  notifications: [],
  reviews: [],
  styles: [],
  types: [],
  accounts: ["email", "photos"],
  cars: ["accounts", "photos", "places", "reviews"],
  search: ["accounts", "cars"],
  pricing: ["cars"],
  // Money runs one way (docs/decisions/034): the bookings' effects runner calls down into payments, which import
  // nothing of bookings, claims or trips, directly or through another module (the test below says so).
  payments: ["pricing"],
  profiles: ["accounts", "cars", "photos"],
  bookings: ["accounts", "cars", "email", "payments", "places", "pricing", "profiles", "reviews"],
  claims: ["bookings", "cars", "payments", "photos", "pricing"],
  trips: ["accounts", "bookings", "claims", "payments", "photos"],
  payouts: ["bookings", "payments", "pricing", "profiles"],
  messages: ["accounts", "cars", "profiles", "realtime"],
  information: ["accounts", "bookings"],
  admin: ["accounts", "bookings", "cars", "claims", "payments", "payouts", "pricing", "profiles"],
  dashboard: ["bookings", "cars", "notifications", "profiles", "search"],
  "edge-cache.server.ts": ["cars"],
  "jobs.server.ts": ["accounts", "bookings", "cars", "payments", "payouts", "search", "trips"],
};

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

const modules = [...modulesUnder(APP), ...modulesUnder(SEED), SEED + ".ts"];
const all = modules.flatMap(importsOf);
const imports = all.filter((i): i is Import => i.to !== "unresolved");
const dbModules = modulesUnder(DB);
const dbAll = dbModules.flatMap(importsOf);
const dbImports = dbAll.filter((i): i is Import => i.to !== "unresolved");

const offending = (rule: (i: Import) => boolean, list = imports) => list.filter(rule).map(show);

/** Every module a module imports, directly or through others (app/ and db/). */
const importedBy = new Map<string, string[]>();
for (const i of [...imports, ...dbImports]) importedBy.set(i.from, [...(importedBy.get(i.from) ?? []), i.to]);
function reach(file: string): Set<string> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    for (const next of importedBy.get(queue.pop()!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/**
 * The three call paths docs/decisions/034 names (2026-11-29), each as its calls, caller → callee, in the order they
 * happen: the area asks the lifecycle's table and applies a row, the effects runner moves the money through payments,
 * and nothing climbs back. Paths under app/.
 */
const CALL_PATHS: Record<string, [string, string][]> = {
  "a host's confirm": [
    ["routes/_bookings+/bookings.tsx", "bookings/booking-actions.server.ts"],
    ["bookings/booking-actions.server.ts", "bookings/booking-rules.ts"],
    ["bookings/booking-rules.ts", "bookings/booking-lifecycle.ts"],
    ["bookings/booking-actions.server.ts", "bookings/booking-transition.server.ts"],
    ["bookings/booking-actions.server.ts", "bookings/booking-effects.server.ts"],
    ["bookings/booking-effects.server.ts", "payments/gateway.server.ts"],
    ["bookings/booking-effects.server.ts", "payments/capture-answer.ts"],
    ["bookings/booking-effects.server.ts", "bookings/booking-transition.server.ts"],
    ["bookings/booking-effects.server.ts", "payments/settle.server.ts"],
    ["bookings/booking-effects.server.ts", "bookings/booking-notices.server.ts"],
  ],
  "the scheduled job": [
    // The Worker's `scheduled` reaches the jobs through the build's entry module, which re-exports them.
    ["worker.ts", "entry.server.tsx"],
    ["entry.server.tsx", "jobs.server.ts"],
    ["jobs.server.ts", "bookings/booking-expiry.server.ts"],
    ["bookings/booking-expiry.server.ts", "bookings/booking-transition.server.ts"],
    ["bookings/booking-expiry.server.ts", "bookings/booking-effects.server.ts"],
    ["jobs.server.ts", "trips/trip-jobs.server.ts"],
    ["trips/trip-jobs.server.ts", "bookings/booking-transition.server.ts"],
    ["trips/trip-jobs.server.ts", "bookings/booking-effects.server.ts"],
    ["trips/trip-jobs.server.ts", "claims/damage-claims.server.ts"],
    ["claims/damage-claims.server.ts", "bookings/booking-transition.server.ts"],
    ["claims/damage-claims.server.ts", "bookings/booking-effects.server.ts"],
    ["bookings/booking-effects.server.ts", "payments/gateway.server.ts"],
    ["bookings/booking-effects.server.ts", "payments/settle.server.ts"],
    ["bookings/booking-effects.server.ts", "payments/refunds.server.ts"],
    ["trips/trip-jobs.server.ts", "payments/refunds.server.ts"],
    ["trips/trip-jobs.server.ts", "bookings/booking-notices.server.ts"],
    ["jobs.server.ts", "payouts/payouts.server.ts"],
  ],
  "an admin's claim decision": [
    ["routes/_admin+/admin.claims.$claimId.tsx", "admin/claims.server.ts"],
    ["admin/claims.server.ts", "admin/audit.server.ts"],
    ["admin/claims.server.ts", "claims/damage-claims.server.ts"],
    ["claims/damage-claims.server.ts", "bookings/booking-lifecycle.ts"],
    ["claims/damage-claims.server.ts", "bookings/booking-transition.server.ts"],
    ["bookings/booking-transition.server.ts", "payments/refunds.server.ts"],
    ["claims/damage-claims.server.ts", "bookings/booking-effects.server.ts"],
    ["bookings/booking-effects.server.ts", "payments/refunds.server.ts"],
    ["bookings/booking-effects.server.ts", "bookings/booking-notices.server.ts"],
  ],
};

describe("layering (docs/decisions/021)", () => {
  it("resolves every import of the app's own modules, so no rule below goes blind", () => {
    expect(modules.length).toBeGreaterThan(100);
    expect(imports.length).toBeGreaterThan(500);
    expect(dbModules.length).toBeGreaterThan(5);
    expect(
      [...all, ...dbAll].filter((i) => i.to === "unresolved").map((i) => `${relative(i.from)}: "${i.specifier}"`),
    ).toEqual([]);
  });

  it("lets each area import only the areas below it that docs/decisions/021 names", () => {
    expect(
      offending((i) => {
        const [from, to] = [areaOf(i.from), areaOf(i.to)];
        if (from === to || GROUND.has(to)) return false;
        // The seed is on top, a tool for this machine: any area's module, never a page's.
        if (from === "seed") return isRoute(i.to) || isComponent(i.to) || to === "outside";
        if (GROUND.has(from)) return true;
        // Components, routes and the entry points: the rules below.
        if (!(from in MAY_IMPORT)) return false;
        return !MAY_IMPORT[from]!.includes(to);
      }),
    ).toEqual([]);
  });

  it("names every folder and module of app/ in the table, so a new area is placed before it grows", () => {
    const placed = new Set([...GROUND, ...Object.keys(MAY_IMPORT), "components", "routes"]);
    const entries = [
      "root.tsx",
      "routes.ts",
      "entry.server.tsx",
      "entry.client.tsx",
      "i18n.client.ts",
      "worker.ts",
      "load-context.ts",
    ];
    const unplaced = [...new Set(modules.map(areaOf))].filter(
      (a) => a !== "seed" && !placed.has(a) && !entries.includes(a),
    );
    expect(unplaced).toEqual([]);
  });

  it("keeps the seed on top: nothing in app/ or db/ imports it", () => {
    expect(offending((i) => areaOf(i.from) !== "seed" && areaOf(i.to) === "seed", [...imports, ...dbImports])).toEqual(
      [],
    );
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

  it("keeps db/ (the schema, its enums, migrations and the local libSQL server) from importing anything above it", () => {
    expect(offending((i) => areaOf(i.to) !== "db", dbImports)).toEqual([]);
  });

  it("lets money run one way: nothing payments/ imports, directly or through others, is of bookings, claims or trips", () => {
    const above = new Set(["bookings", "claims", "trips", "payouts", "admin", "routes", "components"]);
    const climbing = modules
      .filter((file) => areaOf(file) === "payments")
      .flatMap((file) =>
        [...reach(file)].filter((to) => above.has(areaOf(to))).map((to) => `${relative(file)} → ${relative(to)}`),
      );
    expect(climbing).toEqual([]);
  });

  it.each(Object.entries(CALL_PATHS))(
    "goes one way down %s: each call is an import, none reaches back up",
    (_, calls) => {
      const problems = calls.flatMap(([caller, callee]) => {
        const [from, to] = [path.join(APP, caller), path.join(APP, callee)];
        if (!fs.existsSync(from) || !fs.existsSync(to)) return [`${caller} → ${callee}: no such module`];
        if (!importedBy.get(from)?.includes(to)) return [`${caller} does not import ${callee}`];
        // A call into another area: the callee, and all it imports, stay out of the caller's area.
        if (areaOf(from) === areaOf(to)) return [];
        const back = [...reach(to), to].filter((file) => areaOf(file) === areaOf(from));
        return back.map((file) => `${callee} reaches back into ${relative(file)}`);
      });
      expect(problems).toEqual([]);
    },
  );

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
