import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ListingEditControlsSchema } from "~/cars/listing-form-controls";
import {
  BLOCK_INTENTS,
  blockedDaysSchema,
  calendarMonthOf,
  checkBlockRange,
  daysOf,
  hasCalendar,
  lastEditableDay,
} from "./blocked-days";

const TODAY = "2025-05-10";
const E = "listings:calendar.errors";

describe("the host calendar's range rules", () => {
  it("accepts a range from today to a year ahead, and a single day", () => {
    expect(checkBlockRange({ from: TODAY, to: "2026-05-10" }, TODAY)).toEqual({});
    expect(checkBlockRange({ from: "2025-06-01", to: "2025-06-01" }, TODAY)).toEqual({});
  });

  it("asks for both days", () => {
    expect(checkBlockRange({}, TODAY)).toEqual({ from: `${E}.fromRequired`, to: `${E}.toRequired` });
    expect(checkBlockRange({ from: "2025-06-01" }, TODAY)).toEqual({ to: `${E}.toRequired` });
  });

  it("refuses days that do not exist", () => {
    for (const day of ["2025-02-30", "2025-13-01", "tomorrow", "10.06.2025", "2025-6-1"]) {
      expect(checkBlockRange({ from: day, to: "2025-07-01" }, TODAY).from).toBe(`${E}.invalidDate`);
    }
  });

  it("refuses past days: yesterday is not editable, today is", () => {
    expect(checkBlockRange({ from: "2025-05-09", to: "2025-05-12" }, TODAY)).toEqual({ from: `${E}.past` });
    expect(checkBlockRange({ from: "2025-05-01", to: "2025-05-09" }, TODAY)).toEqual({
      from: `${E}.past`,
      to: `${E}.past`,
    });
  });

  it("refuses days more than a year ahead", () => {
    expect(lastEditableDay(TODAY)).toBe("2026-05-10");
    expect(checkBlockRange({ from: "2025-06-01", to: "2026-05-11" }, TODAY)).toEqual({ to: `${E}.tooFar` });
  });

  it("refuses a last day before the first", () => {
    expect(checkBlockRange({ from: "2025-06-02", to: "2025-06-01" }, TODAY)).toEqual({ to: `${E}.toBeforeFrom` });
  });

  it("the form's schema puts each rule on its field and reads the intent", () => {
    const schema = blockedDaysSchema(TODAY);
    expect(schema.safeParse({ intent: "block", from: " 2025-06-01 ", to: "2025-06-03" }).data).toEqual({
      intent: "block",
      from: "2025-06-01",
      to: "2025-06-03",
    });
    const refused = schema.safeParse({ intent: "hide", from: "2025-06-03", to: "2025-06-01" });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["intent", `${E}.invalidIntent`],
    ]);
    const order = schema.safeParse({ intent: "unblock", from: "2025-06-03", to: "2025-06-01" });
    expect(order.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["to", `${E}.toBeforeFrom`],
    ]);
    const repeated = schema.safeParse({ intent: "block", from: ["2025-06-01", "2025-06-02"], to: "2025-06-03" });
    expect(repeated.error?.issues[0]?.message).toBe(`${E}.invalidDate`);
  });

  it("lists every day of a range, both ends included, across months and a leap day", () => {
    expect(daysOf("2028-02-27", "2028-03-01")).toEqual(["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(daysOf("2025-06-01", "2025-06-01")).toEqual(["2025-06-01"]);
  });

  it("only rental listings have a calendar", () => {
    expect(hasCalendar({ listingType: "rental" })).toBe(true);
    expect(hasCalendar({ listingType: "both" })).toBe(true);
    expect(hasCalendar({ listingType: "sale" })).toBe(false);
  });

  it("opens on the month asked for, kept within this month and the months ahead", () => {
    const bounds = { first: "2025-05", last: "2026-05" };
    expect(calendarMonthOf("2025-08", undefined, TODAY, 12)).toEqual({ month: "2025-08", bounds });
    expect(calendarMonthOf(null, "2025-09-14", TODAY, 12)).toEqual({ month: "2025-09", bounds });
    expect(calendarMonthOf("2024-01", undefined, TODAY, 12)).toEqual({ month: "2025-05", bounds });
    expect(calendarMonthOf("2030-01", undefined, TODAY, 12)).toEqual({ month: "2026-05", bounds });
    expect(calendarMonthOf("nonsense", "not-a-day", TODAY, 6)).toEqual({
      month: "2025-05",
      bounds: { first: "2025-05", last: "2025-11" },
    });
  });
});

describe("the edit page's calendar buttons", () => {
  it("are read as the calendar's by the edit page's controls, each of BLOCK_INTENTS", () => {
    for (const intent of BLOCK_INTENTS) {
      const data = new FormData();
      data.set("intent", intent);
      const parsed = parseWithZod(data, { schema: ListingEditControlsSchema });
      expect(parsed.status === "success" && parsed.value).toEqual({ button: "calendar" });
    }
  });
});
