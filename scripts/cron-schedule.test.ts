import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextRun, parseCron, readCrons, startCronRunner } from "./cron-schedule";

const at = (iso: string) => new Date(iso);
const next = (cron: string, after: string) => nextRun(parseCron(cron), at(after)).toISOString();

describe("readCrons", () => {
  it("reads the local Worker's [triggers] crons from wrangler.toml, not production's", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    expect(readCrons(toml)).toEqual(["*/10 * * * *"]);
    expect(
      readCrons(`name = "x"
[triggers] # the local one
crons = ["0 3 * * *", "*/5 * * * *"]
[env.production.triggers]
crons = ["* * * * *"]`),
    ).toEqual(["0 3 * * *", "*/5 * * * *"]);
    expect(readCrons(`[env.production.triggers]\ncrons = ["* * * * *"]`)).toEqual([]);
  });
});

describe("nextRun (UTC, as Cloudflare)", () => {
  it("steps, lists, ranges and names", () => {
    expect(next("*/10 * * * *", "2026-03-01T10:00:00Z")).toBe("2026-03-01T10:10:00.000Z");
    expect(next("*/10 * * * *", "2026-03-01T10:09:59Z")).toBe("2026-03-01T10:10:00.000Z");
    expect(next("*/10 * * * *", "2026-03-01T23:55:00Z")).toBe("2026-03-02T00:00:00.000Z");
    expect(next("5/15 * * * *", "2026-03-01T10:21:00Z")).toBe("2026-03-01T10:35:00.000Z");
    expect(next("0 3,15 * * *", "2026-03-01T04:00:00Z")).toBe("2026-03-01T15:00:00.000Z");
    expect(next("30 9-17/4 * * *", "2026-03-01T14:00:00Z")).toBe("2026-03-01T17:30:00.000Z");
    expect(next("0 0 1 JAN *", "2026-03-01T00:00:00Z")).toBe("2027-01-01T00:00:00.000Z");
    // 1 March 2026 is a Sunday; MON-FRI skips to Monday, and 7 is Sunday as 0 is.
    expect(next("0 8 * * MON-FRI", "2026-03-01T09:00:00Z")).toBe("2026-03-02T08:00:00.000Z");
    expect(next("0 8 * * 7", "2026-03-02T09:00:00Z")).toBe("2026-03-08T08:00:00.000Z");
    // Day of month and day of week both restricted: either one.
    expect(next("0 0 13 * FRI", "2026-03-01T00:00:00Z")).toBe("2026-03-06T00:00:00.000Z");
    expect(next("0 0 29 2 *", "2026-03-01T00:00:00Z")).toBe("2028-02-29T00:00:00.000Z");
  });

  it.each(["* * * *", "61 * * * *", "*/0 * * * *", "0 0 * * FUNDAY", "5-1 * * * *", "0 0 L * *", "0 0 30 2 *"])(
    "refuses %j",
    (cron) => {
      expect(() => nextRun(parseCron(cron), at("2026-03-01T00:00:00Z"))).toThrow(/Cron "/);
    },
  );
});

describe("startCronRunner", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fires each cron at its times, counting the next from when a run ends, until stopped", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(at("2026-03-01T10:03:30Z"));
    const fired: string[] = [];
    const runner = startCronRunner(["*/10 * * * *"], async (cron) => {
      fired.push(`${cron} @ ${new Date().toISOString()}`);
    });
    await vi.advanceTimersByTimeAsync(6 * 60_000 + 29_000);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fired).toEqual(["*/10 * * * * @ 2026-03-01T10:10:00.000Z"]);
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(fired.slice(1)).toEqual([
      "*/10 * * * * @ 2026-03-01T10:20:00.000Z",
      "*/10 * * * * @ 2026-03-01T10:30:00.000Z",
    ]);
    runner.stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(fired).toHaveLength(3);
  });

  it("a failed run is reported and the schedule goes on", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(at("2026-03-01T10:09:00Z"));
    let calls = 0;
    const runner = startCronRunner(["*/10 * * * *"], async () => {
      calls += 1;
      if (calls === 1) throw new Error("Worker not answering");
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(vi.mocked(console.error)).toHaveBeenCalledWith("scheduled run (*/10 * * * *) failed:", expect.any(Error));
    vi.mocked(console.error).mockClear();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toBe(2);
    runner.stop();
  });
});
