// The contact form's rules that need no zod (spec part 2 §3 "Contact form", §5): its types, caps, prefill and HTML
// constraints. The schema is contact-form.ts, loaded by the browser on the form's first focus.
import { CONTACT_TYPES } from "#db/enums";

export { CONTACT_TYPES };
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Caps the server enforces (the browser's maxLength is a courtesy). */
export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

export function isContactType(value: unknown): value is ContactType {
  return typeof value === "string" && (CONTACT_TYPES as readonly string[]).includes(value);
}

/** What `?type=` and `?subject=` put in the form (the careers page's "Apply" links use them). */
export function contactPrefill(params: URLSearchParams): { type: ContactType; subject: string } {
  const type = params.get("type");
  return {
    type: isContactType(type) ? type : "general",
    subject: (params.get("subject") ?? "").trim().slice(0, CONTACT_LIMITS.subject),
  };
}

/** The form's HTML constraints as conform's getZodConstraint derives them from ContactSchema (a test compares). */
export const CONTACT_CONSTRAINT = {
  type: { required: false, pattern: CONTACT_TYPES.join("|") },
  name: { required: true },
  email: { required: true },
  subject: { required: true },
  message: { required: true },
};
