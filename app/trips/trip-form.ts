// The forms of the trip page (/bookings/{id}): recording an end of the trip (check-in or check-out: a photo per side,
// more photos, the odometer, the fuel or charge level, a note), and the other party's answer to a record (confirm, or
// disagree with a note and photos). One schema, a union on `intent`; server-only, so the page ships no zod. The
// photos' type and size are checked by the photo pipeline (photo-storage.server.ts#preparePhotos) after this.
import { z } from "zod";
import { TRIP_RECORD_KINDS } from "#db/enums";
import {
  FUEL_LEVEL_MAX,
  MAX_EVIDENCE_PHOTOS,
  MAX_ODOMETER_KM,
  MAX_TRIP_PHOTOS,
  REQUIRED_ANGLES,
  TRIP_NOTE_MAX,
  type RequiredAngle,
} from "~/bookings/trip-rules";

/** The file input of each side's photo (one file each). */
export const SIDE_FIELDS = {
  front: "photoFront",
  back: "photoBack",
  left: "photoLeft",
  right: "photoRight",
} as const satisfies Record<RequiredAngle, string>;
export const MORE_PHOTOS_FIELD = "morePhotos";
export const DISAGREEMENT_PHOTOS_FIELD = "disagreementPhotos";
/** Beyond the four sides. */
export const MAX_MORE_PHOTOS = MAX_TRIP_PHOTOS - REQUIRED_ANGLES.length;

export const TRIP_INTENTS = ["record", "confirm", "disagree"] as const;

const kind = z.enum(TRIP_RECORD_KINDS, { error: "trips:errors.notAllowed" });
/** A file input left empty still posts a nameless, empty file. */
const chosen = (file: File) => file.size > 0 || file.name !== "";
const sidePhoto = z.instanceof(File, { error: "trips:errors.sideMissing" }).refine(chosen, "trips:errors.sideMissing");
const photoList = (max: number, message: string) =>
  z
    .array(z.instanceof(File))
    .default([])
    .transform((files) => files.filter(chosen))
    .pipe(z.array(z.instanceof(File)).max(max, message));
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

/**
 * The three forms. `minOdometerKm` is the check-in's reading when the check-out is recorded: the odometer cannot go
 * back (checked here, so the message lands on the field).
 */
export function tripFormSchema(context: { minOdometerKm: number | null } = { minOdometerKm: null }) {
  const record = z
    .object({
      intent: z.literal("record"),
      kind,
      odometerKm: z
        .number({ error: "trips:errors.odometerRequired" })
        .int("trips:errors.odometerWhole")
        .min(0, "trips:errors.odometerRange")
        .max(MAX_ODOMETER_KM, "trips:errors.odometerRange"),
      fuelLevel: z
        .number({ error: "trips:errors.fuelRequired" })
        .int("trips:errors.fuelRange")
        .min(0, "trips:errors.fuelRange")
        .max(FUEL_LEVEL_MAX, "trips:errors.fuelRange"),
      note: optionalText(TRIP_NOTE_MAX, "trips:errors.noteTooLong"),
      [SIDE_FIELDS.front]: sidePhoto,
      [SIDE_FIELDS.back]: sidePhoto,
      [SIDE_FIELDS.left]: sidePhoto,
      [SIDE_FIELDS.right]: sidePhoto,
      [MORE_PHOTOS_FIELD]: photoList(MAX_MORE_PHOTOS, "trips:errors.tooManyPhotos"),
    })
    .superRefine((value, ctx) => {
      if (value.kind === "check_out" && context.minOdometerKm !== null && value.odometerKm < context.minOdometerKm) {
        ctx.addIssue({ code: "custom", path: ["odometerKm"], message: "trips:errors.odometerBelowCheckIn" });
      }
    });
  return z.discriminatedUnion(
    "intent",
    [
      record,
      z.object({ intent: z.literal("confirm"), kind }),
      z.object({
        intent: z.literal("disagree"),
        kind,
        disagreement: z
          .string({ error: "trips:errors.disagreementRequired" })
          .trim()
          .min(1, "trips:errors.disagreementRequired")
          .max(TRIP_NOTE_MAX, "trips:errors.noteTooLong"),
        [DISAGREEMENT_PHOTOS_FIELD]: photoList(MAX_EVIDENCE_PHOTOS, "trips:errors.tooManyEvidencePhotos"),
      }),
    ],
    { error: "trips:errors.notAllowed" },
  );
}

export type TripFormValues = z.output<ReturnType<typeof tripFormSchema>>;
export type TripRecordValues = Extract<TripFormValues, { intent: "record" }>;

/** Fields a reply must not echo back: files cannot be put back into a file input. */
export const FILE_FIELDS = [...Object.values(SIDE_FIELDS), MORE_PHOTOS_FIELD, DISAGREEMENT_PHOTOS_FIELD];
