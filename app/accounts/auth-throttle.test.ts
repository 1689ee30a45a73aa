import { describe, expect, it } from "vitest";
import { ACCOUNT_THROTTLE, accountDelayMs, accountDelaySteps, retryAfterSeconds } from "~/accounts/auth-throttle";

describe("the per-account sign-in delay", () => {
  it("lets five failures through back to back, then waits 30 s, doubling each time, to a cap of 15 minutes", () => {
    const schedule = Array.from({ length: 14 }, (_, failures) => accountDelayMs(failures) / 1000);
    expect(schedule).toEqual([0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900, 900]);
  });

  it("never waits longer than the cap, however many failures, and never turns into a lock", () => {
    for (const failures of [10, 50, 1_000, 1e9, Number.MAX_SAFE_INTEGER]) {
      expect(accountDelayMs(failures)).toBe(ACCOUNT_THROTTLE.maxDelayMs);
    }
    expect(ACCOUNT_THROTTLE.maxDelayMs).toBe(15 * 60_000);
  });

  it("lists the steps below the cap that the database statement spells out", () => {
    expect(accountDelaySteps()).toEqual([
      { failures: 5, delayMs: 30_000 },
      { failures: 6, delayMs: 60_000 },
      { failures: 7, delayMs: 120_000 },
      { failures: 8, delayMs: 240_000 },
      { failures: 9, delayMs: 480_000 },
    ]);
  });

  it("rounds a wait up to whole seconds for Retry-After", () => {
    expect(retryAfterSeconds(30_000)).toBe(30);
    expect(retryAfterSeconds(29_001)).toBe(30);
    expect(retryAfterSeconds(0)).toBe(1);
  });
});
