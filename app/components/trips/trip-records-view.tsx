// The two records of a trip side by side (check-in | check-out): a pair of photos per side of the car, then the
// other photos, the odometer and the fuel gauge before and after, the notes, who recorded each and when, and the
// other party's confirmation or disagreement (with their photos). Two columns even on a phone, so a pair can be
// compared at a glance; the rest of the page stacks.
import { useTranslation } from "react-i18next";
import type { TripPhotoAngle, TripRecordKind } from "#db/enums";
import type { TripPage, TripPhotoView, TripRecordView } from "~/trips/trip-page.server";
import { TripClockNotes } from "~/components/trips/trip-clock";
import { formatDateTime, formatNumber } from "~/utils/format";

const KINDS: TripRecordKind[] = ["check_in", "check_out"];
const SIDES: TripPhotoAngle[] = ["front", "back", "left", "right"];

export function TripRecords({
  records,
  autoCompleted = false,
}: {
  records: TripPage["records"];
  /** Completed by the job: the missing check-out will never come. */
  autoCompleted?: boolean;
}) {
  const { t, i18n } = useTranslation("trips");
  const pair = (pick: (record: TripRecordView) => React.ReactNode) =>
    KINDS.map((kind) => {
      const record = records[kind];
      return (
        <div key={kind} className="min-w-0">
          {record ? pick(record) : <span className="text-sm text-muted">—</span>}
        </div>
      );
    });
  const others = (record: TripRecordView) => record.photos.filter((photo) => photo.angle === "other");
  const anyOthers = KINDS.some((kind) => (records[kind] ? others(records[kind]).length > 0 : false));
  return (
    <TripSection id="trip-records" title={t("records.title")}>
      <div className="mt-4 grid grid-cols-2 gap-x-3 gap-y-1 sm:gap-x-6">
        {KINDS.map((kind) => (
          <div key={kind}>
            <h3 className="font-bold">{t(`records.${kind}`)}</h3>
            {records[kind] ? null : (
              <p className="text-sm text-muted">
                {t(kind === "check_out" && autoCompleted ? "records.neverRecorded" : "records.notYet")}
              </p>
            )}
          </div>
        ))}
      </div>
      <Row label={t("records.odometer")}>
        {pair((record) => (
          <span className="font-semibold tabular-nums">
            {t("records.km", { km: formatNumber(record.odometerKm, i18n.language, 0) })}
          </span>
        ))}
      </Row>
      <Row label={t("records.fuel")}>
        {pair((record) => (
          <FuelGauge level={record.fuelLevel} />
        ))}
      </Row>
      {SIDES.map((angle) => (
        <Row key={angle} label={t(`angles.${angle}`)}>
          {pair((record) => {
            const photo = record.photos.find((p) => p.angle === angle);
            return photo ? (
              <Photo
                photo={photo}
                alt={t("records.photoAlt", { record: t(`records.${record.kind}`), angle: t(`angles.${angle}`) })}
              />
            ) : null;
          })}
        </Row>
      ))}
      {anyOthers ? (
        <Row label={t("angles.other")}>
          {pair((record) => (
            <Photos
              photos={others(record)}
              alt={t("records.photoAlt", { record: t(`records.${record.kind}`), angle: t("angles.other") })}
            />
          ))}
        </Row>
      ) : null}
      <Row label={t("records.note")}>
        {pair((record) =>
          record.note ? (
            <p className="text-sm whitespace-pre-line break-words">{record.note}</p>
          ) : (
            <span className="text-sm text-muted">—</span>
          ),
        )}
      </Row>
      <Row label={t("records.recorded")}>
        {pair((record) => (
          <Recorded record={record} />
        ))}
      </Row>
    </TripSection>
  );
}

/** A card of the trip page with its heading (the heading names the region). */
export function TripSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="mt-4 border-t border-line pt-3">
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{label}</h4>
      <div className="grid grid-cols-2 gap-3 sm:gap-6">{children}</div>
    </div>
  );
}

