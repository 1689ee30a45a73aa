// Nothing but the lifecycle's transition function writes a booking's status or its deposit's state (docs/decisions/034):
// reads every module under app/ and fails, naming the file and the line, on a `.update(bookings)…set({ status: … })`
// (or `depositStatus`, `depositKept`) or an `update bookings set … status =` (`deposit_status`, `deposit_kept`)
// anywhere else. A static check, as app/layering.test.ts is.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const APP = path.join(ROOT, "app");
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

/** The one module allowed to write `bookings.status` and the deposit's state. */
const TRANSITION_FUNCTION = "app/bookings/booking-transition.server.ts";

/** The columns a write is looked for, by their TypeScript and their SQL names. */
const STATUS = { field: "status", column: "status" };
const DEPOSIT = [
  { field: "depositStatus", column: "deposit_status" },
  { field: "depositKept", column: "deposit_kept" },
];

function modulesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const lineOf = (source: string, index: number) => source.slice(0, index).split("\n").length;

/** Where a source writes one of these columns of `bookings`: through Drizzle's update builder or in raw SQL. */
function writesOf(source: string, columns: { field: string; column: string }[]): number[] {
  const lines: number[] = [];
  for (const { field, column } of columns) {
    // `.update(bookings)` up to the end of its statement: the field's key in what it sets.
    for (const match of source.matchAll(/\.update\(\s*bookings\s*\)/g)) {
      const rest = source.slice(match.index);
      const end = rest.search(/\.where\(|;\s*$/m);
      const statement = end === -1 ? rest : rest.slice(0, end);
      const key =
        new RegExp(`[\\s{,]${field}\\s*:`).exec(statement) ?? new RegExp(`\\bset\\.${field}\\s*=`).exec(statement);
      if (key) lines.push(lineOf(source, match.index + key.index));
    }
    // A `set` object built apart from the builder and handed to it.
    for (const match of source.matchAll(
      new RegExp(`\\bset\\.${field}\\s*=|\\bset\\[\\s*["']${field}["']\\s*\\]\\s*=`, "g"),
    )) {
      lines.push(lineOf(source, match.index));
    }
    for (const match of source.matchAll(new RegExp(`update\\s+bookings\\s+set\\b[^;\`]*?\\b${column}\\s*=`, "gi"))) {
      lines.push(lineOf(source, match.index));
    }
  }
  return [...new Set(lines)].sort((a, b) => a - b);
}

const statusWrites = (source: string) => writesOf(source, [STATUS]);
const depositWrites = (source: string) => writesOf(source, DEPOSIT);

const sources = modulesUnder(APP).map((file) => [relative(file), fs.readFileSync(file, "utf8")] as const);
const writersBy = (find: (source: string) => number[]) =>
  new Map(sources.map(([file, source]) => [file, find(source)] as const).filter(([, lines]) => lines.length > 0));
const writers = writersBy(statusWrites);
const depositWriters = writersBy(depositWrites);

describe.each([
  { what: "status", found: writers },
  { what: "deposit state", found: depositWriters },
])("who writes a booking's $what", ({ found }) => {
  it("only the transition function (a payment event's move too: bookings/booking-payments.server.ts)", () => {
    const stray = [...found.entries()]
      .filter(([file]) => file !== TRANSITION_FUNCTION)
      .map(([file, lines]) => `${file}:${lines.join(",")}`);
    expect(stray).toEqual([]);
  });

  it("sees the transition function's own write, so it is not blind", () => {
    expect(found.get(TRANSITION_FUNCTION)?.length).toBeGreaterThan(0);
  });
});

describe("a booking's status written", () => {
  it("finds a write in each shape a module could use", () => {
    expect(statusWrites(`db.update(bookings).set({ status: "cancelled", updatedAt: now }).where(x)`)).toEqual([1]);
    expect(
      statusWrites(`db\n  .update(bookings)\n  .set({\n    paymentStatus: "x",\n    status: sql\`y\`,\n  })`),
    ).toEqual([5]);
    expect(statusWrites("db.run(sql`update bookings set cancel_reason = 'x', status = 'cancelled'`)")).toEqual([1]);
    expect(statusWrites(`const set = {}; set.status = row.to; db.update(bookings).set(set)`)).toEqual([1]);
    // Not a status: the payment's or the deposit's, or a status in a where clause, or another table's.
    expect(
      statusWrites(`db.update(bookings).set({ paymentStatus: "captured" }).where(eq(bookings.status, "x"))`),
    ).toEqual([]);
    expect(statusWrites(`db.update(damageClaims).set({ status: "disputed" })`)).toEqual([]);
  });
});

describe("a booking's deposit state written", () => {
  it("finds a write in each shape a module could use", () => {
    expect(depositWrites(`db.update(bookings).set({ depositStatus: "claimed", updatedAt: now }).where(x)`)).toEqual([
      1,
    ]);
    expect(
      depositWrites(`db\n  .update(bookings)\n  .set({\n    paymentStatus: "x",\n    depositKept: split.kept,\n  })`),
    ).toEqual([5]);
    expect(depositWrites("db.run(sql`update bookings set deposit_status = 'returned' where id = ${id}`)")).toEqual([1]);
    expect(depositWrites("db.run(sql`update bookings set updated_at = 1, deposit_kept = 0`)")).toEqual([1]);
    expect(depositWrites(`const set = {}; set.depositStatus = split.status; db.update(bookings).set(set)`)).toEqual([
      1,
    ]);
    expect(depositWrites(`set["depositKept"] = 0`)).toEqual([1]);
    // Not a write: a read of it, a condition on it, the booking's status alone.
    expect(depositWrites(`db.select({ depositStatus: bookings.depositStatus }).from(bookings)`)).toEqual([]);
    expect(
      depositWrites(`db.update(bookings).set({ status: "completed" }).where(eq(bookings.depositStatus, "held"))`),
    ).toEqual([]);
    expect(depositWrites("sql`select 1 from bookings b where b.deposit_status = 'claimed'`")).toEqual([]);
  });
});
