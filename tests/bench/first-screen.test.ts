import { describe, expect, it } from "vitest";
import { findStartTag, shortSelector, startTags, tagAttributes } from "./first-screen";

const PAGE = `<!DOCTYPE html><html lang="lt"><head><title>Ratai <div> nuoma</title>
<style>.a::before { content: "<div>"; }</style>
<script>window.__x = "<div class='fake'>";</script>
<!-- <div id="commented"> -->
</head><body><div id="root" class="shell">
<template id="B:0"><div class="in-template"><template><div></div></template><div></div></template>
<noscript><div class="no-js">Įjunkite JavaScript</div></noscript>
<DIV data-label="a > b" class='cards'><textarea><div></textarea><svg><title>x</title><linearGradient id="g"/></svg>
<div id="fold" class="grid &amp; gap-4">Žemiau</div></div></body></html>`;

describe("startTags", () => {
  it("makes elements only of real markup: not of comments, text, or a template's content", () => {
    expect([...startTags(PAGE)].map((t) => t.name)).toEqual([
      "html",
      "head",
      "title",
      "style",
      "script",
      "body",
      "div", // #root
      "noscript",
      "div", // .no-js: with JavaScript off, <noscript> holds markup
      "div", // .cards
      "textarea",
      "svg",
      "title",
      "lineargradient",
      "div", // #fold
    ]);
  });

  it("ends a tag at its own `>`, not at one inside a quoted value", () => {
    const cards = [...startTags(PAGE)].find((t) => PAGE.slice(t.offset, t.end).includes("cards"))!;
    expect(PAGE.slice(cards.offset, cards.end)).toBe(`<DIV data-label="a > b" class='cards'>`);
  });
});

describe("findStartTag", () => {
  it("finds the n-th start tag of a name, counting from 0", () => {
    const fold = findStartTag(PAGE, "div", 3)!;
    expect(PAGE.slice(fold.offset, fold.end)).toBe(`<div id="fold" class="grid &amp; gap-4">`);
    expect(PAGE.slice(0, fold.offset).endsWith("</svg>\n")).toBe(true);
  });

  it("matches names whatever their case, and says null past the last one", () => {
    expect(findStartTag(PAGE, "linearGradient", 0)).not.toBeNull();
    expect(findStartTag(PAGE, "div", 4)).toBeNull();
  });

  it("counts offsets in the string as it is, whatever its text", () => {
    // "İ" lower-cases to two characters: offsets in a lower-cased copy would be off by one after each.
    const html = `<title>${"İ".repeat(12)} Šiauliai</TITLE><p>Ąžuolas</p><p id="b">`;
    expect(findStartTag(html, "p", 1)?.offset).toBe(html.indexOf(`<p id="b">`));
  });
});

describe("tagAttributes", () => {
  it("reads quoted, unquoted and bare attributes, and decodes character references", () => {
    expect(tagAttributes(`<a HREF=/car/1 class="x &amp;&gt; y" title='&quot;&#x27;&#39;' hidden>`)).toEqual({
      href: "/car/1",
      class: "x &> y",
      title: `"''`,
      hidden: "",
    });
  });

  it("keeps the first of an attribute written twice, as the parser does", () => {
    expect(tagAttributes(`<div id="a" id="b"/>`)).toEqual({ id: "a" });
  });
});

describe("shortSelector", () => {
  it("names the tag, the id and the first two classes", () => {
    expect(shortSelector({ tag: "section", id: "cars", className: "grid gap-4 p-2 md:grid-cols-2" })).toBe(
      "section#cars.grid.gap-4…",
    );
    expect(shortSelector({ tag: "li", id: null, className: null })).toBe("li");
  });
});
