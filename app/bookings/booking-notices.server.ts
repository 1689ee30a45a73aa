// Who hears about a booking's change (decision 009): an in-app notification for the party it concerns, and e-mails — the
// host for each new request, the renter for each answer. Notifications are rendered in the reader's language from
// `type` and `data`; e-mails are written in the recipient's last-used language (profiles.preferred_language).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, inArray } from "drizzle-orm";
import { bookings, cars, damageClaims, notifications, profiles, refunds } from "#db/schema";
import { bookingEmailValues, type BookingMoneyFacts } from "~/bookings/booking-email-values";
import { bookingReference } from "~/bookings/booking-rules";
import { DEPOSIT_RETURN_TEXT, depositReturnValues } from "~/bookings/deposit-return";
import { getEmailSender } from "~/email/sender.server";
import { bookingEmail } from "~/email/templates.server";
import { fixedT } from "~/i18n.server";

export type BookingNoticeType =
  | "booking_requested"
  | "booking_confirmed"
  | "booking_declined"
  | "booking_cancelled"
  | "booking_completed"
  | "booking_expired"
  | "trip_check_in_overdue"
  // The return clock (trip-jobs.server.ts, decision 022): no check-out a day after the end; completed without one.
  | "trip_check_out_overdue"
  | "trip_auto_completed"
  | "deposit_returned"
  // A damage claim (damage-claims.server.ts): filed (to the renter), answered (to the host), decided or lapsed (both),
  // or handed to an admin because it charges kilometres of an odometer nobody confirmed (trip-jobs.server.ts).
  | "claim_filed"
  | "claim_answered"
  | "claim_decided"
  | "claim_referred"
  // The trip (decision 022): both parties hear of each record and of the answer to it; the e-mail leads to the trip page.
  | TripNoticeType;

export const TRIP_NOTICE_TYPES = [
  "trip_check_in",
  "trip_check_out",
  "trip_record_confirmed",
  "trip_record_disputed",
] as const;
export type TripNoticeType = (typeof TRIP_NOTICE_TYPES)[number];

/** The news of a trip after its confirmation (its records, an overdue check-in, the deposit): told from the trip page. */
const isTripNotice = (type: BookingNoticeType) => /^(trip|deposit)_/.test(type);

/** Where a notice's e-mail leads: a claim's page, the trip page for the trip's news, My Bookings for the rest. */
export function noticeUrl(origin: string, type: BookingNoticeType, bookingId: string, role: "renter" | "host") {
  if (type.startsWith("claim_")) return `${origin}/bookings/${bookingId}/claim`;
  return isTripNotice(type) ? `${origin}/bookings/${bookingId}` : `${origin}/bookings?role=${role}`;
}

/**
 * The e-mails, one per template in email.json's `booking`. Most are the notice's own type; the host reads of a renter's
 * cancellation and of a request that lapsed unanswered in words of their own, and the renter whose card could not be
 * charged on confirmation is told so (README.md, "Booking e-mails", lists who gets which).
 */
export type BookingEmailTemplate =
  | BookingNoticeType
  | "booking_cancelled_by_renter"
  | "booking_expired_host"
  | "booking_payment_failed"
  | "claim_lapsed"
  // A check-out recorded after the return deadline: it keeps the car's state and moves no clock (trip-rules.ts).
  | "trip_check_out_late"
  // The renter's own cancellation of a paid booking: what comes back, and when.
  | "booking_cancelled_by_you"
  // Instant book (decision 023): confirmed without the host (both), or the days were taken meanwhile (the renter).
  | "booking_instant_confirmed"
  | "booking_instant_host"
  | "booking_instant_taken";

/** Who is told: the host hears of requests and renter cancellations, the renter of answers. */
export interface BookingNotice {
  bookingId: string;
  type: BookingNoticeType;
  to: "renter" | "host" | "both";
  /** Also send an e-mail (to the same people). */
  email?: boolean;
  /** The e-mail's template when it is not the one for the type and the recipient (emailTemplate). */
  template?: BookingEmailTemplate;
  /** False: the e-mail only, no notification in the app (the person did it themselves and is on the page). */
  inApp?: false;
}

/** The template of a notice's e-mail to one of its recipients. */
export function emailTemplate(notice: Pick<BookingNotice, "type" | "template">, recipient: "renter" | "host") {
  if (notice.template) return notice.template;
  if (recipient === "host" && notice.type === "booking_cancelled") return "booking_cancelled_by_renter";
  if (recipient === "host" && notice.type === "booking_expired") return "booking_expired_host";
  return notice.type;
}

type Context = Pick<AppLoadContext, "db" | "env">;

