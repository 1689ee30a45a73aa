import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ListingEditControlsSchema, WizardControlsSchema } from "~/cars/listing-form-controls";

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}
const editControls = (entries: [string, string][]) => {
  const parsed = parseWithZod(form(entries), { schema: ListingEditControlsSchema });
  if (parsed.status !== "success") throw new Error("the controls' parse cannot fail");
  return parsed.value;
};
const wizardControls = (entries: [string, string][]) => {
  const parsed = parseWithZod(form(entries), { schema: WizardControlsSchema });
  if (parsed.status !== "success") throw new Error("the controls' parse cannot fail");
  return parsed.value;
};

describe("the edit page's buttons", () => {
  it("name the photo they act on after the colon", () => {
    expect(editControls([["intent", "up:img-1"]])).toEqual({ button: "photo", what: "up", imageId: "img-1" });
    expect(editControls([["intent", "rotate:img-2"]])).toEqual({ button: "photo", what: "rotate", imageId: "img-2" });
    expect(editControls([["intent", "delete:"]])).toEqual({ button: "photo", what: "delete", imageId: "" });
  });

  it("read the dragged order, adding photos and the calendar's block and unblock", () => {
    expect(
      editControls([
        ["intent", "order"],
        ["order", "a,b,c"],
      ]),
    ).toEqual({ button: "order", imageIds: ["a", "b", "c"] });
    expect(editControls([["intent", "add_photos"]])).toEqual({ button: "add_photos" });
    expect(editControls([["intent", "block"]])).toEqual({ button: "calendar" });
    expect(editControls([["intent", "unblock"]])).toEqual({ button: "calendar" });
  });

  it("take anything else as the listing's fields: save, a pickup-point button, or a value that names no button", () => {
    expect(editControls([])).toEqual({ button: "fields", intent: "save" });
    expect(editControls([["intent", ""]])).toEqual({ button: "fields", intent: "save" });
    expect(editControls([["intent", "remove_point:2"]])).toEqual({ button: "fields", intent: "remove_point:2" });
    expect(editControls([["intent", "block:x"]])).toEqual({ button: "fields", intent: "block:x" });
    expect(editControls([["intent", "x".repeat(500)]])).toEqual({ button: "fields", intent: "save" });
    expect(
      editControls([
        ["intent", "up:a"],
        ["intent", "up:b"],
      ]),
    ).toEqual({ button: "fields", intent: "save" });
  });
});

describe("the wizard's controls", () => {
  it("read the step, the draft and the button; anything else is step 1 and next", () => {
    expect(
      wizardControls([
        ["step", "3"],
        ["draft", "d-1"],
        ["intent", "back"],
      ]),
    ).toEqual({
      step: 3,
      draft: "d-1",
      intent: "back",
    });
    expect(wizardControls([])).toEqual({ step: 1, draft: undefined, intent: "next" });
    expect(
      wizardControls([
        ["step", "9"],
        ["intent", ""],
      ]),
    ).toEqual({ step: 1, draft: undefined, intent: "next" });
  });
});
