import { describe, expect, it } from "vitest";
import { FAQ } from "~/information/content/faq-text.server";
import { FAQ_CATEGORIES, filterFaq, foldText, readFaqQuery, type FaqEntry } from "~/information/faq-search";

const ENTRIES: FaqEntry[] = [
  { id: "deposit", category: "payments", question: "Kada atgausiu užstatą?", answer: "Per 3–7 darbo dienas." },
  {
    id: "cancel",
    category: "booking",
    question: "Ar galiu atšaukti užsakymą?",
    answer: "Taip, skiltyje Mano užsakymai.",
  },
  {
    id: "insurance",
    category: "insurance",
    question: "Ar draudimas įskaičiuotas?",
    answer: "Civilinė atsakomybė – taip.",
  },
];

const ids = (entries: FaqEntry[]) => entries.map((entry) => entry.id);

describe("FAQ search", () => {
  it("folds case and Lithuanian diacritics", () => {
    expect(foldText("  ŽALGIRIS  Užstatas ąčęėįšųūž ")).toBe("zalgiris uzstatas aceeisuuz");
  });

  it("finds a question typed with or without diacritics, in the question or the answer", () => {
    expect(ids(filterFaq(ENTRIES, { q: "užstatą", category: null }))).toEqual(["deposit"]);
    expect(ids(filterFaq(ENTRIES, { q: "UZSTATA", category: null }))).toEqual(["deposit"]);
    expect(ids(filterFaq(ENTRIES, { q: "mano uzsakymai", category: null }))).toEqual(["cancel"]);
  });

  it("needs every word, and narrows by category", () => {
    expect(ids(filterFaq(ENTRIES, { q: "ar taip", category: null }))).toEqual(["cancel", "insurance"]);
    expect(ids(filterFaq(ENTRIES, { q: "ar taip", category: "insurance" }))).toEqual(["insurance"]);
    expect(ids(filterFaq(ENTRIES, { q: "", category: "booking" }))).toEqual(["cancel"]);
    expect(filterFaq(ENTRIES, { q: "lėktuvas", category: null })).toEqual([]);
    expect(filterFaq(ENTRIES, { q: "", category: null })).toHaveLength(3);
  });

  it("reads the address: unknown categories are ignored, long searches capped", () => {
    expect(readFaqQuery(new URLSearchParams("q=%20deposit%20&category=payments"))).toEqual({
      q: "deposit",
      category: "payments",
    });
    expect(readFaqQuery(new URLSearchParams(`q=${"a".repeat(500)}&category=drop`))).toEqual({
      q: "a".repeat(100),
      category: null,
    });
  });

  it("has the same questions in both languages, each category used", () => {
    expect(FAQ.lt.map((e) => [e.id, e.category])).toEqual(FAQ.en.map((e) => [e.id, e.category]));
    expect(new Set(FAQ.en.map((e) => e.id)).size).toBe(FAQ.en.length);
    for (const category of FAQ_CATEGORIES) expect(FAQ.en.some((e) => e.category === category)).toBe(true);
    expect(ids(filterFaq(FAQ.lt, { q: "uzstata", category: null }))).toContain("deposit");
    expect(ids(filterFaq(FAQ.en, { q: "deposit", category: "payments" }))).toContain("deposit");
  });
});
