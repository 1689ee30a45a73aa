// The authorisation matrix (README, "Security: what is guaranteed and how it is tested"): every loader and action of every route module, called as a guest,
// as another signed-in user, as the user the resource belongs to (the owner, the booking's or conversation's party,
// or for pages about one's own account any signed-in user) and as an admin, against what the matrix says each must
// get. A refused call (sign in, 403, 404, a forged token) must leave the database exactly as it was and must not
// show the resource; an allowed action's submission must really do its work.
//
// A new route module, or a new loader or action in one, fails the first test until it has an entry here: either in
// PUBLIC (a loader anyone may read, with the reason) or in MATRIX, in support/authorization-table.ts, (a setup that makes the rows it needs and the
// outcome for each role). The vocabulary of outcomes is in support/route-matrix.ts.
// The table itself (the people, the setups, PUBLIC and MATRIX) is in support/authorization-table.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WorkerEnv } from "~/env.server";
import {
  MATRIX,
  MODULES,
  PUBLIC,
  WEBHOOK_SECRET,
  createWorld,
  functionOf,
  type Call,
  type Entry,
  type Runner,
  type World,
} from "./support/authorization-table";
import { createTestContext, PRODUCTION_ENV, testContextOver, type TestContext } from "./support/context";
import { sessionCookieFor } from "./support/factories";
import { changedTables, fingerprint } from "./support/db-fingerprint";
import { ROLES, answerOf, routeExports, shownText, type Kind, type Role } from "./support/route-matrix";
import { ORIGIN, callRoute, formRequest, getRequest } from "./support/routes";

// ---------------------------------------------------------------------------------------------------------------
// Running it.

let ctx: TestContext;
let world: World;
let stripeContext: TestContext;
let productionContext: TestContext;
let ip = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const raw = ctx.context.cloudflare.env as WorkerEnv;
  // Over the same database file: the matrix's fingerprint sees what these contexts write.
  stripeContext = testContextOver(
    ctx.client,
    {
      ...raw,
      STRIPE_SECRET_KEY: "sk_test_matrix",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: "http://127.0.0.1:9",
    },
    ctx.file,
    "",
  );
  productionContext = testContextOver(ctx.client, { ...raw, ...PRODUCTION_ENV } as WorkerEnv, ctx.file, "");

  world = await createWorld(ctx);
});
afterAll(() => ctx.close());

function requestFor(kind: Kind, call: Call, cookie: string | undefined, address: string): Request {
  if (kind === "loader") return getRequest(call.path, { cookie, ip: address });
  const form = call.form ?? {};
  if (call.raw) {
    const headers = new Headers(call.raw.headers);
    if (cookie) headers.set("Cookie", cookie);
    return new Request(new URL(call.path, ORIGIN), { method: "POST", headers, body: call.raw.body });
  }
  if (form instanceof FormData) {
    const headers = new Headers({ Origin: ORIGIN, "CF-Connecting-IP": address });
    if (cookie) headers.set("Cookie", cookie);
    return new Request(new URL(call.path, ORIGIN), { method: "POST", headers, body: form });
  }
  return formRequest(call.path, form, { cookie, ip: address });
}

const run: Runner = async (entry, call, cookie, which = entry.stripe ? "stripe" : "main") => {
  const context = { main: ctx, stripe: stripeContext, production: productionContext }[which];
  ip += 1;
  const request = requestFor(entry.kind, call, cookie, `10.8.${ip >> 8}.${ip & 255}`);
  await Promise.all([ctx.settled(), stripeContext.settled(), productionContext.settled()]);
  const before = await fingerprint(ctx.client);
  const result = await callRoute(functionOf(entry.route, entry.kind), request, context.context, call.params ?? {});
  // Work handed to waitUntil (view counts, live announcements) belongs to this call.
  await context.settled();
  const after = await fingerprint(ctx.client);
  return { result, changed: changedTables(before, after), shown: shownText(result) };
};

