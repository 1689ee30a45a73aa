// What the held-money suites share (held-money.test.ts for the rental's movements, per-charge-held.test.ts for a later
// charge's): each kind's ledger row, Stripe path and log line, the walk of a movement Stripe keeps refusing through the
// one back-off until it is held for an admin, and the admin page's list and retry.
import { eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { payoutReversals, payouts, refunds } from "#db/schema";
import { BACKOFF_MINUTES, MAX_AUTOMATIC_ATTEMPTS, type MovementKind } from "~/payments/money-attempts";
import { action, loader } from "~/routes/_admin+/admin.held-money";
import type { TestContext } from "./context";
import type { FakeStripe } from "./fake-stripe";
import { callRoute, formRequest, getRequest } from "./routes";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface MovementRow {
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
}

/** Per kind: its ledger, the Stripe call that makes it, the line its failure logs, and the status once made. */
export const MOVEMENT_WIRE: Record<
  MovementKind,
  { table: typeof refunds | typeof payouts | typeof payoutReversals; path: RegExp; log: string; made: string }
> = {
  refund: { table: refunds, path: /^\/v1\/refunds$/, log: "refund failed", made: "succeeded" },
  payout: { table: payouts, path: /^\/v1\/transfers$/, log: "payout failed", made: "paid" },
  reversal: {
    table: payoutReversals,
    path: /^\/v1\/transfers\/[^/]+\/reversals$/,
    log: "payout reversal failed",
    made: "succeeded",
  },
};

export async function movementRow(ctx: TestContext, kind: MovementKind, id: string): Promise<MovementRow> {
  const { table } = MOVEMENT_WIRE[kind];
  return (await ctx.db.select().from(table).where(eq(table.id, id)))[0]!;
}

function expectLogged(prefix: string) {
  const calls = vi.mocked(console.error).mock.calls.filter((call) => String(call[0]).startsWith(prefix));
  expect(calls).toHaveLength(1);
  vi.mocked(console.error).mockClear();
}

export async function heldPage(ctx: TestContext, cookie: string) {
  return (await callRoute<{ held: { kind: string; id: string; lastError: string | null; attempts: number }[] }>(
    loader,
    getRequest("/admin/held-money", { cookie }),
    ctx.context,
  ))!.data.held;
}

export function retryHeld(ctx: TestContext, cookie: string, form: Record<string, string>) {
  return callRoute<{ error: string }>(action, formRequest("/admin/held-money", form, { cookie }), ctx.context);
}

/**
 * Stripe refuses the movement `id` at every automatic attempt (twice each time: the SDK's one retry fails as well).
 * Checks that it is never sent before its back-off is over, that the waits are the one back-off, that it is not listed
 * while the job still tries it, and that after the last attempt it is held: nothing due, the job leaves it alone a
 * month later, and the admin page lists it with Stripe's reason. Returns the held row and the time of its last attempt.
 */
export async function refuseUntilHeld(
  world: { ctx: TestContext; fake: FakeStripe; cookie: string },
  kind: MovementKind,
  id: string,
  start: Date,
  send: (now: Date) => Promise<unknown[]>,
): Promise<{ held: MovementRow; clock: Date }> {
  const wire = MOVEMENT_WIRE[kind];
  let clock = start.getTime();
  const waits: number[] = [];
  for (let attempt = 1; attempt <= MAX_AUTOMATIC_ATTEMPTS; attempt++) {
    if (attempt > 1) expect(await send(new Date(clock - MINUTE))).toEqual([]);
    world.fake.failNext(wire.path, 500);
    world.fake.failNext(wire.path, 500);
    expect(await send(new Date(clock))).toHaveLength(1);
    expectLogged(wire.log);
    const row = await movementRow(world.ctx, kind, id);
    expect(row).toMatchObject({ status: "failed", attempts: attempt });
    expect(row.lastError).toBeTruthy();
    if (attempt === MAX_AUTOMATIC_ATTEMPTS) break;
    waits.push((row.nextAttemptAt!.getTime() - clock) / MINUTE);
    clock = row.nextAttemptAt!.getTime();
    expect(await heldPage(world.ctx, world.cookie)).toEqual([]);
  }
  const last = BACKOFF_MINUTES.at(-1)!;
  expect(waits).toEqual([...BACKOFF_MINUTES, ...Array(MAX_AUTOMATIC_ATTEMPTS - 1 - BACKOFF_MINUTES.length).fill(last)]);

  const held = await movementRow(world.ctx, kind, id);
  expect(held.nextAttemptAt).toBeNull();
  expect(await send(new Date(clock + 30 * DAY))).toEqual([]);
  expect(await heldPage(world.ctx, world.cookie)).toEqual([
    expect.objectContaining({ kind, id, attempts: MAX_AUTOMATIC_ATTEMPTS, lastError: held.lastError }),
  ]);
  return { held, clock: new Date(clock) };
}
