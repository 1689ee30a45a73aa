import { describe, expect, it } from "vitest";
import {
  cleanFileName,
  documentDisposition,
  documentDispositionType,
  isRequiredKind,
  missingDocumentKinds,
  requiredDocumentKinds,
} from "~/profiles/verification-form";

describe("required documents", () => {
  it("a person sends an identity document and a driving licence; a company its registration and its representative's identity", () => {
    expect(requiredDocumentKinds("person")).toEqual(["identity", "driving_licence"]);
    expect(requiredDocumentKinds("company")).toEqual(["company_registration", "representative_identity"]);
    expect(isRequiredKind("person", "company_registration")).toBe(false);
    expect(isRequiredKind("company", "representative_identity")).toBe(true);
    expect(isRequiredKind("person", "../../etc")).toBe(false);
  });

  it("names what is still missing", () => {
    expect(missingDocumentKinds("person", [{ kind: "identity" }])).toEqual(["driving_licence"]);
    expect(missingDocumentKinds("company", [{ kind: "identity" }])).toEqual([
      "company_registration",
      "representative_identity",
    ]);
    expect(missingDocumentKinds("person", [{ kind: "driving_licence" }, { kind: "identity" }])).toEqual([]);
  });
});

describe("file names", () => {
  it("keeps the last path segment without control characters, quotes or brackets", () => {
    expect(cleanFileName("C:\\Users\\ona\\Pasas.pdf")).toBe("Pasas.pdf");
    expect(cleanFileName('a"b<c>\u0007d.jpg')).toBe("abcd.jpg");
    expect(cleanFileName("   ")).toBeNull();
    expect(cleanFileName(null)).toBeNull();
  });

  it("cuts long names but keeps the extension", () => {
    const name = cleanFileName(`${"x".repeat(300)}.pdf`)!;
    expect(name).toHaveLength(120);
    expect(name.endsWith(".pdf")).toBe(true);
  });

  it("serves inline with an ASCII fallback and the real name, the extension following the stored type", () => {
    expect(documentDisposition("Vairuotojo pažymėjimas.pdf", "application/pdf", "driving_licence")).toBe(
      `inline; filename="Vairuotojo pazymejimas.pdf"; filename*=UTF-8''Vairuotojo%20pa%C5%BEym%C4%97jimas.pdf`,
    );
    // A name that claims HTML is served with the type's own extension.
    expect(documentDisposition('evil".html', "image/png", "identity")).toBe(
      `inline; filename="evil.png"; filename*=UTF-8''evil.png`,
    );
    expect(documentDisposition(null, "image/jpeg", "identity")).toBe(
      `inline; filename="identity.jpg"; filename*=UTF-8''identity.jpg`,
    );
  });
});

describe("documentDispositionType", () => {
  it("shows images in the tab and downloads PDFs and anything else", () => {
    expect(documentDispositionType("image/jpeg")).toBe("inline");
    expect(documentDispositionType("image/webp")).toBe("inline");
    expect(documentDispositionType("application/pdf")).toBe("attachment");
    expect(documentDispositionType("image/svg+xml")).toBe("attachment");
    expect(documentDispositionType("text/html")).toBe("attachment");
  });
});