async function checkRole(entry: Entry, role: Role) {
  const call = await entry.setup(world, role);
  const cookie = role === "guest" ? undefined : (call.cookie ?? world[role].cookie);
  const { result, changed, shown } = await run(entry, call, cookie);
  const expected = entry.expect[role];
  const label = `${entry.route} ${entry.kind} as ${role}`;
  const wanted = expected === "allowed" || expected === "empty" ? "served" : expected;
  const got = `status ${result.status}${result.location ? ` → ${result.location}` : ""}: ${shown.slice(0, 300)}`;
  expect(answerOf(result), `${label} should be ${expected}, got ${got}`).toBe(wanted);
  if (expected === "allowed") {
    if (entry.kind === "action" && !entry.writesNothing) {
      expect(changed.length, `${label}: the submission changed nothing (${got})`).toBeGreaterThan(0);
    }
    if (entry.kind === "loader" && call.secrets?.length) {
      expect(
        call.secrets.some((s) => shown.includes(s)),
        `${label}: the page does not show its resource (${call.secrets.join(", ")})`,
      ).toBe(true);
    }
    return;
  }
  expect(changed, `${label} was refused (${expected}) but changed the database`).toEqual([]);
  for (const s of call.secrets ?? [])
    expect(shown, `${label} was refused (${expected}) but shows ${s}`).not.toContain(s);
}

describe("the authorisation matrix", () => {
  it("has an entry for every loader and action of every route module, and no entry for one that is gone", () => {
    const exported = routeExports(MODULES);
    const listed = [...MATRIX, ...PUBLIC].map((e) => `${e.route} ${e.kind}`);
    const missing = exported.filter((name) => !listed.includes(name));
    const stale = listed.filter((name) => !exported.includes(name));
    const twice = listed.filter((name, index) => listed.indexOf(name) !== index);
    expect(missing, "routes without an entry in the matrix: add them to MATRIX (or PUBLIC)").toEqual([]);
    expect(stale, "entries for routes that no longer exist").toEqual([]);
    expect(twice, "routes listed twice").toEqual([]);
    // The glob did find the app (a wrong pattern would make this test pass on nothing).
    expect(exported.length).toBeGreaterThan(100);
  });

  for (const entry of MATRIX) {
    it(`${entry.route} ${entry.kind}: ${ROLES.map((role) => `${role} ${entry.expect[role]}`).join(", ")}`, async () => {
      for (const role of ROLES) await checkRole(entry, role);
      if (entry.devOnly) {
        // Production: a 404 for everyone, the resource's party included, and nothing changes.
        for (const role of ROLES) {
          const call = await entry.setup(world, role);
          const cookie = role === "guest" ? undefined : await sessionCookieFor(productionContext, world[role].id);
          const { result, changed } = await run(entry, call, cookie, "production");
          expect(answerOf(result), `${entry.route} ${entry.kind} as ${role} in production`).toBe("notFound");
          expect(changed, `${entry.route} ${entry.kind} as ${role} in production changed the database`).toEqual([]);
        }
      }
      await entry.extra?.(world, run, checkRole);
    });
  }

  for (const entry of PUBLIC) {
    it(`${entry.route} ${entry.kind} is public: ${entry.reason}`, async () => {
      const path =
        entry.path ??
        `/${entry.route
          .replace(/^_[a-z-]+\+\//, "")
          .replace(/^_index$|^root$/, "")
          .replace(/\./g, "/")}`;
      const call = (await entry.call?.(world)) ?? { path, params: entry.params };
      const { result, changed, shown } = await run(entry, call, undefined);
      for (const s of call.secrets ?? []) expect(shown, `${entry.route} shows ${s} to a guest`).not.toContain(s);
      expect(answerOf(result), `${entry.route} as a guest: status ${result.status} ${result.location ?? ""}`).toBe(
        entry.expected ?? "served",
      );
      expect(changed, `${entry.route} loader changed the database for a guest`).toEqual([]);
      await entry.check?.(world, run);
    });
  }
});
