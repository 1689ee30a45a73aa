// What each account type sends to be verified, and how a document's name is kept and handed back. Pure, so the
// page and the server agree and the rules are unit-tested. Also the page's forms: upload one document, submit the set.
import { z } from "zod";
import type { ACCOUNT_TYPES, VERIFICATION_DOCUMENT_KINDS } from "#db/enums";

export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type VerificationDocumentKind = (typeof VERIFICATION_DOCUMENT_KINDS)[number];

/** A person shows who they are and that they may drive; a company, that it exists and who acts for it. */
export const REQUIRED_DOCUMENT_KINDS: Record<AccountType, readonly VerificationDocumentKind[]> = {
  person: ["identity", "driving_licence"],
  company: ["company_registration", "representative_identity"],
};

export function requiredDocumentKinds(accountType: AccountType): readonly VerificationDocumentKind[] {
  return REQUIRED_DOCUMENT_KINDS[accountType];
}

/** The document that shows who the person is (and so their date of birth): their own, or the company's representative's. */
export function identityDocumentKind(accountType: AccountType): VerificationDocumentKind {
  return accountType === "company" ? "representative_identity" : "identity";
}

export function isRequiredKind(accountType: AccountType, kind: unknown): kind is VerificationDocumentKind {
  return (REQUIRED_DOCUMENT_KINDS[accountType] as readonly unknown[]).includes(kind);
}

/**
 * The verification page's forms. Date of birth: a verified person's new one and its document. Upload: which document (checked against the account type by isRequiredKind) and
 * the file (checked by its content on upload); a value of the wrong shape reads as none, so it gets those messages.
 */
export const VerificationFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("submit") }),
  // A verified person's new date of birth with the document that shows it (checked by changeVerifiedDateOfBirth).
  z.object({
    intent: z.literal("date-of-birth"),
    dateOfBirth: z.string().max(40).optional().catch(undefined),
    document: z
      .union([z.instanceof(File), z.string()])
      .optional()
      .catch(undefined),
  }),
  z.object({
    intent: z.literal("upload"),
    kind: z.string().optional().catch(undefined),
    document: z
      .union([z.instanceof(File), z.string()])
      .optional()
      .catch(undefined),
  }),
]);

export function missingDocumentKinds(
  accountType: AccountType,
  uploaded: readonly { kind: string }[],
): VerificationDocumentKind[] {
  const have = new Set(uploaded.map((document) => document.kind));
  return REQUIRED_DOCUMENT_KINDS[accountType].filter((kind) => !have.has(kind));
}

const FILE_NAME_MAX = 120;

/**
 * The uploaded file's name as the owner will see it again: the last path segment (old browsers send a full path),
 * without control characters, quotes or angle brackets, at most 120 characters. Null when nothing is left.
 */
export function cleanFileName(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
    .replace(/[\u0000-\u001f\u007f<>"]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!clean) return null;
  if (clean.length <= FILE_NAME_MAX) return clean;
  // Cut the stem, keep the extension: "passport … .pdf" still opens as a PDF once saved.
  const dot = clean.lastIndexOf(".");
  const extension = dot > 0 && clean.length - dot <= 6 ? clean.slice(dot) : "";
  return clean.slice(0, FILE_NAME_MAX - extension.length) + extension;
}

const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/** The types a document may be served as; anything else (never stored, but a row could be edited) downloads. */
export function isServableDocumentType(contentType: string): boolean {
  return contentType in EXTENSIONS;
}

/**
 * How a document is handed to the browser: an image is shown in the tab; anything else, a PDF above all, is
 * downloaded, because a PDF viewer in our origin would run whatever script the file carries.
 */
export function documentDispositionType(contentType: string): "inline" | "attachment" {
  return contentType.startsWith("image/") && isServableDocumentType(contentType) ? "inline" : "attachment";
}

/**
 * `Content-Disposition` for viewing a document in the browser: an ASCII `filename` for old clients and the real
 * name in `filename*` (RFC 6266 / 5987). The extension always matches the type the file is served as, so a name
 * cannot make the browser treat it as something else.
 */
export function documentDisposition(
  fileName: string | null,
  contentType: string,
  kind: string,
  disposition: "inline" | "attachment" = "inline",
): string {
  const extension = EXTENSIONS[contentType] ?? "bin";
  const cleaned = cleanFileName(fileName) ?? kind;
  const stem = cleaned.replace(/\.[A-Za-z0-9]{1,5}$/, "") || kind;
  const full = `${stem}.${extension}`;
  const ascii =
    stem
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9._ -]+/g, "_")
      .replace(/_+/g, "_")
      .replace(/^[._ ]+/, "")
      .slice(0, 80) || kind;
  const encoded = encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}.${extension}"; filename*=UTF-8''${encoded}`;
}
