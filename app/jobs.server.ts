// What wrangler.toml's cron runs every ten minutes: the expiry of unanswered booking requests (and the release of
// cards still held for cancelled bookings), the trips' deadlines and refunds (trips/trip-jobs.server.ts), the
// hosts' payouts of settled bookings and their reversals (payouts/payouts.server.ts),
// saved-search notifications for newly approved listings, the saved cards of deleted accounts (payments/customers.server.ts), and
// housekeeping of sessions, tokens, rate limits, local mail, view marks and old listing drafts.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, isNotNull, lt, or } from "drizzle-orm";
import { carViewMarks, devMailbox, emailTokens, listingDrafts, rateLimits, sessions } from "#db/schema";
import { SESSION_IDLE_MS } from "~/accounts/session.server";
import { expireBookings } from "~/bookings/booking-expiry.server";
import { runTripJobs } from "~/trips/trip-jobs.server";
import { runPayoutJobs } from "~/payouts/payouts.server";
import { forgetDeletedCustomers } from "~/payments/customers.server";
import { DRAFT_LIFETIME_DAYS } from "~/cars/own-listings.server";
import { checkNewlyApprovedListings } from "~/search/saved-searches.server";
import { vilniusDay } from "~/utils/calendar-days";

const DAY_MS = 24 * 60 * 60_000;

/** Links in e-mails sent by jobs: the configured address, else the local quick start's. */
const LOCAL_ORIGIN = "http://127.0.0.1:8787";

export async function runScheduledJobs(context: Pick<AppLoadContext, "db" | "env">, now: Date) {
  const at = now.getTime();
  const { db } = context;
  const origin = context.env.appUrl ?? LOCAL_ORIGIN;
  await expireBookings(context, now, origin);
  await runTripJobs(context, now, origin);
  // After the trips' step, so that a deposit returned in this run settles its booking's payout in the same run.
  await runPayoutJobs(context, now, origin);
  await checkNewlyApprovedListings(db, now);
  await forgetDeletedCustomers(context, origin);
  await db.batch([
    db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(at - SESSION_IDLE_MS)))),
    // Spent or expired links are kept a day, which is enough to tell "used" from "never existed" on a retry.
    db
      .delete(emailTokens)
      .where(
        or(
          lt(emailTokens.expiresAt, new Date(at - DAY_MS)),
          and(isNotNull(emailTokens.usedAt), lt(emailTokens.usedAt, new Date(at - DAY_MS))),
        ),
      ),
    // No rule's window is longer than a day.
    db.delete(rateLimits).where(lt(rateLimits.windowStart, at - DAY_MS)),
    db.delete(devMailbox).where(lt(devMailbox.createdAt, new Date(at - 7 * DAY_MS))),
    // View marks only need to outlive their day (a Vilnius day, so keep two).
    db.delete(carViewMarks).where(lt(carViewMarks.day, vilniusDay(new Date(at - 2 * DAY_MS)))),
    // Listing drafts nobody has touched for a month.
    db.delete(listingDrafts).where(lt(listingDrafts.updatedAt, new Date(at - DRAFT_LIFETIME_DAYS * DAY_MS))),
  ]);
}
