// Identity documents for verification: a photo or scan of a document, or a PDF. Like photos, the type is decided
// by the file's first bytes; unlike photos, the file is kept exactly as uploaded (it is evidence, not decoration).
import { detectImageType } from "~/photos/photo-rules";

/** "Under 10 MB": 10 MiB itself is refused. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export type DocumentContentType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";

export type DocumentProblem = "validation.documentType" | "validation.documentSize";

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

export function detectDocumentType(bytes: Uint8Array): DocumentContentType | null {
  const image = detectImageType(bytes);
  if (image) return `image/${image}`;
  if (bytes.length >= PDF_SIGNATURE.length && PDF_SIGNATURE.every((value, index) => bytes[index] === value)) {
    return "application/pdf";
  }
  return null;
}

/** The document's type, or why it is refused. */
export function checkDocument(document: {
  size: number;
  head: Uint8Array;
}): { ok: true; contentType: DocumentContentType } | { ok: false; problem: DocumentProblem } {
  const contentType = detectDocumentType(document.head);
  if (!contentType) return { ok: false, problem: "validation.documentType" };
  if (document.size >= MAX_DOCUMENT_BYTES) return { ok: false, problem: "validation.documentSize" };
  return { ok: true, contentType };
}
