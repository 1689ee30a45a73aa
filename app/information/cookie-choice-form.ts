// The cookie preferences form of /cookies: which button, and the boxes ticked (a ticked box sends "on", an unticked
// one nothing). Server-only, so the page ships no zod.
import { z } from "zod";
import { COOKIE_INTENTS } from "~/information/cookie-preferences";

const box = z.string().optional();

export const CookieChoiceSchema = z.object({
  intent: z.enum(COOKIE_INTENTS),
  analytics: box,
  marketing: box,
  preferences: box,
});
