// A car page view counts once per visitor per car per day, not per reload (issue: browse). The visitor is the
// signed-in user, else a keyed hash of address and browser for that day: nothing is stored that could identify
// someone, and the hash changes every day. Owners' own visits and crawlers do not count.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { carViewMarks } from "#db/schema";
import { isbot } from "isbot";
import { clientAddress } from "~/accounts/rate-limit.server";
import { countCarView } from "~/cars/listing-stats.server";
import { sha256Hex } from "~/utils/crypto.server";
import { vilniusDay } from "~/utils/calendar-days";

export async function visitorKey(
  request: Request,
  userId: string | null,
  secret: string,
  day: string,
): Promise<string> {
  if (userId) return `u:${userId}`;
  const agent = request.headers.get("User-Agent") ?? "";
  return `a:${(await sha256Hex(`${secret}|${day}|${clientAddress(request)}|${agent}`)).slice(0, 32)}`;
}

/**
 * Records the view; the mark is ignored when this visitor already counted today, and then nothing is counted. A page
 * from the edge cache knows no owner: its visitor is anonymous, so never the owner.
 */
export async function recordCarView(
  context: Pick<AppLoadContext, "db" | "env">,
  request: Request,
  car: { id: string; ownerId?: string },
  viewerId: string | null,
  now = new Date(),
) {
  if ((viewerId !== null && viewerId === car.ownerId) || isbot(request.headers.get("User-Agent") ?? "")) return false;
  const day = vilniusDay(now);
  const visitor = await visitorKey(request, viewerId, context.env.sessionSecrets[0] ?? "", day);
  const mark = `${car.id}|${visitor}|${day}`;
  if (marked.has(mark)) return false;
  const [inserted] = await context.db.batch([
    context.db
      .insert(carViewMarks)
      .values({ carId: car.id, visitor, day })
      .onConflictDoNothing()
      .returning({ carId: carViewMarks.carId }),
    ...countCarView(context.db, car.id, day),
  ]);
  remember(mark);
  return inserted.length > 0;
}

/**
 * The marks this isolate knows are written (inserted now or found there), so a visitor's reloads of a page (most of
 * them answered from the edge cache) write nothing more. Bounded: the oldest are forgotten first, and a forgotten
 * mark only costs one write the database ignores.
 */
const marked = new Set<string>();
const MARKS_KEPT = 10_000;

function remember(mark: string) {
  marked.add(mark);
  if (marked.size > MARKS_KEPT) marked.delete(marked.values().next().value!);
}
