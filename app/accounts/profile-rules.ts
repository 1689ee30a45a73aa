// Part 1 §5 rules for the own profile (/profile): the date-of-birth rule the spec leaves open. Messages are
// translation keys (the date-of-birth ones are ours). No zod here: the car page's age rule runs in the browser
// through this module; the profile form's schema is profile-form.ts.
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
