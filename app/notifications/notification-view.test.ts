import { describe, expect, it } from "vitest";
import { describeNotification, readFilter, relativeTime } from "~/notifications/notification-view";

describe("notification lines", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  it("word times as the spec does: just now, hours under a day, days under a week, else the date", () => {
    expect(relativeTime(now - 59 * 60_000, now)).toEqual({ key: "justNow", count: 0 });
    expect(relativeTime(now - 60 * 60_000, now)).toEqual({ key: "hoursAgo", count: 1 });
    expect(relativeTime(now - 23.9 * 3_600_000, now)).toEqual({ key: "hoursAgo", count: 23 });
    expect(relativeTime(now - 24 * 3_600_000, now)).toEqual({ key: "daysAgo", count: 1 });
    expect(relativeTime(now - 6.9 * 86_400_000, now)).toEqual({ key: "daysAgo", count: 6 });
    expect(relativeTime(now - 7 * 86_400_000, now)).toEqual({ key: "date", count: 0 });
    expect(relativeTime(now + 5000, now)).toEqual({ key: "justNow", count: 0 });
  });
  it("lead where they are about, with their words and icon", () => {
    const car = { car_id: "c1", car_make: "Porsche", car_model: "911" };
    expect(
      describeNotification({ type: "booking_requested", data: { ...car, start_date: "2026-12-01" } }),
    ).toMatchObject({
      icon: "car",
      text: "types.booking_requested",
      values: { car: "Porsche 911" },
      href: "/bookings?role=host&tab=pending",
    });
    expect(describeNotification({ type: "booking_confirmed", data: car }).href).toBe("/bookings");
    expect(
      describeNotification({ type: "new_message", data: { conversation_id: "k1", count: 3, preview: "Labas" } }),
    ).toMatchObject({ icon: "mail", href: "/messages/k1", values: { count: 3, preview: "Labas" } });
    expect(
      describeNotification({ type: "price_drop", data: { ...car, old_price: 6_000_000, new_price: 5_500_000 } }),
    ).toMatchObject({ icon: "arrowDown", href: "/car/c1", prices: { old: 6_000_000, new: 5_500_000 } });
    expect(describeNotification({ type: "listing_rejected", data: { ...car, reason: "Blurry photos" } })).toMatchObject(
      {
        href: "/my-listings",
        values: { reason: "Blurry photos" },
      },
    );
    expect(describeNotification({ type: "verification_approved", data: null }).href).toBe("/profile/verification");
    // A system line, or a type this version does not know, shows its own title and message.
    expect(describeNotification({ type: "system", data: null, title: "Priežiūra", message: "Šiąnakt" })).toMatchObject({
      icon: "info",
      text: "types.system",
      values: { title: "Priežiūra", message: "Šiąnakt" },
    });
  });
  it("word a host's payouts with their amount and reason, and open the booking", () => {
    expect(describeNotification({ type: "payout_sent", data: { booking_id: "b1", amount: 11_760 } })).toMatchObject({
      icon: "check",
      text: "types.payout_sent",
      href: "/bookings/b1",
      amount: 11_760,
    });
    expect(
      describeNotification({ type: "payout_failed", data: { booking_id: "b2", amount: 500, reason: "No account" } }),
    ).toMatchObject({
      icon: "alert",
      text: "types.payout_failed",
      href: "/bookings/b2",
      values: { reason: "No account" },
    });
    expect(describeNotification({ type: "booking_confirmed", data: null }).amount).toBeNull();
  });
  it("read the filter from the address, falling back to all", () => {
    expect(readFilter("unread")).toBe("unread");
    expect(readFilter("bookings")).toBe("bookings");
    expect(readFilter("everything")).toBe("all");
    expect(readFilter(null)).toBe("all");
  });
});
