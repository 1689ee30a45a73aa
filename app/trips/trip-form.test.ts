import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MORE_PHOTOS_FIELD, SIDE_FIELDS, tripFormSchema } from "~/trips/trip-form";

const photo = (name = "side.jpg") => new File([new Uint8Array([0xff, 0xd8, 0xff, 1])], name, { type: "image/jpeg" });
const empty = () => new File([], "", { type: "application/octet-stream" });

function recordForm(fields: Record<string, string | File | File[]> = {}) {
  const form = new FormData();
  const all: Record<string, string | File | File[]> = {
    intent: "record",
    kind: "check_in",
    odometerKm: "12000",
    fuelLevel: "6",
    note: "",
    [SIDE_FIELDS.front]: photo(),
    [SIDE_FIELDS.back]: photo(),
    [SIDE_FIELDS.left]: photo(),
    [SIDE_FIELDS.right]: photo(),
    [MORE_PHOTOS_FIELD]: empty(),
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) {
    for (const entry of Array.isArray(value) ? value : [value]) form.append(name, entry);
  }
  return form;
}

function parse(form: FormData, minOdometerKm: number | null = null) {
  const submission = parseWithZod(form, { schema: tripFormSchema({ minOdometerKm }) });
  return Object.assign(submission, { error: submission.status === "error" ? submission.error : undefined });
}

describe("the trip record form", () => {
  it("takes four sides, the odometer, the fuel level and no more photos", () => {
    const submission = parse(recordForm());
    expect(submission.status).toBe("success");
    if (submission.status !== "success" || submission.value.intent !== "record") throw new Error("not a record");
    expect(submission.value).toMatchObject({ kind: "check_in", odometerKm: 12000, fuelLevel: 6, note: null });
    expect(submission.value.morePhotos).toEqual([]);
    expect(submission.value.photoFront).toBeInstanceOf(File);
  });

  it("takes more photos, one or several", () => {
    const one = parse(recordForm({ [MORE_PHOTOS_FIELD]: photo("boot.jpg") }));
    const three = parse(recordForm({ [MORE_PHOTOS_FIELD]: [photo(), photo(), photo()] }));
    expect(one.status === "success" && one.value.intent === "record" && one.value.morePhotos.length).toBe(1);
    expect(three.status === "success" && three.value.intent === "record" && three.value.morePhotos.length).toBe(3);
  });

  it("refuses a missing side with a message on that side's field", () => {
    const submission = parse(recordForm({ [SIDE_FIELDS.left]: empty() }));
    expect(submission.status).toBe("error");
    expect(submission.error?.[SIDE_FIELDS.left]).toEqual(["trips:errors.sideMissing"]);
    expect(submission.error?.[SIDE_FIELDS.front]).toBeUndefined();
  });

  it("refuses more than twelve photos in all", () => {
    const submission = parse(recordForm({ [MORE_PHOTOS_FIELD]: Array.from({ length: 9 }, () => photo()) }));
    expect(submission.error?.[MORE_PHOTOS_FIELD]).toEqual(["trips:errors.tooManyPhotos"]);
    const eight = parse(recordForm({ [MORE_PHOTOS_FIELD]: Array.from({ length: 8 }, () => photo()) }));
    expect(eight.status).toBe("success");
  });

  it.each([
    ["", "trips:errors.odometerRequired"],
    ["12.5", "trips:errors.odometerWhole"],
    ["-1", "trips:errors.odometerRange"],
    ["10000000", "trips:errors.odometerRange"],
    ["lots", "trips:errors.odometerRequired"],
  ])("refuses the odometer %j", (value, message) => {
    expect(parse(recordForm({ odometerKm: value })).error?.odometerKm).toEqual([message]);
  });

  it.each([
    ["", "trips:errors.fuelRequired"],
    ["9", "trips:errors.fuelRange"],
    ["-1", "trips:errors.fuelRange"],
    ["4.5", "trips:errors.fuelRange"],
  ])("refuses the fuel level %j", (value, message) => {
    expect(parse(recordForm({ fuelLevel: value })).error?.fuelLevel).toEqual([message]);
  });

  it("accepts the gauge's ends, empty and full", () => {
    expect(parse(recordForm({ fuelLevel: "0" })).status).toBe("success");
    expect(parse(recordForm({ fuelLevel: "8" })).status).toBe("success");
  });

  it("refuses a check-out odometer below the check-in's, and takes one equal to it", () => {
    const lower = parse(recordForm({ kind: "check_out", odometerKm: "11999" }), 12000);
    expect(lower.error?.odometerKm).toEqual(["trips:errors.odometerBelowCheckIn"]);
    expect(parse(recordForm({ kind: "check_out", odometerKm: "12000" }), 12000).status).toBe("success");
    // The check-in itself is not held to an earlier reading.
    expect(parse(recordForm({ kind: "check_in", odometerKm: "5" }), 12000).status).toBe("success");
  });

  it("refuses a note over 1000 characters and keeps a trimmed one", () => {
    expect(parse(recordForm({ note: "x".repeat(1001) })).error?.note).toEqual(["trips:errors.noteTooLong"]);
    const kept = parse(recordForm({ note: "  scratch on the bumper " }));
    expect(kept.status === "success" && kept.value.intent === "record" && kept.value.note).toBe(
      "scratch on the bumper",
    );
  });

  it("refuses a kind that is not an end of the trip", () => {
    expect(parse(recordForm({ kind: "claim" })).error?.kind).toEqual(["trips:errors.notAllowed"]);
  });
});

describe("the answer to a record", () => {
  it("confirms with the record's kind alone", () => {
    const form = new FormData();
    form.append("intent", "confirm");
    form.append("kind", "check_out");
    expect(parse(form).status).toBe("success");
  });

  it("disagrees only with a note, and with at most eight photos", () => {
    const form = (note: string, photos: File[]) => {
      const data = new FormData();
      data.append("intent", "disagree");
      data.append("kind", "check_in");
      data.append("disagreement", note);
      for (const file of photos.length ? photos : [empty()]) data.append("disagreementPhotos", file);
      return data;
    };
    expect(parse(form("   ", [])).error?.disagreement).toEqual(["trips:errors.disagreementRequired"]);
    expect(
      parse(
        form(
          "dent",
          Array.from({ length: 9 }, () => photo()),
        ),
      ).error?.disagreementPhotos,
    ).toEqual(["trips:errors.tooManyEvidencePhotos"]);
    const ok = parse(form("The dent was there before", [photo()]));
    expect(ok.status === "success" && ok.value.intent === "disagree" && ok.value.disagreementPhotos.length).toBe(1);
  });
});
