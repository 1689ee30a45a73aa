// A listing's cancellation policy in words (decision 022): which sentence the car page, the booking's review step, the
// listing form and the agreement show, and until when the free cancellation of a trip lasts. Pure, so the page and
// the server say the same; the amounts themselves are app/pricing/refund-amounts.ts's.
import type { CANCELLATION_POLICIES } from "#db/enums";
import { tripTimes } from "~/bookings/trip-rules";
import { cancellationDeadline, POLICY_HOURS } from "~/pricing/refund-amounts";
import { formatDateTime } from "~/utils/format";

export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

/** A policy as a sentence: its translation key in `bookings` and the values it needs. */
export interface PolicyText {
  key: "cancellationTerms.summary.free" | "cancellationTerms.summary.freeUntil" | "cancellationTerms.summary.none";
  values: { hours?: number; deadline?: number };
}

/**
 * What the renter gets back, in words: "Free cancellation until 48 hours before pickup; …" or, when the trip's
 * start date is known, the deadline itself (a timestamp, shown as a date and time in Vilnius); "no cancellation":
 * only the deposit and insurance.
 */
export function policyText(policy: CancellationPolicy, startDate?: string | null): PolicyText {
  const hours = POLICY_HOURS[policy];
  if (hours === null) return { key: "cancellationTerms.summary.none", values: {} };
  if (!startDate) return { key: "cancellationTerms.summary.free", values: { hours } };
  const deadline = cancellationDeadline(policy, tripTimes({ startDate, endDate: startDate }).start)!;
  return { key: "cancellationTerms.summary.freeUntil", values: { hours, deadline } };
}

/**
 * The sentence itself, through the caller's translator (keys of the `bookings` namespace, prefixed with `ns`): the
 * page's `t` or the downloaded agreement's. The deadline is a date and time in Vilnius in the reader's language.
 */
export function describePolicy(
  translate: (key: string, values: { hours?: number; deadline?: string }) => string,
  policy: CancellationPolicy,
  startDate: string | null | undefined,
  language: string,
  ns = "bookings:",
): string {
  const { key, values } = policyText(policy, startDate);
  const deadline = values.deadline === undefined ? undefined : formatDateTime(values.deadline, language, "long");
  return translate(`${ns}${key}`, { hours: values.hours, deadline });
}
