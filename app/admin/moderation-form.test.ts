import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  canApprove,
  canReject,
  listingEditSchema,
  listingFilter,
  pageNumber,
  rejectionReason,
  VerificationDecisionSchema,
} from "./moderation-form";

/** A parse's status, field errors and value, whichever way it went. */
function outcome<Schema, Output>(result: Submission<Schema, string[], Output>) {
  return {
    status: result.status,
    error: result.status === "error" ? result.error : undefined,
    value: result.status === "success" ? result.value : undefined,
  };
}

const NOW = new Date("2026-11-22T12:00:00Z");

function edit(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return outcome(parseWithZod(data, { schema: listingEditSchema(NOW) }));
}

describe("listing moderation rules (part 2 §4-§5)", () => {
  it("approves pending or rejected listings and rejects only pending ones", () => {
    expect([canApprove("pending"), canApprove("rejected"), canApprove("approved"), canApprove("suspended")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([canReject("pending"), canReject("rejected"), canReject("approved")]).toEqual([true, false, false]);
  });

  it("gives a blank reason the default sentence and cuts a long one to 500", () => {
    expect(rejectionReason("", "Default")).toBe("Default");
    expect(rejectionReason("   \n ", "Default")).toBe("Default");
    expect(rejectionReason(null, "Default")).toBe("Default");
    expect(rejectionReason("  Photos are blurry ", "Default")).toBe("Photos are blurry");
    expect(rejectionReason("y".repeat(501), "Default")).toHaveLength(500);
  });

  it("checks each edited field with its own message; the year runs to next year", () => {
    const good = { make: "BMW", model: "X5", year: "2027", mileage: "0", location: "Kaunas" };
    expect(edit(good).status).toBe("success");
    const bad = edit({ make: "", model: "M".repeat(101), year: "2028", mileage: "12.5", location: "K" });
    expect(bad.error).toMatchObject({
      make: ["admin:validation.make"],
      model: ["admin:validation.model"],
      year: ["admin:validation.year"],
      mileage: ["admin:validation.mileage"],
      location: ["admin:validation.location"],
    });
    expect(edit({ ...good, year: "abc", mileage: "10000000" }).error).toMatchObject({
      year: ["admin:validation.year"],
      mileage: ["admin:validation.mileage"],
    });
  });

  it("reads tabs and pages from the URL, falling back rather than failing", () => {
    expect(listingFilter("rejected")).toBe("rejected");
    expect(listingFilter("suspended")).toBe("pending");
    expect(listingFilter(null)).toBe("pending");
    expect([pageNumber("3"), pageNumber("0"), pageNumber("-1"), pageNumber("2.5"), pageNumber("x")]).toEqual([
      3, 1, 1, 1, 1,
    ]);
  });

  it("rejects a verification only with a reason", () => {
    const parse = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.append(k, v);
      return outcome(parseWithZod(data, { schema: VerificationDecisionSchema }));
    };
    expect(parse({ intent: "approve", submittedAt: "1700000000000" }).status).toBe("success");
    expect(parse({ intent: "reject", submittedAt: "1700000000000" }).error).toMatchObject({
      reason: ["admin:validation.verificationReason"],
    });
    expect(parse({ intent: "delete", submittedAt: "1" }).status).toBe("error");
  });
});
