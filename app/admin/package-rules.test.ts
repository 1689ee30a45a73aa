import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  centsToEuros,
  DEFAULT_MAX_COVERAGE_CENTS,
  eurosToCents,
  listEntries,
  PackageSchema,
  packageFormValues,
} from "./package-rules";

/** A parse's status, field errors and value, whichever way it went. */
function outcome<Schema, Output>(result: Submission<Schema, string[], Output>) {
  return {
    status: result.status,
    error: result.status === "error" ? result.error : undefined,
    value: result.status === "success" ? result.value : undefined,
  };
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return outcome(parseWithZod(data, { schema: PackageSchema }));
}

describe("insurance package rules (part 2 §5)", () => {
  it("reads euros as people type them, in cents", () => {
    expect(eurosToCents("15")).toBe(1500);
    expect(eurosToCents("15.5")).toBe(1550);
    expect(eurosToCents("1 500,05")).toBe(150005);
    expect(eurosToCents("0")).toBe(0);
    for (const bad of ["", "abc", "-1", "1.234", "1e3", "10000001"]) expect(eurosToCents(bad), bad).toBeNull();
    expect(centsToEuros(1500)).toBe("15");
    expect(centsToEuros(1550)).toBe("15.50");
    expect(centsToEuros(null)).toBe("");
  });

  it("keeps list entries one per line, without blanks or repeats, each at most 200 characters", () => {
    expect(listEntries("a\n\n  b \r\na\n")).toEqual(["a", "b"]);
    expect(listEntries(`${"x".repeat(250)}`)).toEqual(["x".repeat(200)]);
    expect(listEntries(Array.from({ length: 30 }, (_, i) => `e${i}`).join("\n"))).toHaveLength(20);
  });

  const named = { name_lt: "Bazinis", name_en: "Basic", provider: "B", price_per_day: "9" };

  it("needs the name in both languages and a provider, with the spec's message on each", () => {
    const result = form({ name_lt: "", name_en: " ", provider: "  ", price_per_day: "9" });
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({
      name_lt: ["admin:validation.nameProviderRequired"],
      name_en: ["admin:validation.nameProviderRequired"],
      provider: ["admin:validation.nameProviderRequired"],
    });
    expect(form({ ...named, name_en: "" }).error).toEqual({ name_en: ["admin:validation.nameProviderRequired"] });
  });

  it("gives every message at once, whatever else is wrong", () => {
    expect(form({ name_lt: "", name_en: "A", provider: "B", coverage_en: "Collision" }).error).toEqual({
      name_lt: ["admin:validation.nameProviderRequired"],
      coverage_lt: ["admin:validation.bothLanguages"],
      price_per_day: ["admin:validation.priceRequired"],
    });
  });

  it("takes the description and each list in both languages or in neither", () => {
    const result = form({ ...named, description_lt: "Apima susidūrimus", coverage_en: "Collision", features_lt: "" });
    expect(result.error).toEqual({
      description_en: ["admin:validation.bothLanguages"],
      coverage_lt: ["admin:validation.bothLanguages"],
    });
    const ok = form({
      ...named,
      description_lt: "Apima",
      description_en: "Covers",
      exclusions_lt: "Padangos",
      exclusions_en: "Tyres",
    });
    expect(ok.value).toMatchObject({
      description_lt: "Apima",
      description_en: "Covers",
      exclusions_lt: ["Padangos"],
      exclusions_en: ["Tyres"],
      coverage_lt: [],
      coverage_en: [],
    });
  });

  it("defaults the deductible to 0 and the coverage to 100,000 € when they are not numbers, and refuses no coverage", () => {
    const result = form({ ...named, deductible: "lots", max_coverage: "?" });
    expect(result.status).toBe("success");
    expect(result.value).toMatchObject({ deductible: 0, max_coverage: DEFAULT_MAX_COVERAGE_CENTS, active: false });
    expect(form({ ...named, max_coverage: "0" }).error).toEqual({ max_coverage: ["admin:validation.maxCoverage"] });
  });

  it("takes exactly one price above 0: per day, or a percentage up to 100; a free package is a second 'no insurance'", () => {
    const base = { name_lt: "A", name_en: "A", provider: "B" };
    expect(form({ ...base, price_percentage: "101" }).error).toMatchObject({
      price_percentage: ["admin:validation.pricePercentage"],
    });
    expect(form({ ...base, price_percentage: "0" }).error).toMatchObject({
      price_percentage: ["admin:validation.pricePercentage"],
    });
    expect(form({ ...base, price_per_day: "x" }).error).toMatchObject({
      price_per_day: ["admin:validation.pricePerDay"],
    });
    expect(form({ ...base, price_per_day: "0" }).error).toMatchObject({
      price_per_day: ["admin:validation.pricePerDay"],
    });
    expect(form({ ...base, price_per_day: "0,00" }).status).toBe("error");
    expect(form(base).error).toEqual({ price_per_day: ["admin:validation.priceRequired"] });
    expect(form({ ...base, price_per_day: "9", price_percentage: "1" }).error).toMatchObject({
      price_percentage: ["admin:validation.onePrice"],
    });
    const ok = form({ ...base, price_percentage: "1,5" });
    expect(ok.value?.price_percentage).toBe(1.5);
  });

  it("shows a stored package in the form the way it was typed", () => {
    const values = packageFormValues({
      nameLt: "Bazinė",
      nameEn: "Basic",
      provider: "BTA",
      descriptionLt: null,
      descriptionEn: null,
      pricePerDay: 950,
      pricePercentage: null,
      deductible: 150000,
      maxCoverage: 2500000,
      coverageDetailsLt: { coverage: ["a", "b"], features: [], exclusions: ["c"] },
      coverageDetailsEn: { coverage: ["A", "B"], features: [], exclusions: ["C"] },
      sortOrder: 1,
      active: true,
      isPopular: false,
    });
    expect(values).toMatchObject({
      name_lt: "Bazinė",
      name_en: "Basic",
      price_per_day: "9.50",
      deductible: "1500",
      coverage_lt: "a\nb",
      coverage_en: "A\nB",
      active: "on",
    });
    expect(values.is_popular).toBeUndefined();
    const data = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const again = form(data);
    expect(again.value?.price_per_day).toBe(950);
    expect(again.value?.coverage_en).toEqual(["A", "B"]);
  });
});
