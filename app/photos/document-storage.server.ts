// Identity documents in the PHOTOS bucket: kept exactly as uploaded (JPEG, PNG, WebP or PDF by content), under a
// prefix that is never served; only the document route reads them, for their owner or an admin. Every function takes
// the request's bindings (`context.env`).
import { checkDocument, type DocumentContentType, type DocumentProblem } from "./document-rules";
import { isPrivateDocumentKey, newPrivateDocumentKey } from "./photo-keys";
import { deleteObjects, PhotoProcessingError, readHead, type PhotoBindings } from "./photo-storage.server";

export type StoredDocument =
  { ok: true; key: string; contentType: DocumentContentType } | { ok: false; problem: DocumentProblem };

/**
 * Keeps an identity document (JPEG, PNG, WebP or PDF by content, under 10 MB) exactly as uploaded, with its type.
 * An R2 failure is thrown as PhotoProcessingError "storage": there is a single write, so nothing is left half-done.
 */
export async function storePrivateDocument(
  env: Pick<PhotoBindings, "photos">,
  userId: string,
  document: Blob,
): Promise<StoredDocument> {
  const checked = checkDocument({ size: document.size, head: await readHead(document) });
  if (!checked.ok) return checked;
  const key = newPrivateDocumentKey(userId);
  const bytes = await document.arrayBuffer();
  try {
    await env.photos.put(key, bytes, { httpMetadata: { contentType: checked.contentType } });
  } catch (cause) {
    throw new PhotoProcessingError("storage", { cause });
  }
  return { ok: true, key, contentType: checked.contentType };
}

/** The document for a route that has checked the reader may see it (its owner or an admin); null if absent. */
export async function readPrivateDocument(
  env: Pick<PhotoBindings, "photos">,
  key: string,
): Promise<{ body: ReadableStream; contentType: string; size: number } | null> {
  if (!isPrivateDocumentKey(key)) return null;
  const object = await env.photos.get(key);
  if (!object) return null;
  return {
    body: object.body,
    contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
    size: object.size,
  };
}

/** Deletes documents; keys outside the private prefix are left alone. */
export async function deletePrivateDocuments(env: Pick<PhotoBindings, "photos">, keys: readonly string[]) {
  await deleteObjects(env.photos, keys.filter(isPrivateDocumentKey));
}
