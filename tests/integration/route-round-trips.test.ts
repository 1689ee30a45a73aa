// Every route's database round trips (ARCHITECTURE rule 10, decision 005): each loader of the authorisation matrix's
// table, called as Remix calls it for a document request (the root's and every parent layout's loader beside the
// page's, in parallel, each with a Request of its own, on one context made for the request as the Worker makes it),
// as a guest and as a signed-in person the page is for, over a client that counts the calls reaching it under the
// batching client (support/round-trips.ts). A page's reads, the session included, reach the database in ONE
// sequential round trip; the few that need more are named in BUDGETS with why. A new sequential read fails here.
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { flatRoutes } from "remix-flat-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MATRIX, MODULES, PUBLIC, createWorld, functionOf, type Call, type World } from "./support/authorization-table";
import { createTestContext, type TestContext } from "./support/context";
import { GOOD_PASSWORD, createUser } from "./support/factories";
import { countingClient, requestContext, type CountingClient } from "./support/round-trips";
import type { Role } from "./support/route-matrix";
import { callRoute, formRequest, getRequest } from "./support/routes";

/** Routes allowed more than one sequential round trip, and why. Everything else: one. */
const BUDGETS: Record<string, { trips: number; why: string }> = {
  "_bookings+/bookings.$bookingId.agreement": {
    trips: 2,
    why: "its first opening makes the agreement: a write that waits for the row to show the person a party",
  },
  "_bookings+/bookings.$bookingId.agreement[.html]": {
    trips: 2,
    why: "its first download makes the agreement: a write that waits for the row to show the person a party",
  },
  "_dashboard+/dashboard": {
    trips: 2,
    why: "a renter's saved searches become the recommendations' filters in the Worker, so those matches follow them (without saved searches: one)",
  },
  "_messages+/messages": {
    trips: 2,
    why: "opening a thread marks what the reader received in it read: a write that waits for the session's answer, with the inbox's list read after it in the same batch",
  },
  "_messages+/messages.$conversationId": {
    trips: 2,
    why: "opening a thread marks what the reader received in it read: a write that waits for the session's answer, with the inbox's list read after it in the same batch",
  },
  "_my-listings+/pricing.$carId": {
    trips: 2,
    why: "the suggested price compares cars of the car's own category, fuel and year: asked for once the car is read",
  },
};

/** Sign-in: the gate's counters (one write batch) beside the account's read, then the session's writes. */
const SIGN_IN_BUDGET = 2;

/** Each route module's parent layout, as the app's route config (app/routes.ts) nests them. */
const PARENTS: Map<string, string> = (() => {
  const routes = flatRoutes("routes", defineRoutes, {
    appDir: `${process.cwd()}/app`,
    ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}", "**/__*.*"],
  });
  const parents = new Map<string, string>();
  for (const route of Object.values(routes)) {
    parents.set(route.id.replace(/^routes\//, ""), (route.parentId ?? "root").replace(/^routes\//, ""));
  }
  return parents;
})();

/** The loaders a GET of the route runs: a page's whole chain from the root; a resource route's alone. */
function loaderChain(route: string): string[] {
  const module = MODULES.get(route) as { default?: unknown } | undefined;
  if (route === "root" || !module?.default) return [route];
  const chain = [route];
  for (let parent = PARENTS.get(route); parent; parent = PARENTS.get(parent)) {
    chain.unshift(parent);
    if (parent === "root") break;
  }
  return chain.filter((id) => typeof MODULES.get(id)?.loader === "function");
}

let ctx: TestContext;
let world: World;
let counter: CountingClient;
const figures: { route: string; guest: number | null; signedIn: number | null; budget: number }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createWorld(ctx);
  counter = countingClient(ctx.client);
});
afterAll(async () => {
  if (process.env.ROUND_TRIPS_TABLE) {
    const rows = figures.map((f) => `| ${f.route} | ${f.guest ?? "–"} | ${f.signedIn ?? "–"} | ${f.budget} |`);
    process.stdout.write(`\n| route | guest | signed in | budget |\n|---|---|---|---|\n${rows.join("\n")}\n`);
  }
  await ctx.close();
});

/**
 * How many times a GET over its budget is measured again before it fails. A busy machine can only add depth, never
 * take it away: a read that waits for another's answer always starts after it, while two reads started together can
 * look sequential when the machine pauses between them longer than the counter's hold. So the least of a few
 * measurements is the route's figure, and a real extra round trip still fails every one of them.
 */
const MEASUREMENTS_OVER_BUDGET = 3;

/** A GET of the route, measured again while over its budget (MEASUREMENTS_OVER_BUDGET says why): the least. */
async function leastRoundTrips(route: string, call: Call, cookie: string | undefined, budget: number) {
  let least = await roundTrips(route, call, cookie);
  for (let again = 1; again < MEASUREMENTS_OVER_BUDGET && least.trips > budget; again++) {
    const next = await roundTrips(route, call, cookie);
    if (next.trips < least.trips) least = next;
  }
  return least;
}