/** Writes the notifications and sends the e-mails. A failed e-mail never undoes the booking change it reports. */
export async function sendBookingNotices(context: Context, notices: BookingNotice[], origin: string, now = new Date()) {
  if (notices.length === 0) return;
  const { db } = context;
  const rows = await db
    .select({
      id: bookings.id,
      renterId: bookings.renterId,
      ownerId: bookings.ownerId,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      totalAmount: bookings.totalAmount,
      depositAmount: bookings.depositAmount,
      depositKept: bookings.depositKept,
      hostEarnings: bookings.hostEarnings,
      paymentStatus: bookings.paymentStatus,
      createdAt: bookings.createdAt,
      confirmedAt: bookings.confirmedAt,
      cancelledAt: bookings.cancelledAt,
      carId: cars.id,
      make: cars.make,
      model: cars.model,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(
      inArray(
        bookings.id,
        notices.map((n) => n.bookingId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const values: (typeof notifications.$inferInsert)[] = [];
  const mails: {
    userId: string;
    type: BookingNoticeType;
    template: BookingEmailTemplate;
    booking: (typeof rows)[number];
  }[] = [];
  for (const notice of notices) {
    const booking = byId.get(notice.bookingId);
    if (!booking) continue;
    const recipients =
      notice.to === "both"
        ? [booking.renterId, booking.ownerId]
        : [notice.to === "host" ? booking.ownerId : booking.renterId];
    for (const userId of recipients) {
      if (notice.inApp !== false) {
        values.push({
          userId,
          type: notice.type,
          data: {
            booking_id: booking.id,
            car_id: booking.carId,
            car_make: booking.make,
            car_model: booking.model,
            start_date: booking.startDate,
            end_date: booking.endDate,
          },
          createdAt: now,
        });
      }
      const recipient = userId === booking.ownerId ? "host" : "renter";
      if (notice.email) mails.push({ userId, type: notice.type, template: emailTemplate(notice, recipient), booking });
    }
  }
  if (values.length > 0) await db.insert(notifications).values(values);
  if (mails.length === 0) return;

  const mailed = [...new Set(mails.map((m) => m.booking.id))];
  const [people, claims, refundRows] = await Promise.all([
    db
      .select({ id: profiles.id, email: profiles.email, name: profiles.fullName, language: profiles.preferredLanguage })
      .from(profiles)
      .where(
        inArray(
          profiles.id,
          mails.map((m) => m.userId),
        ),
      ),
    db
      .select({
        bookingId: damageClaims.bookingId,
        amount: damageClaims.amount,
        status: damageClaims.status,
        decidedAmount: damageClaims.decidedAmount,
        respondBy: damageClaims.respondBy,
        createdAt: damageClaims.createdAt,
        respondedAt: damageClaims.respondedAt,
        decidedAt: damageClaims.decidedAt,
      })
      .from(damageClaims)
      .where(inArray(damageClaims.bookingId, mailed)),
    db
      .select({
        bookingId: refunds.bookingId,
        kind: refunds.kind,
        amount: refunds.amount,
        createdAt: refunds.createdAt,
        succeededAt: refunds.succeededAt,
      })
      .from(refunds)
      .where(inArray(refunds.bookingId, mailed)),
  ]);
  /** The booking's money as its e-mails state it (booking-email-values.ts). */
  const moneyOf = (booking: (typeof rows)[number]): BookingMoneyFacts => ({
    ...booking,
    claim: claims.find((c) => c.bookingId === booking.id) ?? null,
    refunds: refundRows.filter((r) => r.bookingId === booking.id),
  });
  const send = getEmailSender(context);
  for (const mail of mails) {
    const person = people.find((p) => p.id === mail.userId);
    if (!person?.email) continue;
    const t = fixedT(person.language, "email");
    const money = bookingEmailValues(mail.template, moneyOf(mail.booking), person.language, now);
    const message = bookingEmail(
      t,
      person.email,
      person.name,
      mail.template,
      {
        ...money.values,
        depositReturn: t(DEPOSIT_RETURN_TEXT, depositReturnValues()),
        car: `${mail.booking.make} ${mail.booking.model}`,
        reference: bookingReference(mail.booking.id),
        url: noticeUrl(origin, mail.type, mail.booking.id, mail.userId === mail.booking.ownerId ? "host" : "renter"),
      },
      { actionKey: isTripNotice(mail.type) ? "email:booking.tripAction" : undefined, variant: money.variant },
    );
    try {
      await send(message);
    } catch (error) {
      console.error("booking e-mail failed", mail.template, error);
    }
  }
}
