import { describe, expect, it } from "vitest";
import { describePolicy, policyText } from "~/bookings/cancellation-terms";

describe("a cancellation policy in words", () => {
  it("names the hours before pickup for the free-cancellation policies, and the deposit and insurance for none", () => {
    expect(policyText("24_hours")).toEqual({ key: "cancellationTerms.summary.free", values: { hours: 24 } });
    expect(policyText("48_hours")).toEqual({ key: "cancellationTerms.summary.free", values: { hours: 48 } });
    expect(policyText("72_hours").values.hours).toBe(72);
    expect(policyText("no_cancellation")).toEqual({ key: "cancellationTerms.summary.none", values: {} });
    expect(policyText("no_cancellation", "2026-06-10")).toEqual({ key: "cancellationTerms.summary.none", values: {} });
  });

  it("with the start date, gives the deadline: that many hours before the 10:00 Vilnius handover", () => {
    // 10 June 2026 10:00 in Vilnius (UTC+3 in summer) is 07:00 UTC; 48 hours earlier is 8 June 07:00 UTC.
    expect(policyText("48_hours", "2026-06-10")).toEqual({
      key: "cancellationTerms.summary.freeUntil",
      values: { hours: 48, deadline: Date.UTC(2026, 5, 8, 7) },
    });
    // Across the change to summer time (29 March 2026): 72 real hours before 30 March 10:00 (07:00 UTC).
    expect(policyText("72_hours", "2026-03-30").values.deadline).toBe(Date.UTC(2026, 2, 27, 7));
  });

  it("is said through the caller's translator, with the deadline as a Vilnius date and time", () => {
    const said: unknown[] = [];
    const text = describePolicy(
      (key, values) => {
        said.push([key, values]);
        return "ok";
      },
      "24_hours",
      "2026-01-15",
      "en",
    );
    expect(text).toBe("ok");
    // 15 January 10:00 in Vilnius (UTC+2) minus 24 hours: 14 January, 10:00 local.
    expect(said).toEqual([
      ["bookings:cancellationTerms.summary.freeUntil", { hours: 24, deadline: "14 January 2026 at 10:00" }],
    ]);
  });
});
