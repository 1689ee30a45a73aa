// Counting a request's sequential round trips to the database (ARCHITECTURE rule 10, decision 005): a libSQL client
// that writes down every network call reaching it (app/db.server.ts's aroundNetworkCalls), put UNDER the batching
// client as the Worker's is, so a batch of reads started together is one call and a read that had to wait for
// another's answer is a call after it.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Client } from "@libsql/client";
import { createBatchingClient } from "~/db-batching.server";
import { aroundNetworkCalls, createDb } from "~/db.server";

/**
 * How long each call is held before its caller gets the answer, like the network between an edge Worker and Turso:
 * without it a local file answers so fast that two reads started a moment apart (not sequential in the Worker, where
 * the second starts while the first is on the wire) would look like one after the other. Only what really waits for
 * an answer comes after it. Held longer than Turso's ~40 ms so that a busy machine (CI's: a worker descheduled, a
 * garbage collection between two reads started together) cannot make two parallel reads look sequential; a read
 * that waits for an answer comes after it however long the hold.
 */
export const SIMULATED_LATENCY_MS = 60;

export interface Trip {
  /** 1 for a call started before any other had answered; 1 + the deepest answered call's depth otherwise. */
  depth: number;
  /** What it carried, for a failing test's message. */
  sql: string[];
}

export interface CountingClient {
  client: Client;
  /** The calls made since the last reset. */
  trips(): Trip[];
  /** The sequential round trips since the last reset: the longest chain of calls each started after one answered. */
  sequential(): number;
  reset(): void;
}

function statementsOf(method: PropertyKey, args: unknown[]): string[] {
  const [first] = args;
  const list = method === "batch" && Array.isArray(first) ? first : [first];
  return list.map((statement) =>
    typeof statement === "string" ? statement : String((statement as { sql?: unknown } | undefined)?.sql ?? method),
  );
}

export function countingClient(client: Client): CountingClient {
  let trips: Trip[] = [];
  /** The deepest call that has answered. */
  let answeredDepth = 0;
  const proxy = aroundNetworkCalls(client, async (call, method, args) => {
    const trip = { depth: answeredDepth + 1, sql: statementsOf(method, args) };
    const list = trips;
    list.push(trip);
    try {
      return await call();
    } finally {
      await new Promise((resolve) => setTimeout(resolve, SIMULATED_LATENCY_MS));
      if (list === trips) answeredDepth = Math.max(answeredDepth, trip.depth);
    }
  });
  return {
    client: proxy,
    trips: () => trips,
    sequential: () => trips.reduce((deepest, trip) => Math.max(deepest, trip.depth), 0),
    reset() {
      trips = [];
      answeredDepth = 0;
    },
  };
}

/**
 * A request's context as the Worker makes one (app/load-context.ts): a new object per request, whose database is the
 * batching client over `counter`. The rest (env, bindings, waitUntil) is the test context's.
 */
export function requestContext(base: AppLoadContext, counter: CountingClient): AppLoadContext {
  return { ...base, db: createDb(createBatchingClient(counter.client)), sessionLookups: new Map() };
}
