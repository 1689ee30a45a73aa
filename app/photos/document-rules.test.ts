import { describe, expect, it } from "vitest";
import { checkDocument, detectDocumentType, MAX_DOCUMENT_BYTES } from "./document-rules";

const bytes = (text: string) => new TextEncoder().encode(text);
const pdf = bytes("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj");
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

describe("identity documents", () => {
  it("are PDFs or JPEG, PNG and WebP images, by content", () => {
    expect(detectDocumentType(pdf)).toBe("application/pdf");
    expect(detectDocumentType(jpeg)).toBe("image/jpeg");
    expect(detectDocumentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(detectDocumentType(bytes("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("image/webp");
    for (const other of ["<!doctype html>", "<svg/>", "%PDF", " %PDF-1.7", "PK\u0003\u0004"]) {
      expect(detectDocumentType(bytes(other))).toBeNull();
    }
  });

  it("are refused when of another type or 10 MB or more", () => {
    expect(checkDocument({ size: 1000, head: pdf })).toEqual({ ok: true, contentType: "application/pdf" });
    expect(checkDocument({ size: MAX_DOCUMENT_BYTES - 1, head: jpeg })).toEqual({
      ok: true,
      contentType: "image/jpeg",
    });
    expect(checkDocument({ size: MAX_DOCUMENT_BYTES, head: pdf })).toEqual({
      ok: false,
      problem: "validation.documentSize",
    });
    expect(checkDocument({ size: 10, head: bytes("<html>") })).toEqual({
      ok: false,
      problem: "validation.documentType",
    });
  });
});
