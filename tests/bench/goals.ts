// The goals of decision 005 as one table: each stage of the bench returns its goal rows (name, measured, target,
// unit, pass), and the table prints them beside the figure of the baseline run (tests/bench/baseline-33.json: the
// app before issue 33's work), so every goal shows before | after | target | pass. `--strict` fails on any miss.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

/** The figures each goal had before issue 33's work (the app at b5a62ed), printed as "before"; --save-baseline adds to it. */
export const BASELINE_FILE = resolve("tests/bench/baseline-33.json");

export interface GoalRow {
  /** Unique across the bench and `npm run load`: the baseline is keyed by it. */
  goal: string;
  measured: number | null;
  target: number;
  /** "≤": measured must not exceed target; "≥": must reach it. */
  compare: "≤" | "≥";
  unit: string;
  pass: boolean;
  /** What was measured beside the figure (TTFB, the requests at the proxy…), shown after it. */
  note?: string;
}

export function goalAtMost(goal: string, measured: number | null, target: number, unit: string, note?: string) {
  const row: GoalRow = { goal, measured, target, compare: "≤", unit, pass: measured !== null && measured <= target };
  return note === undefined ? row : { ...row, note };
}

export function goalAtLeast(goal: string, measured: number | null, target: number, unit: string, note?: string) {
  const row: GoalRow = { goal, measured, target, compare: "≥", unit, pass: measured !== null && measured >= target };
  return note === undefined ? row : { ...row, note };
}

export interface Baseline {
  /** The commit the baseline run measured, the command, and when. */
  commit: string;
  command: string;
  at: string;
  goals: Record<string, number | null>;
}

export function readBaseline(file: string): Baseline | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Baseline;
  } catch {
    return undefined;
  }
}

/** The baseline with these rows' figures put in (others kept: the bench and `npm run load` share one file). */
export function withFigures(baseline: Baseline | undefined, rows: GoalRow[], meta: Omit<Baseline, "goals">): Baseline {
  const goals = { ...baseline?.goals };
  for (const row of rows) goals[row.goal] = row.measured;
  return { ...meta, goals };
}

export function writeBaseline(file: string, baseline: Baseline) {
  writeFileSync(file, JSON.stringify(baseline, null, 2) + "\n");
}

export const missedGoals = (rows: GoalRow[]) => rows.filter((row) => !row.pass).map((row) => row.goal);

/** A figure with its unit, at most one decimal ("1 trip", "12.4 ms", "98.1 KB"). */
export function formatFigure(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined) return "n/a";
  const digits = Number.isInteger(value) || Math.abs(value) >= 1000 ? 0 : 1;
  return `${value.toFixed(digits)} ${unit}`.trim();
}

export function goalTable(rows: GoalRow[], baseline: Baseline | undefined): string {
  const cells = rows.map((row) => [
    row.goal,
    formatFigure(baseline?.goals[row.goal], row.unit),
    formatFigure(row.measured, row.unit),
    `${row.compare} ${formatFigure(row.target, row.unit)}`,
    row.pass ? "PASS" : "FAIL",
    row.note ?? "",
  ]);
  const header = ["goal", "before", "after", "target", "pass", ""];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    `  ${c
      .map((cell, i) => (i === 0 || i >= 4 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd()}`;
  const out = [line(header), `  ${"-".repeat(widths.slice(0, 5).reduce((a, b) => a + b + 2, 0))}`];
  for (const c of cells) out.push(line(c));
  const missed = rows.filter((row) => !row.pass).length;
  out.push(
    `\n  ${rows.length - missed}/${rows.length} goals met` +
      (baseline ? ` (before: ${baseline.commit}, ${baseline.at.slice(0, 10)})` : " (no baseline file)"),
  );
  return out.join("\n");
}
