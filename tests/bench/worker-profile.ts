// Where a page's Worker CPU goes: a CPU profile of the running Worker through workerd's inspector (the devtools
// port scripts/start.ts gives wrangler dev: PORT + 10000), over N sequential requests of one URL, summed by function
// (self time, then by the script and line where it is). A tool for docs/decisions/037-worker-cpu-per-render.md;
// serve an unminified build for readable names (wrangler.toml's `minify`).
//
//   npx tsx tests/bench/worker-profile.ts --origin http://127.0.0.1:8888 --path /rentals [--cookie 'session=…']
//     [--runs 30] [--out profile.cpuprofile]
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import WebSocket from "ws";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values } = parseArgs({
  options: {
    origin: { type: "string", default: "http://127.0.0.1:8888" },
    inspector: { type: "string" },
    path: { type: "string", default: "/rentals" },
    cookie: { type: "string" },
    runs: { type: "string", default: "30" },
    out: { type: "string" },
    top: { type: "string", default: "45" },
  },
});
const origin = values.origin!;
const inspector = values.inspector ?? `127.0.0.1:${Number(new URL(origin).port) + 10000}`;

const targets = (await (await fetch(`http://${inspector}/json`)).json()) as {
  webSocketDebuggerUrl: string;
  title: string;
}[];
const target = targets.find((t) => !/proxy/i.test(t.title)) ?? targets[0];
if (!target) throw new Error(`No inspector target at ${inspector}`);
const socket = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  socket.once("open", resolve);
  socket.once("error", reject);
});
let nextId = 1;
const pending = new Map<number, (result: unknown) => void>();
socket.on("message", (data) => {
  const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
  if (message.id !== undefined) pending.get(message.id)?.(message.result);
});
const send = <T>(method: string, params: object = {}) =>
  new Promise<T>((resolve) => {
    const id = nextId++;
    pending.set(id, resolve as (result: unknown) => void);
    socket.send(JSON.stringify({ id, method, params }));
  });

// Anonymous: the toast cookie keeps the page out of the edge cache (worker-cpu.ts says why).
const get = async () => {
  const response = await fetch(origin + values.path!, { headers: { Cookie: values.cookie ?? "toast=none" } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${values.path}: ${response.status}`);
};

for (let i = 0; i < 3; i++) await get();
await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: 100 });
await send("Profiler.start");
for (let i = 0; i < Number(values.runs); i++) await get();
const { profile } = await send<{ profile: Profile }>("Profiler.stop");
socket.close();
if (values.out) writeFileSync(values.out, JSON.stringify(profile));

const self = new Map<number, number>();
profile.samples.forEach((node, i) => self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
for (const [id, time] of self) {
  const frame = byId.get(id)!.callFrame;
  const key = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").slice(-2).join("/")}:${frame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + time);
}
// Inclusive time by function name, for the big picture (React's render, i18n, loaders).
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
for (const [id, time] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = byId.get(at)!.callFrame.functionName || "(anonymous)";
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + time);
  }
}
const runs = Number(values.runs);
const perRequest = (us: number) => `${(us / 1000 / runs).toFixed(2)} ms`;
console.log(`${values.path}: ${perRequest(total)} sampled per request (${runs} requests)\n\nself time:`);
for (const [key, time] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
  console.log(`${perRequest(time).padStart(10)}  ${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`);
}
console.log("\ninclusive:");
for (const [key, time] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
  console.log(`${perRequest(time).padStart(10)}  ${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`);
}
