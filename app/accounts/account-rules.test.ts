import { describe, expect, it } from "vitest";
import {
  checkPassword,
  isValidCompanyNumber,
  isValidEmail,
  isValidLocation,
  isValidName,
  isValidPhone,
} from "~/accounts/account-rules";
import {
  CompanyNameSchema,
  CompanyNumberSchema,
  EmailSchema,
  FullNameSchema,
  LocationSchema,
  NewPasswordSchema,
  PhoneSchema,
  SignInPasswordSchema,
} from "~/accounts/account-form";

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe("e-mail", () => {
  it.each(["a@b.lt", "jonas.kazlauskas+ratai@example.co.uk", "o'brien@mail.example.com"])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(["", "plain", "a@b", "a@@b.lt", "a b@c.lt", "a@-b.lt", "a@b..lt", "@b.lt"])("refuses %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(firstError(EmailSchema.safeParse(email))).toBe("validation.emailInvalid");
  });
  it("allows 254 characters and no more", () => {
    const at254 = `${"a".repeat(243)}@example.lt`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(`a${at254}`)).toBe(false);
  });
  it("is trimmed and lower-cased", () => {
    expect(EmailSchema.parse("  Jonas@Example.LT ")).toBe("jonas@example.lt");
  });
  it("gives the spec's message when missing", () => {
    expect(firstError(EmailSchema.safeParse(undefined))).toBe("validation.emailInvalid");
  });
});

describe("password", () => {
  it("needs at least 8 characters, at sign-in too", () => {
    expect(firstError(SignInPasswordSchema.safeParse("1234567"))).toBe("validation.passwordTooShort");
    expect(SignInPasswordSchema.safeParse("12345678").success).toBe(true);
    expect(firstError(NewPasswordSchema.safeParse("Ab1!"))).toBe("validation.passwordTooShort");
  });

  it("at sign-up needs upper, lower, digit and a special character from the spec's set", () => {
    expect(checkPassword("Abcdefg1!")).toEqual({
      length: true,
      uppercase: true,
      lowercase: true,
      digit: true,
      special: true,
    });
    expect(checkPassword("abcdefg1!").uppercase).toBe(false);
    expect(checkPassword("ABCDEFG1!").lowercase).toBe(false);
    expect(checkPassword("Abcdefgh!").digit).toBe(false);
    expect(checkPassword("Abcdefgh1").special).toBe(false);
    // Only the spec's characters count as special.
    expect(checkPassword("Abcdefgh1_").special).toBe(false);
    for (const c of `!@#$%^&*(),.?":{}|<>`) expect(checkPassword(`Abcdefg1${c}`).special).toBe(true);
    // Lithuanian letters are letters.
    expect(checkPassword("Ąžuolas1!")).toMatchObject({ uppercase: true, lowercase: true });
    for (const weak of ["abcdefg1!", "ABCDEFG1!", "Abcdefgh!", "Abcdefgh1"]) {
      expect(firstError(NewPasswordSchema.safeParse(weak))).toBe("validation.passwordRequirements");
    }
  });

  it("refuses common passwords that pass the checklist as too weak", () => {
    expect(firstError(NewPasswordSchema.safeParse("Password1!"))).toBe("validation.passwordTooWeak");
    expect(firstError(NewPasswordSchema.safeParse("qwerty123!".replace("q", "Q")))).toBe("validation.passwordTooWeak");
    expect(NewPasswordSchema.safeParse("Žalias!Kalnas7").success).toBe(true);
  });

  it("refuses more than 128 characters", () => {
    expect(firstError(NewPasswordSchema.safeParse(`Aa1!${"x".repeat(125)}`))).toBe("validation.passwordTooLong");
  });
});

describe("names", () => {
  it.each(["Jonas", "Žemaitė-Kazlauskienė", "O'Neil", "J. Basanavičius", "Анна Иванова", "Łukasz Nowak", "Jonas 2"])(
    "accepts %s",
    (name) => {
      expect(isValidName(name)).toBe(true);
    },
  );
  it.each(["J", "", "   ", "Jonas <b>", "Jonas_Jonaitis", "名前", "---", "a".repeat(101), "@@"])(
    "refuses %j",
    (name) => {
      expect(isValidName(name)).toBe(false);
      expect(firstError(FullNameSchema.safeParse(name))).toBe("validation.nameInvalid");
    },
  );
  it("applies the same rule to company names with the company message", () => {
    expect(CompanyNameSchema.parse(" UAB Baltic Drive ")).toBe("UAB Baltic Drive");
    expect(firstError(CompanyNameSchema.safeParse("<UAB>"))).toBe("validation.companyNameInvalid");
  });
});

describe("company number", () => {
  it("is 1 to 9 digits", () => {
    for (const ok of ["1", "123456789", " 304512345 "]) expect(isValidCompanyNumber(ok)).toBe(true);
    for (const bad of ["", "1234567890", "12a", "12 34", "-1"]) {
      expect(isValidCompanyNumber(bad)).toBe(false);
      expect(firstError(CompanyNumberSchema.safeParse(bad))).toBe("validation.companyNumberInvalid");
    }
  });
});

describe("phone", () => {
  it("is optional: plus, then 7 to 15 of digits, spaces, hyphens, parentheses", () => {
    for (const ok of ["+37061234567", "8 612 34567", "(8-5) 2123456", "1234567"]) expect(isValidPhone(ok)).toBe(true);
    for (const bad of ["123456", "+3706123456789012", "++37061234567", "phone 123", "612-345-678x"]) {
      expect(isValidPhone(bad)).toBe(false);
      expect(firstError(PhoneSchema.safeParse(bad))).toBe("validation.phoneFormat");
    }
    expect(PhoneSchema.safeParse(undefined).success).toBe(true);
  });
});

describe("location", () => {
  it("is 2 to 200 characters", () => {
    expect(isValidLocation("Vilnius")).toBe(true);
    expect(isValidLocation("V")).toBe(false);
    expect(isValidLocation("x".repeat(200))).toBe(true);
    expect(isValidLocation("x".repeat(201))).toBe(false);
    expect(firstError(LocationSchema.safeParse(" K "))).toBe("validation.locationFormat");
  });
});
