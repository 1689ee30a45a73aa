// Part 1 §5 rules for accounts and profiles: e-mail, password, names, company, phone, location. No zod here: the
// browser uses these on pages that validate no form (the car page's age rule); their schemas are account-form.ts.
// Messages are translation keys (common: validation.*); their English text is the spec's wording.
import { TEXT_CAPS } from "~/utils/sanitize";

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** PBKDF2 hashes any length, but a megabyte "password" is only a way to burn CPU. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SPECIAL_CHARACTERS = `!@#$%^&*(),.?":{}|<>`;

// The HTML living standard's e-mail pattern, plus a dot in the domain as a real address needs.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

export type PasswordCheck = "length" | "uppercase" | "lowercase" | "digit" | "special";

/** The sign-up checklist, shown live beside the field and enforced by the server. */
export function checkPassword(password: string): Record<PasswordCheck, boolean> {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    uppercase: /\p{Lu}/u.test(password),
    lowercase: /\p{Ll}/u.test(password),
    digit: /\d/.test(password),
    special: [...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  };
}

// Passwords that pass every check and still top breach lists; refused with the spec's "too weak" message.
const COMMON_PASSWORDS = new Set(
  [
    "Password1!",
    "Password123!",
    "Passw0rd!",
    "P@ssw0rd",
    "P@ssword1",
    "Qwerty123!",
    "Qwerty1!",
    "Welcome1!",
    "Welcome123!",
    "Admin123!",
    "Abcd1234!",
    "Aa123456!",
    "Slaptazodis1!",
    "Letmein1!",
  ].map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

// Letters of the Latin (accented and extended included) and Cyrillic scripts, digits, space, hyphen, apostrophe, dot.
const NAME_PATTERN = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{M}0-9 .'’-]{2,100}$/u;
const HAS_LETTER = /[\p{Script=Latin}\p{Script=Cyrillic}]/u;

export function isValidName(value: string): boolean {
  const name = value.trim();
  return name.length <= TEXT_CAPS.name && NAME_PATTERN.test(name) && HAS_LETTER.test(name);
}

const COMPANY_NUMBER_PATTERN = /^\d{1,9}$/;

export function isValidCompanyNumber(value: string): boolean {
  return COMPANY_NUMBER_PATTERN.test(value.trim());
}

const PHONE_PATTERN = /^\+?[\d\s\-()]{7,15}$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

export const LOCATION_MIN_LENGTH = 2;
export const LOCATION_MAX_LENGTH = 200;

export function isValidLocation(value: string): boolean {
  const location = value.trim();
  return location.length >= LOCATION_MIN_LENGTH && location.length <= LOCATION_MAX_LENGTH;
}
