// The car at check-in and at check-out, side by side by angle (front with front, …), so a scratch that was not there
// before shows at a glance. Used by the claim page and the admin's claim view; the trip page may use it too. Texts
// come from the "claims" namespace (load it in the route's handle).
import { useTranslation } from "react-i18next";
import type { TripPhotoView } from "~/photos/trip-photos.server";

const ANGLES = ["front", "back", "left", "right", "other"] as const;

/** Rows of a check-in photo and the check-out photo of the same angle ("other" ones paired in order). */
export function photoPairs(checkIn: TripPhotoView[], checkOut: TripPhotoView[]) {
  return ANGLES.flatMap((angle) => {
    const before = checkIn.filter((p) => p.angle === angle);
    const after = checkOut.filter((p) => p.angle === angle);
    return Array.from({ length: Math.max(before.length, after.length) }, (_, i) => ({
      key: `${angle}-${i}`,
      angle,
      before: before[i] ?? null,
      after: after[i] ?? null,
    }));
  });
}

export function TripPhotoPairs({
  checkIn,
  checkOut,
  headingId,
}: {
  checkIn: TripPhotoView[];
  checkOut: TripPhotoView[];
  headingId: string;
}) {
  const { t } = useTranslation("claims");
  const pairs = photoPairs(checkIn, checkOut);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold">
        {t("photos.title")}
      </h2>
      {pairs.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t("photos.noRecords")}</p>
      ) : (
        <ul className="mt-3 grid gap-4">
          {pairs.map((pair) => (
            <li key={pair.key}>
              <p className="mb-1.5 text-sm font-semibold">{t(`photos.angles.${pair.angle}`)}</p>
              <div className="grid grid-cols-2 gap-2">
                <PairSide label={t("photos.checkIn")} angle={t(`photos.angles.${pair.angle}`)} photo={pair.before} />
                <PairSide label={t("photos.checkOut")} angle={t(`photos.angles.${pair.angle}`)} photo={pair.after} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PairSide({ label, angle, photo }: { label: string; angle: string; photo: TripPhotoView | null }) {
  const { t } = useTranslation("claims");
  return (
    <figure className="min-w-0">
      {photo ? (
        <a href={photo.url} target="_blank" rel="noreferrer" className="block">
          <img
            src={photo.url}
            width={photo.width}
            height={photo.height}
            alt={t("photos.photo", { record: label, angle })}
            loading="lazy"
            className="aspect-[4/3] w-full rounded-lg border border-line bg-subtle object-cover"
          />
        </a>
      ) : (
        <div className="flex aspect-[4/3] w-full items-center justify-center rounded-lg border border-dashed border-line text-xs text-muted">
          {t("photos.none")}
        </div>
      )}
      <figcaption className="mt-1 text-xs text-muted">{label}</figcaption>
    </figure>
  );
}

/** A plain row of evidence photos (a claim's, a dispute's). */
export function EvidencePhotos({
  photos,
  label,
  emptyText,
}: {
  photos: TripPhotoView[];
  label: string;
  emptyText: string;
}) {
  if (photos.length === 0) return <p className="text-sm text-muted">{emptyText}</p>;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {photos.map((photo, i) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noreferrer" className="block">
            <img
              src={photo.url}
              width={photo.width}
              height={photo.height}
              alt={`${label} ${i + 1} / ${photos.length}`}
              loading="lazy"
              className="aspect-square w-full rounded-lg border border-line bg-subtle object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
