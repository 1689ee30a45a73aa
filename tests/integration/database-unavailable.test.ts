// The database out of reach: every loader and action, as the Worker serves them (withDatabaseFaults), answers 503
// "Database connection not available" with Retry-After, and nothing turns into a 500. The outage is real: the
// libSQL web client talks to a port where nothing listens, or to a server that answers 500.
import type { AppLoadContext, ServerBuild } from "@remix-run/cloudflare";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDb, createWebClient } from "~/db.server";
import * as root from "~/root";
import * as signIn from "~/routes/_auth+/auth.signin";
import * as car from "~/routes/_cars+/car.$id";
import * as rentals from "~/routes/_cars+/rentals";
import * as thread from "~/routes/_messages+/messages.$conversationId";
import * as about from "~/routes/_pages+/about";
import { DATABASE_RETRY_AFTER_SECONDS, withDatabaseFaults } from "~/utils/database-faults.server";
import { isTransportFailure } from "~/utils/db-errors.server";
import { createTestContext, type TestContext } from "./support/context";
import { createCar, createUser, sessionCookieFor } from "./support/factories";
import { callRoute, formRequest, getRequest } from "./support/routes";

/** The route modules as the Worker serves them: the real ones, through the same wrapper. */
function served<M extends object>(module: M): M {
  const build = withDatabaseFaults({ routes: { route: { id: "route", module } } } as unknown as ServerBuild);
  return build.routes.route!.module as M;
}

const DOWN = { title: "errors.databaseUnavailable", message: "errors.databaseUnavailableHint" };

let closedPort: number;
let failing: Server;
let failingPort: number;

beforeAll(async () => {
  // A port that was free a moment ago and that nothing listens on.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  // A database server in trouble: every request answers 500.
  failing = createServer((_request, response) => response.writeHead(500).end("overloaded"));
  await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
  failingPort = (failing.address() as AddressInfo).port;
});

afterAll(() => {
  failing.close();
});

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.settled();
  ctx.close();
});

/** The test's context with its database replaced by one at `url` (the real data stays behind, unreachable). */
function outage(url: string): AppLoadContext {
  return { ...ctx.context, db: createDb(createWebClient({ url })) };
}

function expectDown(result: { status: number; data: unknown; headers: Headers; thrown: boolean }) {
  expect(result.thrown).toBe(true);
  expect(result.status).toBe(503);
  expect(result.data).toEqual(DOWN);
  expect(result.headers.get("Retry-After")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
}

describe("with the database out of reach", () => {
  it("pages answer 503 'Database connection not available', for guests and signed-in people", async () => {
    const user = await createUser(ctx);
    const cookie = await sessionCookieFor(ctx, user.id);
    const owner = await createUser(ctx);
    const listed = await createCar(ctx, owner.id);
    const down = outage(`http://127.0.0.1:${closedPort}`);

    expectDown(await callRoute(served(rentals).loader, getRequest("/rentals"), down));
    expectDown(await callRoute(served(car).loader, getRequest(`/car/${listed.id}`), down, { id: listed.id }));
    // The layout needs no database for a guest, so the page's error renders inside it.
    expect((await callRoute(served(root).loader, getRequest("/about"), down)).status).toBe(200);
    // A signed-in visitor cannot be looked up: the root itself answers the 503.
    expectDown(await callRoute(served(root).loader, getRequest("/about", { cookie }), down));
    expectDown(await callRoute(served(about).loader, getRequest("/about"), down));
  });

  it("form posts answer the same 503, not a 500, and nothing is written", async () => {
    const user = await createUser(ctx, { email: "outage@example.lt" });
    const down = outage(`http://127.0.0.1:${closedPort}`);
    expectDown(
      await callRoute(
        served(signIn).action,
        formRequest("/auth/signin", { email: "outage@example.lt", password: "Demo!pass1" }),
        down,
      ),
    );
    const cookie = await sessionCookieFor(ctx, user.id);
    expectDown(
      await callRoute(served(thread).action, formRequest("/messages/abc", { content: "Labas" }, { cookie }), down, {
        conversationId: "abc",
      }),
    );
  });

  it("a database server answering 500 is the same outage", async () => {
    const down = outage(`http://127.0.0.1:${failingPort}`);
    expectDown(await callRoute(served(rentals).loader, getRequest("/rentals"), down));
  });

  it("the real database, reached, answers as before: the wrapper changes nothing else", async () => {
    const owner = await createUser(ctx);
    const listed = await createCar(ctx, owner.id);
    const page = await callRoute(served(car).loader, getRequest(`/car/${listed.id}`), ctx.context, { id: listed.id });
    expect(page.status).toBe(200);
    const missing = await callRoute(served(car).loader, getRequest("/car/nope"), ctx.context, { id: "nope" });
    expect(missing.status).toBe(404);
  });
});

describe("what counts as the database being out of reach", () => {
  it("network failures and 5xx do; a value the client cannot send (a bug) does not", () => {
    expect(isTransportFailure(new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } }))).toBe(true);
    expect(isTransportFailure(new TypeError("Network connection lost."))).toBe(true);
    // What workerd's fetch threw in a real run with the database down (seen on the home page's listing query).
    const lost = Object.assign(new Error("Network connection lost."), { remote: true, retryable: true });
    expect(isTransportFailure(new Error("Failed query: select …", { cause: lost }))).toBe(true);
    expect(isTransportFailure(Object.assign(new Error("Network connection lost."), { remote: true }))).toBe(false);
    expect(isTransportFailure(Object.assign(new Error("HTTP 502"), { name: "HttpServerError", status: 502 }))).toBe(
      true,
    );
    expect(isTransportFailure(new TypeError("Unsupported type of value"))).toBe(false);
    expect(isTransportFailure(Object.assign(new Error("HTTP 401"), { name: "HttpServerError", status: 401 }))).toBe(
      false,
    );
    expect(
      isTransportFailure(Object.assign(new Error("UNIQUE constraint failed"), { code: "SQLITE_CONSTRAINT" })),
    ).toBe(false);
  });
});
