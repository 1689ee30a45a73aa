// The documents say the same in both languages, shape for shape: same sections (anchors), same blocks, same ids.
import { REFUND_BANK_DAYS } from "~/bookings/deposit-return";
import { describe, expect, it } from "vitest";
import { ABOUT, POSITIONS } from "./company-text.server";
import { COOKIE_POLICY } from "./cookies-text.server";
import { DISCLAIMER } from "./disclaimer-text.server";
import { ARTICLES } from "./news-articles.server";
import { PRIVACY } from "./privacy-text.server";
import { TERMS } from "./terms-text.server";
import type { Block, InformationDocument } from "./types";

const shape = (block: Block) =>
  typeof block === "string"
    ? "p"
    : "list" in block
      ? `list:${block.list.length}`
      : `table:${block.table.head.length}x${block.table.rows.length}`;

const outline = (document: InformationDocument) => ({
  updated: document.updated,
  intro: document.intro.length,
  sections: document.sections.map((section) => [section.id, section.blocks.map(shape)]),
});

describe("information documents", () => {
  it.each([
    ["terms", TERMS],
    ["privacy", PRIVACY],
    ["cookies", COOKIE_POLICY],
    ["disclaimer", DISCLAIMER],
  ] as const)("%s has the same outline in Lithuanian and English", (_name, document) => {
    expect(outline(document.lt)).toEqual(outline(document.en));
    expect(document.en.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("privacy has the #gdpr section the footer links to, and the terms state the product's fees", () => {
    expect(PRIVACY.en.sections.map((s) => s.id)).toContain("gdpr");
    const terms = JSON.stringify(TERMS.en);
    // The deposit's return in the words the pages use, from the same rules (bookings/deposit-return.ts).
    const bankDays = `${REFUND_BANK_DAYS.from}–${REFUND_BANK_DAYS.to} working days`;
    for (const fact of ["2 %", "3.26 %", bankDays, "24 hours"]) expect(terms).toContain(fact);
    expect(JSON.stringify(TERMS.lt)).toContain("3,26 %");
  });

  it("the cookie policy lists every cookie the app sets", () => {
    const names = COOKIE_POLICY.en.sections.flatMap((s) =>
      s.blocks.flatMap((b) => (typeof b === "object" && "table" in b ? b.table.rows.map((r) => r[0]) : [])),
    );
    expect(names).toEqual(["session (__Host-session)", "toast", "ratai_cookie_prefs", "lng", "theme"]);
  });

  it("about, careers and news have the same entries in both languages", () => {
    expect(ABOUT.lt.timeline.map((s) => s.year)).toEqual(ABOUT.en.timeline.map((s) => s.year));
    expect(ABOUT.lt.team.map((p) => p.name)).toEqual(ABOUT.en.team.map((p) => p.name));
    expect(ABOUT.lt.values).toHaveLength(ABOUT.en.values.length);
    expect(POSITIONS.en).toHaveLength(3);
    expect(POSITIONS.lt.map((p) => p.id)).toEqual(POSITIONS.en.map((p) => p.id));
    expect(ARTICLES.lt.map((a) => [a.id, a.category, a.date])).toEqual(
      ARTICLES.en.map((a) => [a.id, a.category, a.date]),
    );
    expect(ARTICLES.en.every((a) => a.date.startsWith("2026"))).toBe(true);
  });
});
