import { describe, expect, it } from "vitest";
import { instantBookFor } from "~/bookings/booking-request";

const days = { start: "2026-07-01", today: "2026-06-01" };
const car = { instantBook: true, category: "suv" };
const verified = { verificationStatus: "verified", dateOfBirth: "1990-04-15" };

describe("instantBookFor (decision 023)", () => {
  it("confirms at once a verified renter old enough, on a listing that offers it", () => {
    expect(instantBookFor(car, verified, days)).toBe("instant");
  });

  it("is a request when the host does not offer it, whoever asks", () => {
    expect(instantBookFor({ ...car, instantBook: false }, verified, days)).toBe("off");
    expect(instantBookFor({ ...car, instantBook: false }, { ...verified, verificationStatus: "pending" }, days)).toBe(
      "off",
    );
  });

  it("is a request for a renter whose identity is not verified (pending, rejected or none)", () => {
    for (const verificationStatus of ["pending", "rejected", null, undefined]) {
      expect(instantBookFor(car, { ...verified, verificationStatus }, days)).toBe("unverified");
    }
  });

  it("applies the age rule on the pickup day: 21, and 25 for luxury and exotic cars", () => {
    // 21 on 2026-06-15: too young for a pickup on the 10th, old enough on the 15th.
    const young = { verificationStatus: "verified", dateOfBirth: "2005-06-15" };
    expect(instantBookFor(car, young, { start: "2026-06-10", today: days.today })).toBe("age");
    expect(instantBookFor(car, young, { start: "2026-06-15", today: days.today })).toBe("instant");
    const twentyThree = { verificationStatus: "verified", dateOfBirth: "2003-01-01" };
    expect(instantBookFor(car, twentyThree, days)).toBe("instant");
    expect(instantBookFor({ ...car, category: "luxury" }, twentyThree, days)).toBe("age");
    expect(instantBookFor({ ...car, category: "exotic" }, twentyThree, days)).toBe("age");
  });

  it("is a request while the date of birth is unknown", () => {
    expect(instantBookFor(car, { ...verified, dateOfBirth: null }, days)).toBe("age");
  });
});
