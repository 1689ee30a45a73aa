import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CONTACT_CONSTRAINT, CONTACT_LIMITS, contactPrefill } from "~/information/contact-rules";
import { ContactSchema } from "~/information/contact-form";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const errorsOf = (fields: Record<string, string>) => {
  const submission = parseWithZod(form(fields), { schema: ContactSchema });
  return submission.status === "error" ? submission.error : null;
};

const GOOD = {
  type: "support",
  name: "  Rūta Žemaitė ",
  email: " Ruta.Zemaite@Example.LT ",
  subject: "Užstatas",
  message: "Kada grąžinsite užstatą?",
};

describe("the contact form's schema", () => {
  it("accepts a complete form, trimmed, with the e-mail in lower case", () => {
    const submission = parseWithZod(form(GOOD), { schema: ContactSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      type: "support",
      name: "Rūta Žemaitė",
      email: "ruta.zemaite@example.lt",
      subject: "Užstatas",
      message: "Kada grąžinsite užstatą?",
    });
  });

  it("asks for each required field by name, and for a real e-mail address", () => {
    expect(errorsOf({ name: " ", email: "not-an-address" })).toMatchObject({
      name: ["information:contact.errors.nameRequired"],
      email: ["validation.emailInvalid"],
      subject: ["information:contact.errors.subjectRequired"],
      message: ["information:contact.errors.messageRequired"],
    });
    expect(errorsOf({})?.email).toEqual(["information:contact.errors.emailRequired"]);
  });

  it("defaults the type to general and refuses one that is not on the list", () => {
    const { type: _type, ...rest } = GOOD;
    const submission = parseWithZod(form(rest), { schema: ContactSchema });
    expect(submission.status === "success" && submission.value.type).toBe("general");
    expect(errorsOf({ ...GOOD, type: "lawsuit" })?.type).toEqual(["information:contact.errors.typeInvalid"]);
  });

  it("caps name, subject and message", () => {
    const atCaps = {
      ...GOOD,
      name: "a".repeat(CONTACT_LIMITS.name),
      subject: "s".repeat(CONTACT_LIMITS.subject),
      message: "m".repeat(CONTACT_LIMITS.message),
    };
    expect(parseWithZod(form(atCaps), { schema: ContactSchema }).status).toBe("success");
    const over = errorsOf({
      ...atCaps,
      name: `${atCaps.name}a`,
      subject: `${atCaps.subject}s`,
      message: `${atCaps.message}m`,
    });
    expect(over).toMatchObject({
      name: ["information:contact.errors.nameTooLong"],
      subject: ["information:contact.errors.subjectTooLong"],
      message: ["information:contact.errors.messageTooLong"],
    });
  });
});

describe("the contact form's prefill from the address", () => {
  it("takes a known type and a subject, capped", () => {
    expect(contactPrefill(new URLSearchParams("type=business&subject=Partnerysčių+vadovas"))).toEqual({
      type: "business",
      subject: "Partnerysčių vadovas",
    });
    expect(contactPrefill(new URLSearchParams(`type=admin&subject=${"x".repeat(300)}`))).toEqual({
      type: "general",
      subject: "x".repeat(CONTACT_LIMITS.subject),
    });
  });
});

describe("the contact form's written-out HTML constraints", () => {
  it("are what conform derives from its schema", () => {
    expect(CONTACT_CONSTRAINT).toEqual(getZodConstraint(ContactSchema));
  });
});
