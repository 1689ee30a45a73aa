// Requests per second of one URL at a number of connections, after a warm-up. The figures that mean something
// beyond this machine are ratios between URLs of the same run: the machine, workerd and the load generator are the
// same for all of them, so a ratio says how much a page's own work (the Worker, the database, rendering) costs.
import autocannon from "autocannon";
import { goalAtMost, type GoalRow } from "./goals";
import { withTimeout } from "./processes";

export interface LoadResult {
  url: string;
  /** Whether the requests carried a signed-in session. */
  signedIn: boolean;
  seconds: number;
  connections: number;
  rps: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Answers per status code. */
  statuses: Record<string, number>;
  /** Answers marked `X-Edge-Cache: hit`, i.e. served from the shared cache. */
  edgeCacheHits: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** A Cookie header for every request (a session); none by default. */
  cookie?: string;
}

/**
 * A visitor's address for each request, as load-run.ts does: the per-address limits (rate-limit.server.ts) are for
 * one person, and a whole load test from the one address "local" would be one person asking thousands of times.
 */
const visitorAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

function fire(url: string, connections: number, seconds: number, cookie: string | undefined, seen?: Tally) {
  const { pathname, search } = new URL(url);
  return withTimeout(
    `autocannon on ${url}`,
    (seconds + 30) * 1000,
    autocannon({
      url,
      connections,
      duration: seconds,
      timeout: 10,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            method: "GET",
            path: pathname + search,
            headers: { "CF-Connecting-IP": visitorAddress(), ...(cookie ? { Cookie: cookie } : {}) },
          }),
          onResponse(status, _body, _context, headers) {
            if (!seen) return;
            seen.statuses[status] = (seen.statuses[status] ?? 0) + 1;
            const cache = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "x-edge-cache")?.[1];
            if (String(cache) === "hit") seen.edgeCacheHits++;
          },
        },
      ],
    }),
  );
}

interface Tally {
  statuses: Record<string, number>;
  edgeCacheHits: number;
}

export async function measureLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) {
    await fire(url, Math.min(10, options.connections), options.warmupSeconds, options.cookie);
  }
  const seen: Tally = { statuses: {}, edgeCacheHits: 0 };
  const result = await fire(url, options.connections, options.seconds, options.cookie, seen);
  return {
    url,
    signedIn: options.cookie !== undefined,
    seconds: result.duration,
    connections: result.connections,
    rps: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    ...seen,
  };
}

/** `npm run load`: decision 005's goals for the load: no errors of any kind, and p99 ≤ 1 s on every kind of request. */
export function loadGoals(
  rows: { kind: string; p99: number; requests: number }[],
  p99LimitMs: number,
  total: { errors: number; timeouts: number; serverErrors: number; label: string },
): GoalRow[] {
  const errors = total.errors + total.timeouts + total.serverErrors;
  return [
    goalAtMost(
      "load: errors (connection errors + timeouts + 5xx)",
      errors,
      0,
      "",
      `${total.errors} + ${total.timeouts} + ${total.serverErrors}; ${total.label}`,
    ),
    // A kind that got no answer at all (the server stopped) has no p99: a miss, not a 0 ms pass.
    ...rows.map((row) =>
      goalAtMost(`load: p99, ${row.kind}`, row.requests === 0 ? null : Math.round(row.p99), p99LimitMs, "ms"),
    ),
  ];
}
