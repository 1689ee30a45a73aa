// One timeline for a deposit's return (decision 022): every text that says how long it takes reads the rules'
// numbers — the claim window after the check-out, then the bank's days for a refund — instead of its own. Before,
// the booking page said 3–7 working days, the trip page a 24-hour hold and the e-mail 5–10 working days.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BANK_DAYS_TEXT,
  DEPOSIT_RETURN_TEXT,
  REFUND_BANK_DAYS,
  bankDaysValues,
  depositReturnValues,
} from "~/bookings/deposit-return";
import { CLAIM_WINDOW_HOURS } from "~/bookings/trip-rules";
import { fixedT } from "~/i18n.server";

/** Every text a person reads: the locales and the information pages' content. */
function texts() {
  const files = [
    ...["en", "lt"].flatMap((lang) =>
      readdirSync(join("app/locales", lang)).map((name) => join("app/locales", lang, name)),
    ),
    ...readdirSync("app/information/content").map((name) => join("app/information/content", name)),
  ];
  return files.map((file) => ({ file, text: readFileSync(file, "utf8") }));
}

describe("how a deposit comes back", () => {
  it("is built from the rules: the claim window's hours, then the bank's working days", () => {
    expect(depositReturnValues()).toEqual({ hours: CLAIM_WINDOW_HOURS, from: 5, to: 10 });
    expect(bankDaysValues()).toEqual({ from: REFUND_BANK_DAYS.from, to: REFUND_BANK_DAYS.to });
    expect(fixedT("en")(DEPOSIT_RETURN_TEXT, depositReturnValues())).toBe(
      "The deposit comes back after the trip: for 24 hours after the check-out the host may claim from it, then we refund what is not kept to the card it was paid with, and the bank shows the refund within 5–10 working days.",
    );
    expect(fixedT("lt")(DEPOSIT_RETURN_TEXT, depositReturnValues())).toContain(
      "per 24\u00a0val. po automobilio grąžinimo",
    );
    expect(fixedT("lt")(BANK_DAYS_TEXT, bankDaysValues())).toContain("per 5–10 darbo dienų");
  });

  it("no text names a number of days or hours of its own for it", () => {
    // "3–7 working days", "5–10 business days", "per 5–10 darbo dienų": a range typed into a text.
    const typedRange = /\d+\s*[–-]\s*\d+\s*(working|business|darbo)\s+(days|dien)/i;
    const found = texts().flatMap(({ file, text }) =>
      text
        .split("\n")
        .filter((line) => typedRange.test(line))
        .map((line) => `${file}: ${line.trim().slice(0, 120)}`),
    );
    expect(found).toEqual([]);
  });
});
