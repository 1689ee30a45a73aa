// Every booking e-mail, in both languages and in each of its variants, fills in every value its text names: the
// amounts, dates and deadlines come from bookingEmailValues, formatted as the pages format them, so no e-mail goes
// out with a "{{refund}}" in it or without its figure.
import { describe, expect, it } from "vitest";
import { bookingEmailValues, type BookingMoneyFacts } from "~/bookings/booking-email-values";
import { DEPOSIT_RETURN_TEXT, depositReturnValues } from "~/bookings/deposit-return";
import { fixedT } from "~/i18n.server";
import en from "~/locales/en/email.json";
import { formatDate, formatDateTime, formatMoney } from "~/utils/format";

const NOW = new Date("2026-12-10T12:00:00Z");
const facts = (overrides: Partial<BookingMoneyFacts> = {}): BookingMoneyFacts => ({
  startDate: "2026-12-20",
  endDate: "2026-12-23",
  totalAmount: 62_640,
  depositAmount: 50_000,
  depositKept: 0,
  hostEarnings: 11_760,
  paymentStatus: "captured",
  createdAt: new Date("2026-12-01T09:00:00Z"),
  confirmedAt: new Date("2026-12-01T10:00:00Z"),
  cancelledAt: NOW,
  claim: {
    amount: 12_000,
    status: "awaiting_renter",
    decidedAmount: null,
    respondBy: new Date("2026-12-13T12:00:00Z"),
    createdAt: NOW,
    respondedAt: null,
    decidedAt: null,
  },
  refunds: [
    { kind: "cancellation", amount: 58_400, createdAt: NOW, succeededAt: NOW },
    { kind: "deposit", amount: 38_000, createdAt: NOW, succeededAt: NOW },
  ],
  ...overrides,
});

/** Every template and every variant of its body: ["booking_cancelled", undefined], ["booking_cancelled", "full"], … */
const variants = Object.entries(en.booking).flatMap(([template, texts]) =>
  typeof texts === "string"
    ? []
    : Object.keys(texts)
        .filter((key) => key.startsWith("body"))
        .map((key) => [template, key === "body" ? undefined : key.slice("body_".length)] as const),
);

describe.each(["lt", "en"] as const)("booking e-mails in %s", (language) => {
  const t = fixedT(language, "email");
  it.each(variants)("%s (%s) names no value it is not given", (template, context) => {
    const { values } = bookingEmailValues(template, facts(), language, NOW);
    const filled = { ...values, car: "Toyota Corolla", reference: "ABCD1234", url: "https://ratai.test/x" };
    const depositReturn = t(DEPOSIT_RETURN_TEXT, depositReturnValues());
    const body = t(`email:booking.${template}.${context ? `body_${context}` : "body"}`, { ...filled, depositReturn });
    const subject = t(`email:booking.${template}.subject`, filled);
    expect(`${subject} ${body}`).not.toMatch(/\{\{|email:booking/);
  });

  it("every variant an e-mail may be given is written, in this language too", () => {
    const written = (template: string, variant?: string) =>
      t(`email:booking.${template}.${variant ? `body_${variant}` : "body"}`) !== `booking.${template}.body_${variant}`;
    const cases: [string, Partial<BookingMoneyFacts>][] = [
      ["booking_cancelled", {}],
      ["booking_cancelled", { refunds: [] }],
      ["booking_cancelled", { refunds: [{ kind: "cancellation", amount: 62_640, createdAt: NOW, succeededAt: NOW }] }],
      ["booking_cancelled_by_renter", { refunds: [] }],
      [
        "booking_cancelled_by_renter",
        { refunds: [{ kind: "cancellation", amount: 62_640, createdAt: NOW, succeededAt: NOW }] },
      ],
      ["booking_cancelled_by_you", { refunds: [] }],
      [
        "booking_cancelled_by_you",
        { refunds: [{ kind: "cancellation", amount: 62_640, createdAt: NOW, succeededAt: NOW }] },
      ],
      ["deposit_returned", { depositKept: 12_000 }],
      ["claim_answered", { claim: { ...facts().claim!, status: "accepted" } }],
      ["claim_answered", { claim: { ...facts().claim!, status: "disputed" } }],
    ];
    for (const [template, overrides] of cases) {
      const { variant } = bookingEmailValues(template, facts(overrides), language, NOW);
      expect(written(template, variant), `${template} ${variant}`).toBe(true);
    }
  });

  it("a cancellation's variant follows the money: refunded in part, in full, or only a hold released", () => {
    const partly = bookingEmailValues("booking_cancelled_by_you", facts(), language, NOW);
    expect(partly.variant).toBeUndefined();
    expect(partly.values).toMatchObject({
      refund: formatMoney(58_400, language),
      paid: formatMoney(62_640, language),
      kept: formatMoney(4_240, language),
      date: formatDate(NOW, language, "long"),
    });
    const full = facts({ refunds: [{ kind: "cancellation", amount: 62_640, createdAt: NOW, succeededAt: NOW }] });
    expect(bookingEmailValues("booking_cancelled", full, language, NOW).variant).toBe("full");
    expect(bookingEmailValues("booking_cancelled_by_renter", facts({ refunds: [] }), language, NOW).variant).toBe(
      "hold",
    );
  });

  it("a claim states what is claimed, until when to answer, and what comes back if it stands", () => {
    expect(bookingEmailValues("claim_filed", facts(), language, NOW).values).toMatchObject({
      claimed: formatMoney(12_000, language),
      deadline: formatDateTime(new Date("2026-12-13T12:00:00Z"), language),
      refund: formatMoney(38_000, language),
    });
    const decided = facts({
      claim: { ...facts().claim!, status: "decided", decidedAmount: 5_000, decidedAt: NOW },
    });
    expect(bookingEmailValues("claim_decided", decided, language, NOW).values).toMatchObject({
      kept: formatMoney(5_000, language),
      refund: formatMoney(45_000, language),
    });
    const accepted = facts({ claim: { ...facts().claim!, status: "accepted", respondedAt: NOW } });
    expect(bookingEmailValues("claim_answered", accepted, language, NOW).variant).toBe("accepted");
  });
});
