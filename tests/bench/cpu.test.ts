import { describe, expect, it } from "vitest";
import { cpuTicks, msPerRequest, parseProcStat } from "./cpu";

// A real line's shape: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
const LINE =
  "4242 (workerd) S 4200 4100 4100 0 -1 4194560 51234 0 12 0 1520 345 0 0 20 0 9 0 123456 1234567890 45678 " +
  "18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0";

describe("parseProcStat", () => {
  it("reads the pid, the command, the parent, the process group and utime + stime", () => {
    expect(parseProcStat(LINE)).toEqual({ pid: 4242, comm: "workerd", ppid: 4200, pgrp: 4100, cpuTicks: 1520 + 345 });
  });

  it("counts fields after the last ')', so a command with spaces or parentheses does not shift them", () => {
    const odd = LINE.replace("(workerd)", "(a (b) c)");
    expect(parseProcStat(odd)).toMatchObject({ comm: "a (b) c", pgrp: 4100, cpuTicks: 1865 });
  });

  it("refuses what is not a stat line", () => {
    expect(() => parseProcStat("hello")).toThrow(/Not a \/proc/);
    expect(() => parseProcStat("1 (x) S 2")).toThrow(/utime/);
  });

  it("reads this very process from /proc", () => {
    const once = cpuTicks(process.pid);
    expect(once).toBeGreaterThanOrEqual(0);
    // Summed over the pids given (wrangler runs more than one workerd); a tick may pass between the reads.
    expect(cpuTicks([process.pid, process.pid])).toBeGreaterThanOrEqual(2 * once);
  });
});

describe("msPerRequest", () => {
  it("turns clock ticks (1/100 s) over a run into ms per request", () => {
    expect(msPerRequest(100, 40)).toBe(25);
    expect(msPerRequest(0, 40)).toBe(0);
  });
});
