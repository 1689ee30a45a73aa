// Nothing but the lifecycle's transition function writes a booking's status (docs/decisions/034): reads every module
// under app/ and fails, naming the file and the line, on a `.update(bookings)…set({ status: … })` or an
// `update bookings set … status =` anywhere else. A static check, as app/layering.test.ts is.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const APP = path.join(ROOT, "app");
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

/** The one module allowed to write `bookings.status`. */
const TRANSITION_FUNCTION = "app/bookings/booking-transition.server.ts";

/**
 * Writers not yet moved onto the table, each with why. The test fails when one of them stops writing a status, so the
 * list only shrinks.
 */
const NOT_YET: Record<string, string> = {
  // Payments may not import bookings (docs/decisions/021), and a payment event's status change is written in the batch
  // that records the event's id; it moves when the charges' reshaping of app/payments lands.
  "app/payments/fulfilment.server.ts": "payment events (checkout_failed, hold_lapsed) are applied inline",
};

function modulesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const lineOf = (source: string, index: number) => source.slice(0, index).split("\n").length;

/** Where a source writes `bookings.status`: through Drizzle's update builder or in raw SQL. */
function statusWrites(source: string): number[] {
  const lines: number[] = [];
  // `.update(bookings)` up to the end of its statement: a `status` key in what it sets.
  for (const match of source.matchAll(/\.update\(\s*bookings\s*\)/g)) {
    const rest = source.slice(match.index);
    const end = rest.search(/\.where\(|;\s*$/m);
    const statement = end === -1 ? rest : rest.slice(0, end);
    const key = /[\s{,]status\s*:/.exec(statement) ?? /\bset\.status\s*=/.exec(statement);
    if (key) lines.push(lineOf(source, match.index + key.index));
  }
  // A `set` object built apart from the builder and handed to it.
  for (const match of source.matchAll(/\bset\.status\s*=|\bset\[\s*["']status["']\s*\]\s*=/g)) {
    lines.push(lineOf(source, match.index));
  }
  for (const match of source.matchAll(/update\s+bookings\s+set\b[^;`]*?\bstatus\s*=/gi)) {
    lines.push(lineOf(source, match.index));
  }
  return [...new Set(lines)].sort((a, b) => a - b);
}

const writers = new Map(
  modulesUnder(APP)
    .map((file) => [relative(file), statusWrites(fs.readFileSync(file, "utf8"))] as const)
    .filter(([, lines]) => lines.length > 0),
);

describe("who writes a booking's status", () => {
  it("only the transition function (and the writers listed as not yet moved)", () => {
    const stray = [...writers.entries()]
      .filter(([file]) => file !== TRANSITION_FUNCTION && !(file in NOT_YET))
      .map(([file, lines]) => `${file}:${lines.join(",")}`);
    expect(stray).toEqual([]);
  });

  it("sees the transition function's own write, so it is not blind", () => {
    expect(writers.get(TRANSITION_FUNCTION)?.length).toBeGreaterThan(0);
  });

  it("lists as not yet moved only modules that still write a status", () => {
    expect(Object.keys(NOT_YET).filter((file) => !writers.has(file))).toEqual([]);
  });

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
