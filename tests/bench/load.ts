// Requests per second of a dynamic page next to a static file from the same server. The machine, workerd and the
// load generator are the same for both, so their ratio says how much the page's own work (the Worker, the query
// over libSQL's HTTP adapter, rendering) costs, and travels between machines better than either number.
import autocannon from "autocannon";
import { withTimeout } from "./processes";

export interface LoadResult {
  url: string;
  seconds: number;
  connections: number;
  rps: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

function fire(url: string, connections: number, seconds: number): Promise<autocannon.Result> {
  return withTimeout(
    `autocannon on ${url}`,
    (seconds + 30) * 1000,
    autocannon({ url, connections, duration: seconds, timeout: 10 }),
  );
}

export async function measureLoad(
  url: string,
  options: { connections: number; seconds: number; warmupSeconds: number },
) {
  if (options.warmupSeconds > 0) await fire(url, Math.min(10, options.connections), options.warmupSeconds);
  const result = await fire(url, options.connections, options.seconds);
  return {
    url,
    seconds: result.duration,
    connections: result.connections,
    rps: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  } satisfies LoadResult;
}
