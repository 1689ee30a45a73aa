// The figures against the targets, as a table for people and the same rows in results.json.

export type Verdict = "PASS" | "FAIL" | "INFO" | "SKIP";

export interface Row {
  section: string;
  what: string;
  measured: string;
  target: string;
  verdict: Verdict;
  /** The raw number behind `measured`, for tools reading results.json. */
  value?: number | null;
}

/** 1 KB = 1,024 bytes, as Lighthouse counts. */
export const KB = 1024;

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
export const ms = (value: number | null) => (value === null ? "n/a" : `${Math.round(value)} ms`);

export function atMost(
  section: string,
  what: string,
  value: number | null,
  limit: number,
  format: (v: number) => string,
): Row {
  return {
    section,
    what,
    measured: value === null ? "n/a" : format(value),
    target: `≤ ${format(limit)}`,
    verdict: value !== null && value <= limit ? "PASS" : "FAIL",
    value,
  };
}

export function atLeast(
  section: string,
  what: string,
  value: number | null,
  limit: number,
  format: (v: number) => string,
): Row {
  return {
    section,
    what,
    measured: value === null ? "n/a" : format(value),
    target: `≥ ${format(limit)}`,
    verdict: value !== null && value >= limit ? "PASS" : "FAIL",
    value,
  };
}

export function info(section: string, what: string, measured: string, value?: number | null): Row {
  return { section, what, measured, target: "", verdict: "INFO", value };
}

export function printTable(rows: Row[]): string {
  const widths = {
    what: Math.max(5, ...rows.map((r) => r.what.length + 2)),
    measured: Math.max(8, ...rows.map((r) => r.measured.length)),
    target: Math.max(6, ...rows.map((r) => r.target.length)),
  };
  const line = (what: string, measured: string, target: string, verdict: string) =>
    `  ${what.padEnd(widths.what)}  ${measured.padStart(widths.measured)}  ${target.padEnd(widths.target)}  ${verdict}`;
  const out: string[] = [line("check", "measured", "target", "result")];
  out.push(`  ${"-".repeat(widths.what + widths.measured + widths.target + 12)}`);
  let section = "";
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      out.push(`  ${section}`);
    }
    out.push(line(`  ${row.what}`, row.measured, row.target, row.verdict === "INFO" ? "" : row.verdict));
  }
  return out.join("\n");
}
