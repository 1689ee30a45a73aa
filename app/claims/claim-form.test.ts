import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { AnswerClaimSchema, claimPageSchema, decideClaimSchema, fileClaimSchema } from "~/claims/claim-form";
import { claimBreakdown } from "~/pricing/claim-amounts";

function form(fields: Record<string, string | string[] | File[]>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return body;
}

/** What a test reads of a submission: its status, its value or its messages by field. */
interface Parsed {
  status: string;
  value?: Record<string, unknown>;
  error?: Record<string, string[] | null> | null;
}
const parse = (fields: Parameters<typeof form>[0], schema: Parameters<typeof parseWithZod>[1]["schema"]) =>
  parseWithZod(form(fields), { schema }) as unknown as Parsed;

const DEPOSIT = 50_000;
const RATES = { excessKmFee: 20, lateReturnFee: 5_000, from: "agreement" } as const;
/** What the records price: 3,000 km over (€600, more than the deposit) and 2 hours late (€100). */
const items = (chauffeured = false) =>
  claimBreakdown({ excessKm: 3_000, lateHours: 2, rates: RATES, deposit: DEPOSIT, chauffeured });
const ITEMS = items();
const claim = (fields: Record<string, string | string[] | File[]> = {}, against = ITEMS) =>
  parse(
    { intent: "file", description: "Dent on the door", amount: "120", categories: ["excess_km"], ...fields },
    fileClaimSchema(against),
  );
const photo = () => new File([new Uint8Array([1, 2, 3])], "a.jpg", { type: "image/jpeg" });

describe("fileClaimSchema", () => {
  it.each([
    ["120", 12_000],
    ["120,50", 12_050],
    ["120.50", 12_050],
    ["120.5", 12_050],
    [" 1 00,50 ", 10_050],
    ["0,01", 1],
    ["500", DEPOSIT],
  ])("reads %j as %i cents", (amount, cents) => {
    const result = claim({ amount });
    expect(result.status).toBe("success");
    expect(result.value?.amount).toBe(cents);
  });

  it.each([
    ["", "claims:errors.amount"],
    ["abc", "claims:errors.amountFormat"],
    ["12.345", "claims:errors.amountFormat"],
    ["-5", "claims:errors.amountFormat"],
    ["0", "claims:errors.amountPositive"],
    ["500,01", "claims:errors.aboveDeposit"],
  ])("refuses the amount %j with %s next to the field", (amount, message) => {
    const result = claim({ amount });
    expect(result.status).toBe("error");
    expect(result.error?.amount).toEqual([message]);
  });

  it("needs a description of 1 to 2000 characters, kept clean", () => {
    expect(claim({ description: "   " }).error?.description).toEqual(["claims:errors.description"]);
    expect(claim({ description: "x".repeat(2001) }).error?.description).toEqual(["claims:errors.textTooLong"]);
    const ok = claim({ description: "  <b>Dent</b> " });
    expect(ok.value?.description).toBe("bDent/b");
  });

  it("needs a known category, at least one; damage needs a photo; at most 8 photos", () => {
    expect(claim({ categories: [] }).error?.categories).toEqual(["claims:errors.categories"]);
    expect(claim({ categories: ["speeding"] }).status).toBe("error");
    expect(claim({ categories: ["damage"] }).error?.photos).toEqual(["claims:errors.damagePhotos"]);
    const withPhoto = claim({ categories: ["damage", "damage", "cleaning"], photos: [photo()] });
    expect(withPhoto.value?.categories).toEqual(["damage", "cleaning"]);
    expect(claim({ photos: Array.from({ length: 9 }, photo) }).error?.photos).toEqual(["claims:errors.photoCount"]);
  });

  it("for excess kilometres and lateness alone, no more than the records price them at", () => {
    expect(claim({ categories: ["late_return"], amount: "100" }).status).toBe("success");
    expect(claim({ categories: ["late_return"], amount: "100,01" }).error?.amount).toEqual([
      "claims:errors.aboveItems",
    ]);
    // Anything the host prices (damage, fuel, cleaning) lifts the limit to the deposit.
    expect(claim({ categories: ["late_return", "cleaning"], amount: "400" }).status).toBe("success");
  });

  it("a chauffeured booking: no claim for excess kilometres or lateness, the message at the categories", () => {
    const chauffeured = items(true);
    expect(claim({}, chauffeured).error?.categories).toEqual(["claims:errors.chauffeured"]);
    expect(claim({ categories: ["late_return", "fuel"] }, chauffeured).error?.categories).toEqual([
      "claims:errors.chauffeured",
    ]);
    expect(claim({ categories: ["fuel"] }, chauffeured).status).toBe("success");
  });
});

describe("the renter's answer and the admin's decision", () => {
  it("accept needs nothing; a dispute needs a note", () => {
    expect(parse({ intent: "accept" }, AnswerClaimSchema).status).toBe("success");
    expect(parse({ intent: "dispute", note: "" }, AnswerClaimSchema).error?.note).toEqual(["claims:errors.note"]);
    expect(parse({ intent: "refund-me" }, claimPageSchema(ITEMS)).status).toBe("error");
  });

  it("decides 0 up to the claimed amount, with a reason", () => {
    const decide = (amount: string, reason = "Compared the photos") =>
      parse({ amount, reason }, decideClaimSchema(12_000));
    const zero = decide("0");
    expect(zero.value?.amount).toBe(0);
    const all = decide("120,00");
    expect(all.value?.amount).toBe(12_000);
    expect(decide("120,01").error?.amount).toEqual(["claims:errors.aboveClaim"]);
    expect(decide("10", "").error?.reason).toEqual(["claims:errors.reason"]);
  });
});
