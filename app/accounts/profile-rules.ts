// Part 1 §5 rules for the own profile (/profile): the form's schema, used by the browser and the server alike, and
// the date-of-birth rule the spec leaves open. Messages are translation keys; the spec's profile errors are
// common's validation.nameFormat / phoneFormat / locationFormat, the date-of-birth ones are ours.
import { z } from "zod";
import { isValidLocation, isValidName, isValidPhone } from "~/accounts/account-rules";
import { vilniusDay } from "~/utils/calendar-days";

/** Renting a car, signing its agreement and paying need an adult: the marketplace's users are 18 or older. */
export const MIN_AGE_YEARS = 18;
/** Older than this is a typing error (1024 for 1994), not a person. */
export const MAX_AGE_YEARS = 120;

export type DateOfBirthProblem =
  | "profile:validation.dateOfBirthFormat"
  | "profile:validation.dateOfBirthFuture"
  | "profile:validation.dateOfBirthUnderage";

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole years from `birth` to `today`, both `YYYY-MM-DD`; someone born on 29 February comes of age on 1 March. */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const beforeBirthday = tm < bm || (tm === bm && td < bd);
  return ty - by - (beforeBirthday ? 1 : 0);
}

/**
 * Why a date of birth is refused, or null. `today` is the calendar day in Vilnius, so someone turning 18 today
 * may save it whatever the hour in UTC.
 */
export function dateOfBirthProblem(value: string, today: string = vilniusDay()): DateOfBirthProblem | null {
  const match = ISO_DAY.exec(value);
  if (!match) return "profile:validation.dateOfBirthFormat";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2001-02-30 becomes 2 March in Date: a day that does not exist is refused, not moved.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return "profile:validation.dateOfBirthFormat";
  }
  if (value > today) return "profile:validation.dateOfBirthFuture";
  const age = ageOn(value, today);
  if (age < MIN_AGE_YEARS) return "profile:validation.dateOfBirthUnderage";
  if (age > MAX_AGE_YEARS) return "profile:validation.dateOfBirthFormat";
  return null;
}

/**
 * The profile form. Empty optional fields mean "none" (conform sends them as undefined). The email and the
 * company's name and number are shown, not edited: they are not in the schema, so a forged field changes nothing.
 */
export const ProfileSchema = z.object({
  fullName: z.string({ error: "validation.nameFormat" }).trim().refine(isValidName, "validation.nameFormat"),
  phone: z.string({ error: "validation.phoneFormat" }).trim().refine(isValidPhone, "validation.phoneFormat").optional(),
  location: z
    .string({ error: "validation.locationFormat" })
    .trim()
    .refine(isValidLocation, "validation.locationFormat")
    .optional(),
  dateOfBirth: z
    .string({ error: "profile:validation.dateOfBirthFormat" })
    .trim()
    .superRefine((value, ctx) => {
      const problem = dateOfBirthProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  // Part 1 §5: bio is sanitised and cut to 500 characters, not refused; the textarea stops at 500 anyway.
  bio: z.string({ error: "errors.badRequest" }).optional(),
});

export type ProfileInput = z.infer<typeof ProfileSchema>;
