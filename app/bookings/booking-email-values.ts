// What a booking's e-mail says of the money (README "Booking e-mails"): an e-mail about money states the amount, the
// date and what happens next, formatted as the pages format them (utils/format.ts), in the reader's language. The
// amounts are the booking's own, as the write that caused the e-mail left them: the refund rows hold what the
// cancellation terms and the claim's settlement computed (pricing/refund-amounts.ts), so an e-mail never computes a
// figure of its own. Pure: sendBookingNotices reads the facts after that write and hands them here.
import type { ClaimStatus, PaymentStatus, RefundKind } from "#db/enums";
import { REQUEST_ANSWER_HOURS } from "~/bookings/booking-rules";
import { depositReturnValues } from "~/bookings/deposit-return";
import { formatDate, formatDateTime, formatMoney } from "~/utils/format";

const HOUR_MS = 3_600_000;

/** A booking's money as an e-mail reads it, just after the change it reports. */
export interface BookingMoneyFacts {
  startDate: string;
  endDate: string;
  totalAmount: number;
  depositAmount: number;
  depositKept: number;
  hostEarnings: number;
  paymentStatus: PaymentStatus;
  createdAt: Date;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
  claim: {
    amount: number;
    status: ClaimStatus;
    decidedAmount: number | null;
    respondBy: Date;
    createdAt: Date;
    respondedAt: Date | null;
    decidedAt: Date | null;
  } | null;
  refunds: { kind: RefundKind; amount: number; createdAt: Date; succeededAt: Date | null }[];
}

/** What an e-mail's texts fill in: the booking's days, and its amounts and dates formatted for the reader. */
export type BookingEmailValues = { start: string; end: string; [value: string]: string | number };

/**
 * The values an e-mail's texts fill in, and the variant of its body (`body_<variant>`) when what happened to the
 * money decides the words: a hold released rather than a refund, nothing kept, a claim accepted or disputed.
 */
export function bookingEmailValues(
  template: string,
  facts: BookingMoneyFacts,
  language: string,
  now: Date,
): { values: BookingEmailValues; variant?: string } {
  const money = (cents: number) => formatMoney(cents, language);
  const day = (at: Date | number | string) => formatDate(at, language, "long");
  const moment = (at: Date | number) => formatDateTime(at, language);
  const refundOf = (kind: RefundKind) => facts.refunds.find((refund) => refund.kind === kind) ?? null;
  const values: BookingEmailValues = {
    ...depositReturnValues(),
    // The booking's days as its pages list them; a moment of money in full words ("on 29 November 2026").
    start: formatDate(facts.startDate, language),
    end: formatDate(facts.endDate, language),
    amount: money(facts.totalAmount),
    deposit: money(facts.depositAmount),
    earnings: money(facts.hostEarnings),
  };
  const cancelled = (): { values: typeof values; variant?: string } => {
    const refund = refundOf("cancellation");
    const date = day(facts.cancelledAt ?? now);
    // Nothing was captured: the hold on the card is released, there is nothing to refund.
    if (!refund) return { values: { ...values, date }, variant: "hold" };
    const kept = facts.totalAmount - refund.amount;
    return {
      values: { ...values, date, refund: money(refund.amount), paid: money(facts.totalAmount), kept: money(kept) },
      variant: kept === 0 ? "full" : undefined,
    };
  };
  switch (template) {
    case "booking_requested":
      return {
        values: { ...values, deadline: moment(facts.createdAt.getTime() + REQUEST_ANSWER_HOURS * HOUR_MS) },
      };
    case "booking_confirmed":
    case "booking_instant_confirmed":
    case "booking_instant_host":
      return { values: { ...values, date: day(facts.confirmedAt ?? now) } };
    case "booking_declined":
    case "booking_expired":
    case "booking_payment_failed":
    case "booking_instant_taken":
      return { values: { ...values, date: day(facts.cancelledAt ?? now) } };
    case "booking_cancelled":
    case "booking_cancelled_by_renter":
    case "booking_cancelled_by_you":
      return cancelled();
    case "deposit_returned": {
      const refund = refundOf("deposit");
      const returned = refund?.amount ?? facts.depositAmount - facts.depositKept;
      return {
        values: {
          ...values,
          refund: money(returned),
          kept: money(facts.depositKept),
          date: day(refund?.succeededAt ?? now),
        },
        variant: facts.depositKept > 0 ? "kept" : undefined,
      };
    }
    case "claim_filed":
    case "claim_answered":
    case "claim_decided":
    case "claim_lapsed": {
      const claim = facts.claim;
      if (!claim) return { values };
      const kept =
        claim.status === "decided"
          ? (claim.decidedAmount ?? 0)
          : claim.status === "accepted" || claim.status === "lapsed"
            ? claim.amount
            : Math.min(claim.amount, facts.depositAmount);
      const date =
        template === "claim_filed"
          ? claim.createdAt
          : template === "claim_answered"
            ? (claim.respondedAt ?? now)
            : (claim.decidedAt ?? now);
      return {
        values: {
          ...values,
          claimed: money(claim.amount),
          kept: money(kept),
          refund: money(facts.depositAmount - kept),
          date: day(date),
          deadline: moment(claim.respondBy),
        },
        variant:
          template === "claim_answered" && (claim.status === "accepted" || claim.status === "disputed")
            ? claim.status
            : undefined,
      };
    }
    default:
      return { values };
  }
}
