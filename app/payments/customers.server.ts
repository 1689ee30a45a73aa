// A deleted account's saved card goes with it (decision 035): its Stripe Customer, and the cards saved to that Customer,
// are deleted at Stripe, and the profile forgets the Customer's id once Stripe has answered. The deletion asks at once
// (routes/_account+/account.delete.tsx); the scheduled job asks again for any Stripe did not answer, so a card is never
// kept for a person who is gone because Stripe was out of reach at the moment they left.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import { profiles, users } from "#db/schema";
import { getPaymentGateway } from "~/payments/gateway.server";

/** How many Customers one run of the job deletes at most (each is one call to Stripe). */
const PER_RUN = 50;

/**
 * Deletes the Stripe Customers of deleted accounts (of one account, when `userId` is given); returns how many were
 * deleted. A failure is logged and left for the next run.
 */
export async function forgetDeletedCustomers(
  context: Pick<AppLoadContext, "db" | "env">,
  origin: string,
  userId?: string,
): Promise<number> {
  const { db } = context;
  const which: SQL = and(
    isNotNull(users.deletedAt),
    isNotNull(profiles.stripeCustomerId),
    userId ? eq(users.id, userId) : undefined,
  )!;
  const rows = await db
    .select({ id: profiles.id, customerId: profiles.stripeCustomerId })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(which)
    .limit(PER_RUN);
  const gateway = getPaymentGateway(context.env, origin);
  let forgotten = 0;
  for (const row of rows) {
    try {
      await gateway.forgetCustomer(row.customerId!);
    } catch (error) {
      console.error("saved card not deleted; the scheduled job asks again", row.id, error);
      continue;
    }
    await db
      .update(profiles)
      .set({ stripeCustomerId: null })
      .where(and(eq(profiles.id, row.id), eq(profiles.stripeCustomerId, row.customerId!)));
    forgotten++;
  }
  return forgotten;
}
