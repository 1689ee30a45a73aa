// npm run bench:cpu — the Worker's CPU per uncached render, the measure that counts at the edge (a Worker on the
// free plan may spend 10 ms of CPU on a request; docs/decisions/037-worker-cpu-per-render.md).
//
// Serves the production build on the bench's database (10,000 extra cars, tests/bench/prepare.ts; seeded when
// missing) and runs `npm run bench`'s CPU stage alone (edge-stages.ts, cpuStage; the measure is cpu.ts's
// measureCpuBeside): for each page, the CPU time (utime + stime in /proc/<pid>/stat) of the server's workerd
// processes over each of N sequential requests of that one URL, each followed by a request of a static file
// (/favicon.svg) read the same way: the static file's mean is the baseline, so what is left is the page's own work
// (its render, its loaders), not the runtime's per-request plumbing. Sequential, so nothing but the measured
// request runs in the Worker meanwhile. CPU, not wall time; still, a machine busy with other work slows the caches
// and cores the Worker shares, so compare figures from runs on a quiet machine, one after the other.
//
// Anonymous pages would come from the edge cache after the first request (decisions 006 and 024). A request with a
// toast cookie is never cached (app/edge-cache.server.ts), and one whose value is not a signed toast renders no
// toast and clears nothing, so each such request renders the page a first visitor gets, without the local cache's
// put (in wrangler dev the cache runs inside the same workerd, so a miss would also bill its storage to the
// Worker; at the edge that is the runtime's I/O, not the Worker's CPU).
//
// Flags: --no-build (serve build/ as it is), --only TEXT (the pages whose name holds it, for profiling).
// BENCH_CPU_REQUESTS sets the requests per page (40).
// Environment: BENCH_CPU_PORT (8815), BENCH_CPU_LIBSQL_PORT (8816), BENCH_CPU_PARTYKIT_PORT (8817).
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { cpuStage } from "./edge-stages";
import { BASELINE_FILE, goalTable, readBaseline } from "./goals";
import {
  build,
  checkPortsFree,
  pickCarPage,
  pickTrip,
  prepareDatabase,
  serve,
  snapshotTree,
  type Ports,
} from "./prepare";
import { beginShutdown, stopAllGroups, stopGroup } from "./processes";
import { SIGNED_IN_AS, signInDemoRenter } from "./sign-in";

async function main() {
  const { values } = parseArgs({
    options: { "no-build": { type: "boolean", default: false }, only: { type: "string" } },
    strict: true,
  });
  const ports: Ports = {
    web: Number(process.env.BENCH_CPU_PORT ?? 8815),
    libsql: Number(process.env.BENCH_CPU_LIBSQL_PORT ?? 8816),
    partykit: Number(process.env.BENCH_CPU_PARTYKIT_PORT ?? 8817),
  };
  const origin = `http://127.0.0.1:${ports.web}`;
  const started = performance.now();
  const say = (line: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
  await checkPortsFree(ports);
  snapshotTree({ copyBuild: values["no-build"] });
  const seed = await prepareDatabase({ fresh: false, say });
  say(`Database: ${seed.cars} cars (${seed.publicCars} public)${seed.reused ? ", reused" : ""}`);
  if (!values["no-build"]) {
    say("Building");
    await build();
  }
  say("Starting the server");
  const server = await serve(ports, { cron: false });
  try {
    const pages = {
      carPath: `/car/${(await pickCarPage()).id}`,
      tripPath: `/bookings/${await pickTrip(SIGNED_IN_AS)}`,
      session: await signInDemoRenter(origin, "198.18.0.2"),
      signedInAs: SIGNED_IN_AS,
    };
    const only = values.only;
    const { rows } = await cpuStage(origin, server.pgid, pages, say, only ? (name) => name.includes(only) : undefined);
    console.log(`\n${goalTable(rows, readBaseline(BASELINE_FILE))}`);
  } finally {
    await stopGroup(server);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const stop = () => {
    beginShutdown();
    void stopAllGroups().then(() => process.exit(130));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  main().then(
    () => stopAllGroups(),
    async (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      await stopAllGroups();
      process.exit(1);
    },
  );
}
