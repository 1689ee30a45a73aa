// The contact form (spec part 2 §3 "Contact form", §5): name, e-mail, subject and message required, the e-mail a
// real address, and a type. One schema for the browser's checks and the server's parse; messages are keys.
import { z } from "zod";
import { isValidEmail } from "~/accounts/account-rules";
import { CONTACT_TYPES } from "#db/enums";

export { CONTACT_TYPES };
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Caps the server enforces (the browser's maxLength is a courtesy). */
export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

const required = (field: string, max: number) =>
  z
    .string({ error: `information:contact.errors.${field}Required` })
    .trim()
    .min(1, `information:contact.errors.${field}Required`)
    .max(max, `information:contact.errors.${field}TooLong`);

export const ContactSchema = z.object({
  type: z.enum(CONTACT_TYPES, { error: "information:contact.errors.typeInvalid" }).default("general"),
  name: required("name", CONTACT_LIMITS.name),
  email: z
    .string({ error: "information:contact.errors.emailRequired" })
    .trim()
    .toLowerCase()
    .refine(isValidEmail, "validation.emailInvalid"),
  subject: required("subject", CONTACT_LIMITS.subject),
  message: required("message", CONTACT_LIMITS.message),
});

export type ContactInput = z.output<typeof ContactSchema>;

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
