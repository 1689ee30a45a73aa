import { describe, expect, it } from "vitest";
import { formatFigure, goalAtLeast, goalAtMost, goalTable, missedGoals, withFigures, type Baseline } from "./goals";
import { loadGoals } from "./load";

const META = { commit: "b5a62ed", command: "npm run bench", at: "2026-11-29T23:40:00.000Z" };

describe("goal rows", () => {
  it("passes at the target and fails past it, or when nothing was measured", () => {
    expect(goalAtMost("trips", 1, 1, "trips").pass).toBe(true);
    expect(goalAtMost("trips", 2, 1, "trips").pass).toBe(false);
    expect(goalAtMost("trips", null, 1, "trips").pass).toBe(false);
    expect(goalAtLeast("score", 98, 98, "").pass).toBe(true);
    expect(goalAtLeast("score", 97, 98, "").pass).toBe(false);
  });

  it("names the missed ones", () => {
    expect(missedGoals([goalAtMost("a", 1, 1, "ms"), goalAtMost("b", 11, 10, "ms")])).toEqual(["b"]);
  });
});

describe("goalTable", () => {
  const rows = [
    goalAtMost("round trips: /", 1, 1, "trips", "TTFB 70 → 110 ms"),
    goalAtMost("Worker CPU: /rentals", 31.04, 10, "ms"),
  ];

  it("prints before | after | target | pass for every goal, and the count met", () => {
    const baseline: Baseline = { ...META, goals: { "round trips: /": 3, "Worker CPU: /rentals": 33.2 } };
    const table = goalTable(rows, baseline);
    const [header, , first, second] = table.split("\n");
    expect(header).toMatch(/goal\s+before\s+after\s+target\s+pass/);
    expect(first).toMatch(/round trips: \/\s+3 trips\s+1 trips\s+≤ 1 trips\s+PASS\s+TTFB 70 → 110 ms/);
    expect(second).toMatch(/Worker CPU: \/rentals\s+33\.2 ms\s+31\.0 ms\s+≤ 10 ms\s+FAIL/);
    expect(table).toContain("1/2 goals met (before: b5a62ed, 2026-11-29)");
  });

  it("shows n/a before a goal the baseline did not have, and says when there is no baseline", () => {
    expect(goalTable(rows, { ...META, goals: {} })).toMatch(/round trips: \/\s+n\/a\s+1 trips/);
    expect(goalTable(rows, undefined)).toContain("(no baseline file)");
  });
});

describe("withFigures", () => {
  it("puts this run's figures in and keeps the others (the bench and npm run load share the file)", () => {
    const old: Baseline = { ...META, goals: { "load: errors": 0, "round trips: /": 3 } };
    const next = withFigures(old, [goalAtMost("round trips: /", 2, 1, "trips")], { ...META, commit: "abc" });
    expect(next).toEqual({ ...META, commit: "abc", goals: { "load: errors": 0, "round trips: /": 2 } });
  });
});

describe("formatFigure", () => {
  it("shows whole numbers as they are and others with one decimal (100.6 KB is over 100), above 1,000 rounded", () => {
    expect(formatFigure(100.6, "KB")).toBe("100.6 KB");
    expect(formatFigure(3, "trips")).toBe("3 trips");
    expect(formatFigure(12.345, "ms")).toBe("12.3 ms");
    expect(formatFigure(1017.4, "ms")).toBe("1017 ms");
    expect(formatFigure(null, "ms")).toBe("n/a");
  });
});

describe("loadGoals", () => {
  it("is no errors of any kind, and p99 within the limit on every kind of request", () => {
    const goals = loadGoals(
      [
        { kind: "home", p99: 420.4, requests: 900 },
        { kind: "car page", p99: 2310, requests: 800 },
        { kind: "live search", p99: 0, requests: 0 },
      ],
      1000,
      { errors: 0, timeouts: 2, serverErrors: 1, label: "50 connections, 60 s" },
    );
    expect(goals.map((g) => [g.goal, g.measured, g.pass])).toEqual([
      ["load: errors (connection errors + timeouts + 5xx)", 3, false],
      ["load: p99, home", 420, true],
      ["load: p99, car page", 2310, false],
      ["load: p99, live search", null, false],
    ]);
  });
});
