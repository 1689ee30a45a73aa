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
} from "./package-form";

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

  const named = { nameLt: "Bazinis", nameEn: "Basic", provider: "B", pricePerDay: "9" };

  it("needs the name in both languages and a provider, with the spec's message on each", () => {
    const result = form({ nameLt: "", nameEn: " ", provider: "  ", pricePerDay: "9" });
    expect(result.status).toBe("error");
    expect(result.error).toMatchObject({
      nameLt: ["admin:validation.nameProviderRequired"],
      nameEn: ["admin:validation.nameProviderRequired"],
      provider: ["admin:validation.nameProviderRequired"],
    });
    expect(form({ ...named, nameEn: "" }).error).toEqual({ nameEn: ["admin:validation.nameProviderRequired"] });
  });

  it("gives every message at once, whatever else is wrong", () => {
    expect(form({ nameLt: "", nameEn: "A", provider: "B", coverageEn: "Collision" }).error).toEqual({
      nameLt: ["admin:validation.nameProviderRequired"],
      coverageLt: ["admin:validation.bothLanguages"],
      pricePerDay: ["admin:validation.priceRequired"],
    });
  });

  it("takes the description and each list in both languages or in neither", () => {
    const result = form({ ...named, descriptionLt: "Apima susidūrimus", coverageEn: "Collision", featuresLt: "" });
    expect(result.error).toEqual({
      descriptionEn: ["admin:validation.bothLanguages"],
      coverageLt: ["admin:validation.bothLanguages"],
    });
    const ok = form({
      ...named,
      descriptionLt: "Apima",
      descriptionEn: "Covers",
      exclusionsLt: "Padangos",
      exclusionsEn: "Tyres",
    });
    expect(ok.value).toMatchObject({
      descriptionLt: "Apima",
      descriptionEn: "Covers",
      exclusionsLt: ["Padangos"],
      exclusionsEn: ["Tyres"],
      coverageLt: [],
      coverageEn: [],
    });
  });

  it("defaults the deductible to 0 and the coverage to 100,000 € when they are not numbers, and refuses no coverage", () => {
    const result = form({ ...named, deductible: "lots", maxCoverage: "?" });
    expect(result.status).toBe("success");
    expect(result.value).toMatchObject({ deductible: 0, maxCoverage: DEFAULT_MAX_COVERAGE_CENTS, active: false });
    expect(form({ ...named, maxCoverage: "0" }).error).toEqual({ maxCoverage: ["admin:validation.maxCoverage"] });
  });

  it("takes exactly one price above 0: per day, or a percentage up to 100; a free package is a second 'no insurance'", () => {
    const base = { nameLt: "A", nameEn: "A", provider: "B" };
    expect(form({ ...base, pricePercentage: "101" }).error).toMatchObject({
      pricePercentage: ["admin:validation.pricePercentage"],
    });
    expect(form({ ...base, pricePercentage: "0" }).error).toMatchObject({
      pricePercentage: ["admin:validation.pricePercentage"],
    });
    expect(form({ ...base, pricePerDay: "x" }).error).toMatchObject({
      pricePerDay: ["admin:validation.pricePerDay"],
    });
    expect(form({ ...base, pricePerDay: "0" }).error).toMatchObject({
      pricePerDay: ["admin:validation.pricePerDay"],
    });
    expect(form({ ...base, pricePerDay: "0,00" }).status).toBe("error");
    expect(form(base).error).toEqual({ pricePerDay: ["admin:validation.priceRequired"] });
    expect(form({ ...base, pricePerDay: "9", pricePercentage: "1" }).error).toMatchObject({
      pricePercentage: ["admin:validation.onePrice"],
    });
    const ok = form({ ...base, pricePercentage: "1,5" });
    expect(ok.value?.pricePercentage).toBe(1.5);
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
      nameLt: "Bazinė",
      nameEn: "Basic",
      pricePerDay: "9.50",
      deductible: "1500",
      coverageLt: "a\nb",
      coverageEn: "A\nB",
      active: "on",
    });
    expect(values.isPopular).toBeUndefined();
    const data = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const again = form(data);
    expect(again.value?.pricePerDay).toBe(950);
    expect(again.value?.coverageEn).toEqual(["A", "B"]);
  });
});
