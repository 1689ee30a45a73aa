import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "~/utils/format";
import {
  AGREEMENT_DEFAULTS,
  agreementDefaults,
  AgreementTermsSchema,
  centsToEurosInput,
  formatFee,
  mileageLimitTotal,
  parseLateFeeEuros,
  parseExcessKmFeeEuros,
  parseMileagePerDay,
  termsFromForm,
  termsToForm,
  termsVersion,
} from "~/bookings/rental-agreement";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const VALID = {
  intent: "save",
  mileageLimitPerDay: "250",
  fuelPolicy: "return_full",
  damagePolicy: "insurance_covered",
  lateReturnFee: "37,50",
  excessKmFee: "0,35",
  additionalTerms: "  Rūkyti draudžiama.  ",
};

describe("the agreement's defaults (part 2 §9)", () => {
  it("are 200 km a day times the booking's days, a 50 € late fee, 0.20 € a km over, the first policy of each list", () => {
    expect(agreementDefaults({ totalDays: 3 })).toEqual({
      mileageLimitPerDay: 200,
      mileageLimitTotal: 600,
      fuelPolicy: "return_same_level",
      damagePolicy: "renter_responsible",
      lateReturnFee: 5000,
      excessKmFee: 20,
      additionalTerms: null,
    });
    expect(mileageLimitTotal(250, 7)).toBe(1750);
  });
});

describe("numbers fall back to the defaults when invalid (part 2 §5)", () => {
  it("mileage per day is a positive whole number, else 200", () => {
    expect(parseMileagePerDay("250")).toBe(250);
    expect(parseMileagePerDay(" 1 000 ")).toBe(1000);
    expect(parseMileagePerDay("1")).toBe(1);
    for (const bad of ["", "0", "-5", "2.5", "abc", "9999999", undefined, null]) {
      expect(parseMileagePerDay(bad), String(bad)).toBe(200);
    }
  });

  it("the late fee is typed in euros and kept in cents, else 50 €", () => {
    expect(parseLateFeeEuros("50")).toBe(5000);
    expect(parseLateFeeEuros("37,5")).toBe(3750);
    expect(parseLateFeeEuros("37.05")).toBe(3705);
    expect(parseLateFeeEuros("0")).toBe(0);
    expect(parseLateFeeEuros("€ 20")).toBe(2000);
    for (const bad of ["", "-1", "1.234", "abc", "10000.01", undefined]) {
      expect(parseLateFeeEuros(bad), String(bad)).toBe(5000);
    }
    expect(centsToEurosInput(5000)).toBe("50");
    expect(centsToEurosInput(3705)).toBe("37.05");
  });

  it("the excess-kilometre fee is typed in euros like the late fee, else 0.20 €", () => {
    expect(parseExcessKmFeeEuros("0,25")).toBe(25);
    expect(parseExcessKmFeeEuros("0.3")).toBe(30);
    expect(parseExcessKmFeeEuros("1")).toBe(100);
    expect(parseExcessKmFeeEuros("0")).toBe(0);
    expect(parseExcessKmFeeEuros("€ 0.50")).toBe(50);
    for (const bad of ["", "-0.2", "0.255", "abc", "100.01", undefined]) {
      expect(parseExcessKmFeeEuros(bad), String(bad)).toBe(20);
    }
    expect(centsToEurosInput(20)).toBe("0.20");
  });
});

describe("the terms form", () => {
  it("turns the fields into terms: numbers parsed, text trimmed", () => {
    const result = parseWithZod(form(VALID), { schema: AgreementTermsSchema });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.intent).toBe("save");
    expect(termsFromForm(result.value)).toEqual({
      mileageLimitPerDay: 250,
      fuelPolicy: "return_full",
      damagePolicy: "insurance_covered",
      lateReturnFee: 3750,
      excessKmFee: 35,
      additionalTerms: "Rūkyti draudžiama.",
    });
  });

  it("gives the defaults for invalid numbers instead of an error, and null for empty terms", () => {
    const result = parseWithZod(
      form({ ...VALID, mileageLimitPerDay: "daug", lateReturnFee: "-3", excessKmFee: "x", additionalTerms: "" }),
      { schema: AgreementTermsSchema },
    );
    expect(result.status === "success" ? termsFromForm(result.value) : result.error).toMatchObject({
      mileageLimitPerDay: 200,
      lateReturnFee: 5000,
      excessKmFee: 20,
      additionalTerms: null,
    });
  });

  it("refuses a policy outside the lists, too long additional terms and an unknown intent", () => {
    const result = parseWithZod(
      form({ ...VALID, intent: "delete", fuelPolicy: "free_fuel", additionalTerms: "x".repeat(2001) }),
      { schema: AgreementTermsSchema },
    );
    expect(result.status === "error" ? result.error : null).toEqual({
      intent: ["agreement:validation.intent"],
      fuelPolicy: ["agreement:validation.policy"],
      additionalTerms: ["agreement:validation.termsTooLong"],
    });
  });

  it("round-trips the stored terms through the form's initial values", () => {
    const terms = { ...AGREEMENT_DEFAULTS, lateReturnFee: 3705, excessKmFee: 45, additionalTerms: "Be gyvūnų" };
    const result = parseWithZod(form({ intent: "save", ...termsToForm(terms) }), { schema: AgreementTermsSchema });
    expect(result.status === "success" ? termsFromForm(result.value) : result.error).toEqual(terms);
  });
});

describe("the terms' version", () => {
  it("changes with any term and stays the same for the same terms", () => {
    const base = termsVersion(AGREEMENT_DEFAULTS);
    expect(termsVersion({ ...AGREEMENT_DEFAULTS })).toBe(base);
    for (const change of [
      { mileageLimitPerDay: 201 },
      { fuelPolicy: "return_full" as const },
      { excessKmFee: 21 },
      { damagePolicy: "shared_responsibility" as const },
      { lateReturnFee: 5001 },
      { additionalTerms: "" },
      { additionalTerms: "Be gyvūnų" },
    ]) {
      expect(termsVersion({ ...AGREEMENT_DEFAULTS, ...change }), JSON.stringify(change)).not.toBe(base);
    }
  });
});

it("shows signature times in Vilnius time", () => {
  // 2025-03-01 12:05 UTC is 14:05 in Vilnius (UTC+2 in winter).
  const at = Date.UTC(2025, 2, 1, 12, 5);
  expect(formatDateTime(at, "en")).toContain("14:05");
  expect(formatDateTime(at, "lt")).toContain("14:05");
  expect(formatDateTime(at, "lt")).toContain("2025");
});

it("shows the late fee without decimals unless it has cents", () => {
  expect(formatFee(5000, "en")).toBe("€50");
  expect(formatFee(3750, "en")).toBe("€37.50");
  expect(formatFee(3750, "lt").replace(/\s/g, " ")).toBe("37,50 €");
});