/** A GET of the route as one request: its loaders in parallel; the sequential round trips they made. */
async function roundTrips(route: string, call: Call, cookie: string | undefined) {
  await ctx.settled();
  counter.reset();
  const context = requestContext(ctx.context, counter);
  const results = await Promise.all(
    loaderChain(route).map((id) =>
      callRoute(functionOf(id, "loader"), getRequest(call.path, { cookie }), context, call.params ?? {}),
    ),
  );
  // What a loader handed to waitUntil (a car page's view) runs after the answer: not the page's work.
  const trips = counter.sequential();
  const statements = counter.trips().map((trip) => `${trip.depth}: ${trip.sql.join(" ; ").slice(0, 400)}`);
  await ctx.settled();
  return { trips, statements, statuses: results.map((r) => r.status) };
}

/** The signed-in role the page is for: the first the matrix lets through. */
function signedInRole(expect: Record<Role, string> | undefined): Exclude<Role, "guest"> {
  if (!expect) return "party";
  return (["party", "other", "admin"] as const).find((role) => expect[role] === "allowed") ?? "party";
}

const LOADERS = [
  ...PUBLIC.map((entry) => ({ route: entry.route, guest: true, entry })),
  ...MATRIX.filter((entry) => entry.kind === "loader").map((entry) => ({
    route: entry.route,
    guest: entry.expect.guest === "allowed",
    entry,
  })),
];

describe("a request's sequential round trips to the database", () => {
  it("covers every page and resource route the matrix lists", () => {
    expect(LOADERS.length).toBeGreaterThan(50);
    expect(PARENTS.get("_admin+/admin.audit")).toBe("_admin+/admin");
    expect(loaderChain("_messages+/messages.$conversationId")).toEqual([
      "root",
      "_messages+/messages",
      "_messages+/messages.$conversationId",
    ]);
  });

  for (const { route, guest, entry } of LOADERS) {
    const budget = BUDGETS[route]?.trips ?? 1;
    it(`${route}: at most ${budget}`, async () => {
      const row = { route, guest: null as number | null, signedIn: null as number | null, budget };
      figures.push(row);
      const problems: string[] = [];
      if (guest) {
        const call =
          "setup" in entry
            ? await entry.setup(world, "guest")
            : ((await entry.call?.(world)) ?? { path: entry.path ?? pathOf(route), params: entry.params });
        const measured = await leastRoundTrips(route, call, undefined, budget);
        row.guest = measured.trips;
        if (measured.trips > budget) problems.push(`as a guest: ${measured.trips}\n${measured.statements.join("\n")}`);
      }
      const role = signedInRole("expect" in entry ? entry.expect : undefined);
      const call =
        "setup" in entry
          ? await entry.setup(world, role)
          : ((await entry.call?.(world)) ?? { path: entry.path ?? pathOf(route), params: entry.params });
      const measured = await leastRoundTrips(route, call, call.cookie ?? world[role].cookie, budget);
      row.signedIn = measured.trips;
      if (measured.trips > budget) {
        problems.push(`signed in (${role}): ${measured.trips}\n${measured.statements.join("\n")}`);
      }
      expect(problems, `${route}: more than ${budget} sequential round trip(s)`).toEqual([]);
    });
  }

  it("the inbox without an open thread (/messages): one", async () => {
    const route = "_messages+/messages";
    const measured = await leastRoundTrips(route, { path: "/messages" }, world.party.cookie, 1);
    expect(measured.statuses.every((status) => status === 200)).toBe(true);
    figures.push({ route: "/messages", guest: null, signedIn: measured.trips, budget: 1 });
    expect(measured.trips, measured.statements.join("\n")).toBe(1);
  });

  it("a text search of the catalogue: one, its rate limit counted in the same round trip", async () => {
    for (const cookie of [undefined, world.party.cookie]) {
      const measured = await leastRoundTrips("_cars+/cars", { path: "/cars?search=bmw" }, cookie, 1);
      expect(measured.statuses.every((status) => status === 200)).toBe(true);
      figures.push({
        route: "/cars?search=bmw",
        guest: cookie ? null : measured.trips,
        signedIn: cookie ? measured.trips : null,
        budget: 1,
      });
      expect(measured.trips, measured.statements.join("\n")).toBe(1);
    }
  });

  it(`POST /auth/signin: at most ${SIGN_IN_BUDGET}`, async () => {
    const user = await createUser(ctx, { verified: true });
    await ctx.settled();
    counter.reset();
    const context = requestContext(ctx.context, counter);
    const result = await callRoute(
      functionOf("_auth+/auth.signin", "action"),
      formRequest("/auth/signin", { email: user.email, password: GOOD_PASSWORD }, { ip: "10.9.0.1" }),
      context,
    );
    expect(result.location).toBe("/");
    figures.push({ route: "POST /auth/signin", guest: counter.sequential(), signedIn: null, budget: SIGN_IN_BUDGET });
    expect(
      counter.sequential(),
      counter
        .trips()
        .map((t) => `${t.depth}: ${t.sql.join(" ; ")}`)
        .join("\n"),
    ).toBeLessThanOrEqual(SIGN_IN_BUDGET);
  });
});

/** The URL of a public page from its route id, as the matrix makes it. */
function pathOf(route: string) {
  return `/${route
    .replace(/^_[a-z-]+\+\//, "")
    .replace(/^_index$|^root$/, "")
    .replace(/\./g, "/")}`;
}
