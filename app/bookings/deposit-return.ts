// How a deposit comes back, told in one text wherever it is told (the booking page and dialog, the success page, the
// trip page, the e-mails, the FAQ and the terms), built from the rules rather than typed into each (decision 022):
// the claim window after the check-out (trip-rules.ts), then the refund the scheduled job sends, then the time a
// card's bank takes to show a refund. Pure, so pages and e-mails read the same numbers.
import { CLAIM_WINDOW_HOURS } from "~/bookings/trip-rules";

/**
 * Working days a card refund takes to show on the statement once it is made: Stripe's figure for card refunds
 * (https://docs.stripe.com/refunds#refund-timing). What the bank does is outside our hands; the range says so.
 */
export const REFUND_BANK_DAYS = { from: 5, to: 10 } as const;

/** The values of `common:money.bankDays`: "banks show a refund within 5–10 working days". */
export const bankDaysValues = () => ({ from: REFUND_BANK_DAYS.from, to: REFUND_BANK_DAYS.to });

/** The values of `common:money.depositReturn`: the claim window's hours, then the bank's days. */
export const depositReturnValues = () => ({ hours: CLAIM_WINDOW_HOURS, ...bankDaysValues() });

/** The one text of how a deposit comes back, with its values: `t(DEPOSIT_RETURN_TEXT, depositReturnValues())`. */
export const DEPOSIT_RETURN_TEXT = "common:money.depositReturn";
/** The one text of how long a refund takes to show, with its values: `t(BANK_DAYS_TEXT, bankDaysValues())`. */
export const BANK_DAYS_TEXT = "common:money.bankDays";
