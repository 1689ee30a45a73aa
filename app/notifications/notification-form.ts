// The forms of the notifications page and the bell's panel: open one line (marking it read) or mark all read.
// Server-only, so the bell ships no zod.
import { z } from "zod";

export const NotificationActionSchema = z.discriminatedUnion("intent", [
  // A missing id is a notification that is not there (404), as a wrong one is.
  z.object({ intent: z.literal("open"), id: z.string().optional() }),
  // `stay=1`: the bell's panel reloads itself; otherwise back to `redirectTo`, the page's list.
  z.object({ intent: z.literal("read-all"), stay: z.string().optional(), redirectTo: z.string().optional() }),
]);
