// The newsletter box (footer and /news): one e-mail address; and the unsubscribe link's form. Checked on the server only: the footer is on every
// page, so it ships no validation library; the message comes back next to the field.
import { z } from "zod";
import { isValidEmail } from "~/accounts/account-rules";

export const NewsletterSchema = z.object({
  email: z
    .string({ error: "footer.newsletter.emailRequired" })
    .trim()
    .toLowerCase()
    .refine(isValidEmail, "validation.emailInvalid"),
  /** Where a form without JavaScript comes back to (checked by safeRedirectPath). */
  redirectTo: z.string().optional(),
  /** Sent by the form once JavaScript runs: answer with data, not a redirect. */
  inline: z.literal("1").optional(),
});

/** The unsubscribe link's confirmation form: the subscription's id and the link's HMAC, as the e-mail carried them. */
export const NewsletterUnsubscribeSchema = z.object({ id: z.string(), token: z.string() });

/** How long a confirmation link works. */
export const NEWSLETTER_TOKEN_LIFETIME_MS = 48 * 60 * 60_000;
