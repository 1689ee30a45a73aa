// The account fields' zod schemas (part 1 §5), built on the rules of account-rules.ts and used by the forms
// that ask for them (auth-form.ts) and the server's sign-in. Messages are translation keys (common: validation.*).
import { z } from "zod";
import {
  checkPassword,
  isCommonPassword,
  isValidCompanyNumber,
  isValidEmail,
  isValidLocation,
  isValidName,
  isValidPhone,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "~/accounts/account-rules";

/** E-mail as typed into a form: trimmed and lower-cased, so one address is one account. */
export const EmailSchema = z
  .string({ error: "validation.emailInvalid" })
  .trim()
  .toLowerCase()
  .refine(isValidEmail, "validation.emailInvalid");

/** Sign-in only asks for the length rule: old accounts may predate the checklist. */
export const SignInPasswordSchema = z
  .string({ error: "validation.passwordTooShort" })
  .min(PASSWORD_MIN_LENGTH, "validation.passwordTooShort")
  .max(PASSWORD_MAX_LENGTH, "validation.passwordTooLong");

export const NewPasswordSchema = z
  .string({ error: "validation.passwordTooShort" })
  .min(PASSWORD_MIN_LENGTH, "validation.passwordTooShort")
  .max(PASSWORD_MAX_LENGTH, "validation.passwordTooLong")
  .refine((p) => Object.values(checkPassword(p)).every(Boolean), "validation.passwordRequirements")
  .refine((p) => !isCommonPassword(p), "validation.passwordTooWeak");

export const FullNameSchema = z
  .string({ error: "validation.nameInvalid" })
  .trim()
  .refine(isValidName, "validation.nameInvalid");

export const CompanyNameSchema = z
  .string({ error: "validation.companyNameInvalid" })
  .trim()
  .refine(isValidName, "validation.companyNameInvalid");

export const CompanyNumberSchema = z
  .string({ error: "validation.companyNumberInvalid" })
  .trim()
  .refine(isValidCompanyNumber, "validation.companyNumberInvalid");

/** Optional: an empty field is no phone at all. */
export const PhoneSchema = z.string().trim().refine(isValidPhone, "validation.phoneFormat").optional();

export const LocationSchema = z
  .string({ error: "validation.locationFormat" })
  .trim()
  .refine(isValidLocation, "validation.locationFormat");

/** A checkbox that must be ticked (terms, privacy): conform sends "on" or nothing. */
export function requiredConsent(message: string) {
  return z.literal("on", { error: message }).transform(() => true as const);
}
