// A listing's cancellation policy in one sentence (bookings:cancellationTerms), with the deadline as a date and time
// in Vilnius once the trip's start date is known: the car page, the booking's review step and the agreement say it
// the same way (cancellation-terms.ts#describePolicy).
import { useTranslation } from "react-i18next";
import { describePolicy, type CancellationPolicy } from "~/bookings/cancellation-terms";

export function CancellationPolicyText({
  policy,
  startDate,
}: {
  policy: CancellationPolicy;
  startDate?: string | null;
}) {
  const { t, i18n } = useTranslation("bookings");
  return <>{describePolicy((key, values) => t(key, values), policy, startDate, i18n.language)}</>;
}