/** The fuel or charge level as a gauge of eight segments, with "6/8" in words for everyone. */
export function FuelGauge({ level }: { level: number }) {
  const { t } = useTranslation("trips");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span aria-hidden="true" className="flex gap-0.5">
        {Array.from({ length: 8 }, (_, index) => (
          <span key={index} className={`h-3 w-2 rounded-sm ${index < level ? "bg-primary" : "bg-subtle"}`} />
        ))}
      </span>
      <span className="text-sm font-semibold tabular-nums">{t("records.fuelValue", { level })}</span>
    </div>
  );
}

function Photo({ photo, alt }: { photo: TripPhotoView; alt: string }) {
  return (
    <a href={photo.url} className="block overflow-hidden rounded-lg bg-subtle">
      <img
        src={photo.url}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading="lazy"
        className="aspect-[4/3] w-full object-cover"
      />
    </a>
  );
}

function Photos({ photos, alt }: { photos: TripPhotoView[]; alt: string }) {
  if (photos.length === 0) return <span className="text-sm text-muted">—</span>;
  return (
    <ul className="grid grid-cols-2 gap-1.5">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <Photo photo={photo} alt={`${alt} ${index + 1}`} />
        </li>
      ))}
    </ul>
  );
}

function Recorded({ record }: { record: TripRecordView }) {
  const { t, i18n } = useTranslation("trips");
  const when = (at: number) => formatDateTime(at, i18n.language);
  const side = (value: string | null) => (value ? t(`sides.${value}`) : t("sides.unknown"));
  return (
    <div className="grid gap-2 text-sm">
      <p>
        {t("records.recordedBy", {
          name: record.recorderName || side(record.recordedBy),
          side: side(record.recordedBy),
          time: when(record.recordedAt),
        })}
      </p>
      {record.confirmedAt !== null ? (
        <p className="font-semibold text-success">
          {t("records.confirmed", { side: side(record.confirmedBy), time: when(record.confirmedAt) })}
        </p>
      ) : record.disagreedAt !== null ? (
        <div className="rounded-lg border border-danger/30 bg-danger-soft p-2">
          <p className="font-semibold text-danger">{t("records.disputed", { time: when(record.disagreedAt) })}</p>
          <p className="mt-1 whitespace-pre-line break-words">{record.disagreement}</p>
          {record.disagreementPhotos.length > 0 ? (
            <div className="mt-2">
              <Photos
                photos={record.disagreementPhotos}
                alt={t("records.disagreementPhotoAlt", { record: t(`records.${record.kind}`) })}
              />
            </div>
          ) : null}
        </div>
      ) : (
        <p className="text-muted">{t("records.awaiting")}</p>
      )}
    </div>
  );
}

/**
 * Kilometres driven against the allowance, and hours late against the end time (never past the return deadline);
 * below them, why excess kilometres are held and a check-out recorded after the deadline (trip-clock.tsx).
 */
export function TripMeasuresView({
  measures,
  hasCheckOut,
  clock,
  odometer,
}: {
  measures: TripPage["measures"];
  hasCheckOut: boolean;
  clock: TripPage["clock"];
  odometer: TripPage["odometer"];
}) {
  const { t, i18n } = useTranslation("trips");
  const km = (value: number) => t("records.km", { km: formatNumber(value, i18n.language, 0) });
  const missing = clock.autoCompleted ? t("measures.notRecorded") : t("measures.afterCheckOut");
  return (
    <TripSection id="trip-measures" title={t("measures.title")}>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">{t("measures.driven")}</dt>
          <dd className="font-semibold tabular-nums">{measures.kmDriven === null ? missing : km(measures.kmDriven)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("measures.allowed")}</dt>
          <dd className="font-semibold tabular-nums">{km(measures.kmAllowed)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("measures.excess")}</dt>
          <dd
            className={`font-semibold tabular-nums ${odometer?.held ? "text-warning" : measures.excessKm > 0 ? "text-danger" : ""}`}
          >
            {measures.kmDriven === null
              ? missing
              : odometer?.held
                ? t("measures.held", { km: formatNumber(measures.excessKm, i18n.language, 0) })
                : km(measures.excessKm)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t("measures.late")}</dt>
          <dd className={`font-semibold tabular-nums ${measures.hoursLate > 0 ? "text-danger" : ""}`}>
            {hasCheckOut ? t("measures.hours", { count: measures.hoursLate }) : missing}
          </dd>
        </div>
      </dl>
      <TripClockNotes clock={clock} odometer={odometer} />
    </TripSection>
  );
}
