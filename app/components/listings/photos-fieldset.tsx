// The listing's photos: the picker of the wizard and the edit page (previews to reorder, turn and remove, made
// smaller in the browser; a plain file input without JavaScript) and the move, turn and delete control.
import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { detectImageType, MAX_PHOTOS, sortPickedPhotos, type PhotoProblem } from "~/photos/photo-rules";
import { Legend } from "~/components/listings/listing-fieldset-parts";
import { useDragOrder } from "~/components/listings/use-drag-order";
import { FieldErrors } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";
import { downsizeForUpload, type UploadRotation } from "~/photos/downsize.client";
import { useHydrated } from "~/utils/use-hydrated";

interface PickedPhoto {
  id: string;
  file: File;
  preview: string;
}

/**
 * Photos to upload. Without JavaScript, a file input (the order chosen is the order stored; the edit page moves and
 * turns them later). With it, previews that can be reordered, turned by 90° and removed; each photo is made smaller
 * in the browser, and the input's file list is kept in the order shown, so the form posts the same way.
 */
export function PhotosFieldset({
  meta,
  alreadyStored = 0,
  legend,
}: {
  meta: FieldMetadata<string>;
  alreadyStored?: number;
  legend?: string;
}) {
  const { t } = useTranslation("listings");
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [working, setWorking] = useState(false);
  // What the choices left out and why: shown at once, as the server would say it without JavaScript, and kept until
  // the form is sent knowing it. Without JavaScript the server refuses the whole post and nothing is created; here
  // the first press of the form's button stops at the field and says so (`warned`), and the second goes on without
  // those photos.
  const [refused, setRefused] = useState<PhotoProblem[]>([]);
  const [warned, setWarned] = useState(false);
  const message = useRef<HTMLDivElement>(null);
  const room = MAX_PHOTOS - alreadyStored;

  // Photos chosen in the plain input before the picker appeared (the page was still hydrating) are taken in by it,
  // as a choice made after is; from then on the input's list is the picker's, in the order shown.
  const takenOver = useRef(false);
  useEffect(() => {
    if (!hydrated || !input.current) return;
    const chosen = takenOver.current ? null : input.current.files;
    takenOver.current = true;
    if (chosen?.length) return void add(chosen);
    const transfer = new DataTransfer();
    for (const photo of photos) transfer.items.add(photo.file);
    input.current.files = transfer.files;
    // `add` reads the photos of this render, which the effect runs again for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [photos, hydrated]);
  useEffect(() => () => photos.forEach((photo) => URL.revokeObjectURL(photo.preview)), [photos]);
  useEffect(() => {
    const form = input.current?.form;
    if (!hydrated || !form || refused.length === 0) return;
    // A native listener runs before React's (delegated at the root), and Remix's <Form> sends nothing once the
    // event is prevented. "Back" leaves the step: the photos are not sent then anyway.
    function stopOnce(event: SubmitEvent) {
      if (event.submitter instanceof HTMLButtonElement && event.submitter.value === "back") return;
      if (warned) {
        // Sent knowing it (the edit page stays, and its next upload starts afresh).
        setRefused([]);
        setWarned(false);
        return;
      }
      event.preventDefault();
      setWarned(true);
      message.current?.scrollIntoView({ block: "center" });
      message.current?.focus();
    }
    form.addEventListener("submit", stopOnce);
    return () => form.removeEventListener("submit", stopOnce);
  }, [hydrated, refused, warned]);

  async function add(files: FileList | null) {
    if (!files?.length) return;
    setWorking(true);
    const candidates = await Promise.all(
      [...files].map(async (chosen) => {
        // The type is judged by the chosen file's first bytes; the size by what would be uploaded.
        const head = new Uint8Array(await chosen.slice(0, 12).arrayBuffer());
        const file = detectImageType(head) ? await downsizeForUpload(chosen) : chosen;
        return { file, head, size: file.size };
      }),
    );
    const { kept, problems } = sortPickedPhotos(candidates, Math.max(0, room - photos.length));
    if (problems.length) {
      setRefused((current) => [...new Set([...current, ...problems])]);
      setWarned(false);
    }
    setPhotos((current) => [
      ...current,
      ...kept.map(({ file }) => ({ id: crypto.randomUUID(), file, preview: URL.createObjectURL(file) })),
    ]);
    setWorking(false);
  }
  async function rotate(index: number) {
    const photo = photos[index];
    if (!photo) return;
    setWorking(true);
    const turned = await downsizeForUpload(photo.file, { rotate: 90 as UploadRotation });
    setPhotos((current) =>
      current.map((p, i) => (i === index ? { ...p, file: turned, preview: URL.createObjectURL(turned) } : p)),
    );
    setWorking(false);
  }
  const moveTo = (from: number, to: number) =>
    setPhotos((current) => {
      const next = [...current];
      const [photo] = next.splice(from, 1);
      next.splice(to, 0, photo!);
      return next;
    });
  const move = (index: number, by: -1 | 1) => moveTo(index, index + by);
  const drag = useDragOrder(moveTo);
  const errors = refused.length ? [...refused, ...(warned ? ["listings:wizard.photosLeftOut"] : [])] : meta.errors;

  return (
    <fieldset>
      <Legend>{legend ?? t("wizard.photosLegend")}</Legend>
      <p id={meta.descriptionId} className="-mt-2 mb-3 text-sm text-muted">
        {t("wizard.photosHint")} {hydrated ? null : t("wizard.photosNoJsHint")}
      </p>
      <label htmlFor={meta.id} className={hydrated ? "sr-only" : "mb-1.5 block text-sm font-semibold"}>
        {t("fields.photos")}
      </label>
      <input
        ref={input}
        id={meta.id}
        type="file"
        name={meta.name}
        multiple
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={errors ? `${meta.descriptionId} ${meta.errorId}` : meta.descriptionId}
        aria-invalid={errors ? true : undefined}
        className={hydrated ? "sr-only" : "block w-full text-sm"}
        onChange={hydrated ? (event) => void add(event.currentTarget.files) : undefined}
        onClick={hydrated ? (event) => (event.currentTarget.value = "") : undefined}
      />
      {hydrated ? (
        <>
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.map((photo, index) => (
              <li
                key={photo.id}
                {...drag(index)}
                className="cursor-grab overflow-hidden rounded-xl border border-line bg-surface data-[over]:ring-2 data-[over]:ring-primary"
              >
                <div className="relative aspect-[4/3] bg-subtle">
                  <img src={photo.preview} alt="" className="size-full object-cover" />
                  {index === 0 ? (
                    <span className="absolute left-2 top-2 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary">
                      {t("wizard.mainPhoto")}
                    </span>
                  ) : null}
                </div>
                <div className="flex justify-between p-1">
                  <PhotoButton
                    icon="arrowUp"
                    label={t("wizard.moveUp", { n: index + 1 })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  />
                  <PhotoButton
                    icon="arrowDown"
                    label={t("wizard.moveDown", { n: index + 1 })}
                    disabled={index === photos.length - 1}
                    onClick={() => move(index, 1)}
                  />
                  <PhotoButton
                    icon="rotate"
                    label={t("wizard.rotate", { n: index + 1 })}
                    disabled={working}
                    onClick={() => void rotate(index)}
                  />
                  <PhotoButton
                    icon="trash"
                    label={t("wizard.removePhoto", { n: index + 1 })}
                    onClick={() => setPhotos((current) => current.filter((_, i) => i !== index))}
                  />
                </div>
              </li>
            ))}
          </ol>
          {photos.length < room ? (
            <button
              type="button"
              onClick={() => input.current?.click()}
              disabled={working}
              className="mt-3 inline-flex items-center gap-2 rounded-lg border border-dashed border-line px-4 py-3 text-sm font-semibold text-primary hover:bg-subtle"
            >
              <Icon name="plus" className="size-4" />
              {t("wizard.choosePhotos")}
            </button>
          ) : null}
        </>
      ) : null}
      <div aria-live="polite" ref={message} tabIndex={-1} className="scroll-mt-24 focus:outline-none">
        <FieldErrors id={meta.errorId} errors={errors} all />
      </div>
    </fieldset>
  );
}

/**
 * A photo's move, turn or delete control: in the browser's picker a button with `onClick`; on the edit page a submit
 * button posting `intent=<value>`, so it works without JavaScript.
 */
export function PhotoButton({
  icon,
  label,
  onClick,
  value,
  disabled,
}: {
  icon: "arrowUp" | "arrowDown" | "rotate" | "trash";
  label: string;
  onClick?: () => void;
  value?: string;
  disabled?: boolean;
}) {
  return (
    <button
      {...(value ? { type: "submit", name: "intent", value } : { type: "button", onClick })}
      aria-label={label}
      title={label}
      disabled={disabled}
      className="rounded-md p-2 text-muted hover:bg-subtle hover:text-fg disabled:opacity-40"
    >
      <Icon name={icon} className="size-4" />
    </button>
  );
}
