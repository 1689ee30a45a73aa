// The avatar upload: a file input and a button, posted as multipart, so it works without JavaScript. With it, the
// chosen photo is made smaller in the browser (a phone's 8 MB photo would be refused at 5 MB) and previewed.
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field-errors";
import { downsizeForUpload } from "~/photos/downsize.client";
import { useHydrated } from "~/utils/use-hydrated";

/** An avatar is shown at most 256 px wide; 1024 leaves room for the server's own resize. */
const AVATAR_UPLOAD_EDGE = 1024;

export function AvatarForm({ error }: { error?: string }) {
  const { t } = useTranslation("profile");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "avatar";

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // A photo chosen before the page hydrated is made smaller and shown, as one chosen after is.
  useEffect(() => {
    if (hydrated && input.current?.files?.length) void choose(input.current.files);
  }, [hydrated]);

  async function choose(files: FileList | null) {
    const file = files?.[0];
    if (!file || !input.current) return;
    setWorking(true);
    const smaller = await downsizeForUpload(file, { maxEdge: AVATAR_UPLOAD_EDGE });
    if (smaller !== file) {
      const transfer = new DataTransfer();
      transfer.items.add(smaller);
      input.current.files = transfer.files;
    }
    setPreview(URL.createObjectURL(smaller));
    setWorking(false);
  }

  const describedBy = error ? "avatar-hint avatar-error" : "avatar-hint";
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-2" aria-labelledby="avatar-form-title">
      <input type="hidden" name="intent" value="avatar" />
      <h3 id="avatar-form-title" className="text-sm font-semibold">
        {t("avatar.title")}
      </h3>
      <div className="flex items-center gap-3">
        {preview ? (
          <img
            src={preview}
            alt={t("avatar.preview")}
            width={48}
            height={48}
            className="size-12 rounded-full object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <label htmlFor="avatar" className="sr-only">
            {t("avatar.choose")}
          </label>
          <input
            ref={input}
            id="avatar"
            name="avatar"
            type="file"
            required
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onChange={hydrated ? (event) => void choose(event.currentTarget.files) : undefined}
            className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold file:text-fg hover:file:bg-subtle"
          />
        </div>
      </div>
      <p id="avatar-hint" className="text-xs text-muted">
        {t("avatar.hint")}
      </p>
      <FieldErrors id="avatar-error" errors={error ? [error] : undefined} />
      <Button type="submit" variant="secondary" size="sm" disabled={uploading || working}>
        {uploading ? t("avatar.uploading") : t("avatar.upload")}
      </Button>
    </Form>
  );
}
