import { describe, expect, it } from "vitest";
import { LANES, THEN, validate, type RunStep } from "./validate-lanes";

/** A stand-in for npm: records when each script starts and ends, and fails the ones named. */
function fakeNpm(failing: string[] = []) {
  const events: string[] = [];
  const run: RunStep = async (script, { stream }) => {
    events.push(`start ${script}${stream ? " (streamed)" : ""}`);
    await new Promise((resolve) => setTimeout(resolve, script === "lint" ? 20 : 5));
    events.push(`end ${script}`);
    return { code: failing.includes(script) ? 2 : 0, output: `${script} output\n` };
  };
  return { run, events };
}

describe("validate", () => {
  it("runs every check: the lanes side by side, each lane in order, then the suites one by one, streamed", async () => {
    const { run, events } = fakeNpm();
    const printed: string[] = [];
    expect(await validate(run, (text) => printed.push(text))).toBe(0);
    // Both lanes start before either's first step ends.
    expect(events.slice(0, 2)).toEqual(["start lint", "start build"]);
    expect(events.indexOf("start typecheck")).toBeGreaterThan(events.indexOf("end lint"));
    expect(events.indexOf("start worker-size")).toBeGreaterThan(events.indexOf("end build"));
    const lanesEnd = Math.max(events.indexOf("end typecheck"), events.indexOf("end worker-size"));
    expect(events.slice(lanesEnd + 1)).toEqual([
      "start test:unit (streamed)",
      "end test:unit",
      "start test:e2e (streamed)",
      "end test:e2e",
    ]);
    expect(printed).toEqual(["lint output\ntypecheck output\n", "build output\nworker-size output\n"]);
    expect([...LANES.flat(), ...THEN].sort()).toEqual(
      ["build", "lint", "test:e2e", "test:unit", "typecheck", "worker-size"].sort(),
    );
  });

  it("stops a lane at its failed step, prints why, and runs no tests", async () => {
    const { run, events } = fakeNpm(["lint"]);
    const printed: string[] = [];
    expect(await validate(run, (text) => printed.push(text))).toBe(2);
    expect(events).not.toContain("start typecheck");
    expect(events.some((event) => event.startsWith("start test:"))).toBe(false);
    expect(printed[0]).toContain("✗ npm run lint failed");
  });

  it("stops at a failed suite", async () => {
    const { run, events } = fakeNpm(["test:unit"]);
    expect(await validate(run, () => {})).toBe(2);
    expect(events).not.toContain("start test:e2e (streamed)");
  });
});
