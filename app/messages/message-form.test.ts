import { describe, expect, it } from "vitest";
import { contactOwnerSchema, MessageContentSchema, messagePreview, SubjectSchema } from "~/messages/message-form";

describe("message rules", () => {
  it("content is required, not blank, at most 5000 characters", () => {
    const message = (value: unknown) => {
      const result = MessageContentSchema.safeParse(value);
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(message(undefined)).toBe("validation.messageEmpty");
    expect(message("   \n ")).toBe("validation.messageEmpty");
    expect(message("x".repeat(5001))).toBe("validation.messageTooLong");
    expect(message("x".repeat(5000))).toBeNull();
    expect(MessageContentSchema.parse("  Labas!  ")).toBe("Labas!");
  });
  it("the subject is trimmed to 200", () => {
    expect(SubjectSchema.parse(`  ${"s".repeat(250)}`)).toHaveLength(200);
    expect(SubjectSchema.parse("   ")).toBeUndefined();
  });
  it("previews are 100 characters", () => {
    expect(messagePreview("a".repeat(150))).toBe(`${"a".repeat(100)}…`);
    expect(messagePreview("Labas,\n\nar dar laisva?")).toBe("Labas, ar dar laisva?");
  });
});

describe("the contact-owner form", () => {
  const today = "2026-11-22";
  const issues = (input: Record<string, string>, allowBooking = true) => {
    const result = contactOwnerSchema(today, allowBooking).safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  it("asks for a message and takes a general question without dates", () => {
    expect(issues({ type: "general", content: " " })).toEqual({ content: "validation.messageEmpty" });
    const parsed = contactOwnerSchema(today, true).parse({
      type: "general",
      content: "Ar dar parduodate?",
      start: "2026-01-01",
    });
    expect(parsed).toMatchObject({ type: "general", content: "Ar dar parduodate?", start: undefined });
  });
  it("an inquiry starts no earlier than today and ends no earlier than it starts", () => {
    const inquiry = { type: "booking_inquiry", content: "Laisva?" };
    expect(issues({ ...inquiry, start: "2026-11-21" })).toEqual({ start: "messages:validation.startInPast" });
    expect(issues({ ...inquiry, start: "2026-11-22", end: "2026-11-21" })).toEqual({
      end: "messages:validation.endBeforeStart",
    });
    expect(issues({ ...inquiry, start: "2026-11-22", end: "2026-11-22" })).toEqual({});
    expect(issues({ ...inquiry, start: "2027-02-30" })).toEqual({ start: "messages:validation.dateInvalid" });
    expect(issues({ ...inquiry, pickupLocation: "x".repeat(201) })).toEqual({
      pickupLocation: "messages:validation.pickupTooLong",
    });
  });
  it("a sale-only car takes general questions only; an unknown type is refused", () => {
    expect(issues({ type: "booking_inquiry", content: "Laisva?" }, false)).toEqual({
      type: "messages:validation.bookingNotForSale",
    });
    expect(issues({ type: "spam", content: "x" })).toEqual({ type: "messages:validation.typeInvalid" });
  });
});
