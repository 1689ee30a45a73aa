// Part 1 §5 message rules: content required and not blank, at most 5000; subject trimmed to 200. The schemas of the
// forms that send a message: contact owner, the profile's Send Message, and a conversation's reply box.
import { z } from "zod";
import { truncate } from "~/utils/sanitize";

export const MESSAGE_MAX_LENGTH = 5000;
export const SUBJECT_MAX_LENGTH = 200;
export const MESSAGE_PREVIEW_LENGTH = 100;

export const MessageContentSchema = z
  .string({ error: "validation.messageEmpty" })
  .trim()
  .min(1, "validation.messageEmpty")
  .max(MESSAGE_MAX_LENGTH, "validation.messageTooLong");

export const SubjectSchema = z
  .string()
  .transform((s) => truncate(s, SUBJECT_MAX_LENGTH) || undefined)
  .optional();

export function messagePreview(content: string): string {
  const flat = content.replace(/\s+/g, " ").trim();
  return flat.length > MESSAGE_PREVIEW_LENGTH ? `${flat.slice(0, MESSAGE_PREVIEW_LENGTH)}…` : flat;
}

/** Part 1 §9 / §5: pickup location of a booking inquiry, as free text. */
export const PICKUP_LOCATION_MAX_LENGTH = 200;

const isoDay = z
  .string({ error: "messages:validation.dateInvalid" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "messages:validation.dateInvalid")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "messages:validation.dateInvalid");

/**
 * The contact-owner form (part 1 §2): general or booking inquiry; an inquiry's dates start no earlier than `today`
 * and end no earlier than they start (both optional: one may ask before knowing the days). `allowBooking` is false
 * for sale-only cars. The reply box and the profile's message dialog use `content` alone.
 */
export function contactOwnerSchema(today: string, allowBooking: boolean) {
  return z
    .object({
      type: z
        .enum(["general", "booking_inquiry"], { error: "messages:validation.typeInvalid" })
        .default("general")
        .refine((type) => allowBooking || type === "general", "messages:validation.bookingNotForSale"),
      subject: SubjectSchema,
      content: MessageContentSchema,
      start: isoDay.optional(),
      end: isoDay.optional(),
      pickupLocation: z
        .string({ error: "errors.badRequest" })
        .trim()
        .max(PICKUP_LOCATION_MAX_LENGTH, "messages:validation.pickupTooLong")
        .optional()
        .transform((value) => value || undefined),
    })
    .superRefine((form, context) => {
      if (form.type !== "booking_inquiry") return;
      if (form.start && form.start < today) {
        context.addIssue({ code: "custom", path: ["start"], message: "messages:validation.startInPast" });
      }
      if (form.start && form.end && form.end < form.start) {
        context.addIssue({ code: "custom", path: ["end"], message: "messages:validation.endBeforeStart" });
      }
    })
    .transform((form) =>
      form.type === "booking_inquiry" ? form : { ...form, start: undefined, end: undefined, pickupLocation: undefined },
    );
}

export type ContactOwnerForm = z.output<ReturnType<typeof contactOwnerSchema>>;

/** A conversation's reply box: the message alone (a general message, no subject). */
export const MessageReplySchema = z
  .object({ content: MessageContentSchema })
  .transform(({ content }): ContactOwnerForm => ({ type: "general", content, pickupLocation: undefined }));
