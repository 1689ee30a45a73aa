import { describe, expect, it } from "vitest";
import { changedSinceServer, type ControlState } from "~/components/ui/use-form";

const option = (selected: boolean, defaultSelected = false, disabled = false) => ({
  selected,
  defaultSelected,
  disabled,
});
const select = (options: ControlState["options"], multiple = false): ControlState => ({
  type: multiple ? "select-multiple" : "select-one",
  value: "",
  multiple,
  options,
});

describe("changedSinceServer: whether a person changed a control before the page hydrated", () => {
  it("compares a text field or a textarea with the value the server's HTML gave it", () => {
    expect(changedSinceServer({ type: "text", value: "Vilnius", defaultValue: "Vilnius" })).toBe(false);
    expect(changedSinceServer({ type: "text", value: "Kaunas", defaultValue: "Vilnius" })).toBe(true);
    expect(changedSinceServer({ type: "textarea", value: "Ar laisvas?", defaultValue: "" })).toBe(true);
    expect(changedSinceServer({ type: "date", value: "", defaultValue: "" })).toBe(false);
  });

  it("compares a box or a radio with whether the server ticked it, both ways", () => {
    expect(changedSinceServer({ type: "checkbox", value: "on", checked: true, defaultChecked: false })).toBe(true);
    expect(changedSinceServer({ type: "radio", value: "company", checked: false, defaultChecked: true })).toBe(true);
    expect(changedSinceServer({ type: "radio", value: "person", checked: true, defaultChecked: true })).toBe(false);
  });

  it("counts a file input as changed once it holds a file (the server never gives it one)", () => {
    expect(changedSinceServer({ type: "file", value: "", files: { length: 0 } })).toBe(false);
    expect(changedSinceServer({ type: "file", value: "C:\\fakepath\\a.jpg", files: { length: 1 } })).toBe(true);
    expect(changedSinceServer({ type: "file", value: "", files: null })).toBe(false);
  });

  it("takes a single select's default as the option marked selected, else its first one that can be chosen", () => {
    expect(changedSinceServer(select([option(false), option(true, true)]))).toBe(false);
    expect(changedSinceServer(select([option(true), option(false, true)]))).toBe(true);
    // Nothing marked: the first option is the default, and a disabled placeholder is passed over.
    expect(changedSinceServer(select([option(true), option(false)]))).toBe(false);
    expect(changedSinceServer(select([option(false), option(true)]))).toBe(true);
    expect(changedSinceServer(select([option(false, false, true), option(true), option(false)]))).toBe(false);
    expect(changedSinceServer(select([option(false, false, true), option(false), option(true)]))).toBe(true);
  });

  it("takes a multiple select's default as exactly the options marked selected (none when none is)", () => {
    expect(changedSinceServer(select([option(false), option(false)], true))).toBe(false);
    expect(changedSinceServer(select([option(true), option(false)], true))).toBe(true);
    expect(changedSinceServer(select([option(true, true), option(true, true)], true))).toBe(false);
    expect(changedSinceServer(select([option(true, true), option(false, true)], true))).toBe(true);
  });
});
