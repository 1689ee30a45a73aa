// Child processes of the benchmark, each the leader of its own process group (spawned detached), so that stopping
// one also stops what it started (npx → tsx → wrangler → workerd) and Ctrl-C in the terminal reaches only us.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, readFileSync, type WriteStream } from "node:fs";
import net from "node:net";

export interface Group {
  name: string;
  child: ChildProcess;
  pgid: number;
  logFile: string;
  log: WriteStream;
  exited: Promise<number | null>;
  exitCode: number | null | undefined;
}

const groups = new Set<Group>();
let shuttingDown = false;

// A watchdog outside our process group: when this process dies without cleaning up (SIGKILL, a crash, tsx
// killing it when a Ctrl-C is not acknowledged within 30 ms), its IPC channel closes and it stops every group
// still registered, so no server or browser outlives a run.
const REAPER = `
const groups = new Set();
const alive = (g) => { try { process.kill(-g, 0); return true; } catch { return false; } };
const signal = (g, s) => { try { process.kill(-g, s); } catch {} };
process.on("message", (m) => { if (m.add) groups.add(m.add); if (m.remove) groups.delete(m.remove); });
process.on("disconnect", async () => {
  for (const g of groups) signal(g, "SIGTERM");
  const deadline = Date.now() + 8000;
  while ([...groups].some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  for (const g of groups) signal(g, "SIGKILL");
  process.exit(0);
});
`;
let reaper: ChildProcess | undefined;

function tellReaper(message: { add: number } | { remove: number }) {
  if (!reaper) {
    reaper = spawn(process.execPath, ["-e", REAPER], { detached: true, stdio: ["ignore", "ignore", "ignore", "ipc"] });
    reaper.on("error", () => {});
    reaper.unref();
    reaper.channel?.unref();
  }
  if (reaper.connected) reaper.send(message);
}

/** Process groups not started through startGroup (a browser) that must not outlive the run either. */
export function watchGroup(pgid: number) {
  tellReaper({ add: pgid });
}

export function unwatchGroup(pgid: number) {
  tellReaper({ remove: pgid });
}

/** From now on nothing new may start: a step that fails because of the shutdown must not start a replacement. */
export function beginShutdown() {
  shuttingDown = true;
}

export function isShuttingDown() {
  return shuttingDown;
}

// Keep local tools off the network and quiet, as scripts/start.ts does.
export const childEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  NO_UPDATE_NOTIFIER: "1",
  NPM_CONFIG_UPDATE_NOTIFIER: "false",
  ...extra,
});

/** Starts `command` in a new process group; its stdout and stderr go to `logFile`. */
export function startGroup(
  name: string,
  command: string,
  args: string[],
  options: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string },
): Group {
  if (shuttingDown) throw new Error(`${name}: not started, the benchmark is stopping`);
  const log: WriteStream = createWriteStream(options.logFile, { flags: "a" });
  log.on("error", () => {});
  log.write(`\n# ${new Date().toISOString()} ${options.cwd ?? "."}: ${command} ${args.join(" ")}\n`);
  const child = spawn(command, args, {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: options.env ?? childEnv(),
    cwd: options.cwd,
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  const group: Group = {
    name,
    child,
    pgid: child.pid,
    logFile: options.logFile,
    log,
    exitCode: undefined,
    exited: new Promise((resolve) => {
      child.on("error", (error) => {
        log.write(`${name}: ${error.message}\n`);
        resolve(-1);
      });
      child.on("exit", (code) => resolve(code));
    }),
  };
  void group.exited.then((code) => {
    group.exitCode = code;
  });
  groups.add(group);
  watchGroup(group.pgid);
  return group;
}

/** A line in the group's log, so its output can be matched with what the benchmark was doing. */
export function mark(group: Group, text: string) {
  if (!group.log.writableEnded) group.log.write(`# ${new Date().toISOString()} bench: ${text}\n`);
}

/** Runs a command to its end; rejects on a non-zero exit or after `timeoutMs`, with the tail of its log. */
export async function runToEnd(
  name: string,
  command: string,
  args: string[],
  options: { logFile: string; timeoutMs: number; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<void> {
  const group = startGroup(name, command, args, options);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), options.timeoutMs);
  });
  const outcome = await Promise.race([group.exited, timedOut]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    await stopGroup(group);
    throw new Error(`${name} took longer than ${options.timeoutMs / 1000} s\n${logTail(group.logFile)}`);
  }
  // Whatever it left running in its group (a workerd it forgot) goes too.
  await stopGroup(group);
  if (outcome !== 0) throw new Error(`${name} failed (exit code ${outcome})\n${logTail(group.logFile)}`);
}

export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is gone already
  }
}

/** SIGTERM to the whole group, then SIGKILL to whatever is still there after `graceMs`. */
export async function stopGroup(group: Group, graceMs = 8_000): Promise<void> {
  if (groupAlive(group.pgid)) {
    signalGroup(group.pgid, "SIGTERM");
    const deadline = Date.now() + graceMs;
    while (groupAlive(group.pgid) && Date.now() < deadline) await sleep(100);
    if (groupAlive(group.pgid)) {
      signalGroup(group.pgid, "SIGKILL");
      const killDeadline = Date.now() + 3_000;
      while (groupAlive(group.pgid) && Date.now() < killDeadline) await sleep(100);
    }
  }
  groups.delete(group);
  unwatchGroup(group.pgid);
  if (!group.log.writableEnded) await new Promise<void>((resolve) => group.log.end(resolve));
}

/** Stops every group still running, newest first. */
export async function stopAllGroups(): Promise<void> {
  for (const group of [...groups].reverse()) await stopGroup(group);
}

export function logTail(file: string, lines = 25): string {
  try {
    const text = readFileSync(file, "utf8").trimEnd().split("\n");
    return text
      .slice(-lines)
      .map((line) => `    | ${line}`)
      .join("\n");
  } catch {
    return "";
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function canListen(port: number, host?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.setTimeout(1_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Free when nothing answers on it and it can be bound both on loopback and on every address. */
export async function portFree(port: number): Promise<boolean> {
  if (await answers(port)) return false;
  return (await canListen(port, "127.0.0.1")) && (await canListen(port));
}

export async function waitForPortsFree(ports: number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const busy: number[] = [];
    for (const port of ports) if (!(await portFree(port))) busy.push(port);
    if (busy.length === 0 || Date.now() > deadline) return busy;
    await sleep(250);
  }
}

async function getStatus(url: string): Promise<number> {
  const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
  await response.arrayBuffer();
  return response.status;
}

/** Polls `url` until it answers below 500; gives up when `group` exits or after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number, group?: Group): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (group && group.exitCode !== undefined) {
      throw new Error(
        `${group.name} exited (code ${group.exitCode}) before ${url} answered\n${logTail(group.logFile)}`,
      );
    }
    try {
      // A timer of our own as well as the signal's: a poll sent while the server was starting once waited forever
      // (the signal never fired), and the run with it.
      const status = await withTimeout(`GET ${url}`, 10_000, getStatus(url));
      if (status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(300);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${group ? `\n${logTail(group.logFile)}` : ""}`);
}

/** Rejects after `ms` with a message naming what took too long. */
export async function withTimeout<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
