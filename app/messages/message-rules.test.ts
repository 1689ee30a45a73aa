import { describe, expect, it } from "vitest";
import { MessageContentSchema, messagePreview, SubjectSchema } from "~/messages/message-rules";

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
