// The contact form's schema (spec part 2 §3 "Contact form", §5): name, e-mail, subject and message required, the
// e-mail a real address, and a type. One schema for the browser's check (fetched on the form's first focus) and the
// server's parse; messages are keys.
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { isValidEmail } from "~/accounts/account-rules";
import { CONTACT_LIMITS, CONTACT_TYPES } from "~/information/contact-rules";

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

export const checkContact = (formData: FormData) => parseWithZod(formData, { schema: ContactSchema });
