import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ageOn, dateOfBirthProblem } from "~/accounts/profile-rules";
import { ProfileSchema } from "~/accounts/profile-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("date of birth", () => {
  const today = "2025-06-15";

  it("accepts an adult, someone turning 18 today, and no one born tomorrow", () => {
    expect(dateOfBirthProblem("1990-03-27", today)).toBeNull();
    expect(dateOfBirthProblem("2007-06-15", today)).toBeNull();
    expect(dateOfBirthProblem("2007-06-16", today)).toBe("profile:validation.dateOfBirthUnderage");
    expect(dateOfBirthProblem("2025-06-16", today)).toBe("profile:validation.dateOfBirthFuture");
  });

  it("refuses days that do not exist and text that is not a date", () => {
    for (const value of ["2001-02-29", "1990-13-01", "1990-04-31", "27/03/1990", "1990-3-7", "", "yesterday"]) {
      expect(dateOfBirthProblem(value, today), value).toBe("profile:validation.dateOfBirthFormat");
    }
    expect(dateOfBirthProblem("2000-02-29", today)).toBeNull();
  });

  it("refuses an age no one has (a mistyped year)", () => {
    expect(dateOfBirthProblem("1904-01-01", today)).toBe("profile:validation.dateOfBirthFormat");
    expect(dateOfBirthProblem("1906-01-01", today)).toBeNull();
  });

  it("counts whole years; a 29 February birthday comes on 1 March in other years", () => {
    expect(ageOn("2000-02-29", "2018-02-28")).toBe(17);
    expect(ageOn("2000-02-29", "2018-03-01")).toBe(18);
    expect(ageOn("1990-12-31", "2025-01-01")).toBe(34);
  });
});

describe("the profile form", () => {
  it("gives the spec's messages for name, phone and location", () => {
    const result = parseWithZod(form({ fullName: "<b>", phone: "12", location: "x" }), { schema: ProfileSchema });
    expect(result.status).toBe("error");
    expect(result.status === "error" && result.error).toMatchObject({
      fullName: ["validation.nameFormat"],
      phone: ["validation.phoneFormat"],
      location: ["validation.locationFormat"],
    });
  });

  it("treats empty optional fields as none", () => {
    const result = parseWithZod(form({ fullName: "Ona Onaitė", phone: "", location: "", dateOfBirth: "", bio: "" }), {
      schema: ProfileSchema,
    });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({ fullName: "Ona Onaitė" });
  });
});
