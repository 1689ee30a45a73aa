// GET /documents/{id}: a verification document, for its owner and for admins only (anyone else 403, an unknown id
// 404). Identity documents must not linger in caches or be sniffed into something else: no-store, nosniff, and the
// type and file extension are the ones checked at upload. Guests are sent to sign in first, which tells them nothing.
// Whatever the file holds runs nothing in our origin: every answer is sandboxed by its CSP (an opaque origin, no
// script), and only images are shown inline; a PDF is downloaded (documentDispositionType).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUserWith } from "~/accounts/guards.server";
import { readPrivateDocument } from "~/photos/document-storage.server";
import { findDocument } from "~/profiles/verification.server";
import { PRIVATE_FILE_HEADERS, refusePrivateFile, signInForPrivateFile } from "~/utils/private-files.server";
import { documentDisposition, documentDispositionType, isServableDocumentType } from "~/profiles/verification-form";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The document is asked for by its id beside the session's lookup: one round trip (decision 002). Its row is
  // shown to no one before the check below.
  const [user, document] = await getOptionalUserWith(request, context, () =>
    findDocument(context.db, params.documentId ?? ""),
  );
  if (!user) throw signInForPrivateFile(request);
  if (!document) return refusePrivateFile(404);
  if (document.userId !== user.id && !user.isAdmin) return refusePrivateFile(403);
  const stored = await readPrivateDocument(context.env, document.storageKey);
  if (!stored) return refusePrivateFile(404);

  const servable = isServableDocumentType(document.contentType);
  return new Response(stored.body, {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      "Content-Type": servable ? document.contentType : "application/octet-stream",
      "Content-Length": String(stored.size),
      "Content-Disposition": documentDisposition(
        document.fileName,
        document.contentType,
        document.kind,
        servable ? documentDispositionType(document.contentType) : "attachment",
      ),
    },
  });
}
