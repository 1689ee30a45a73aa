// The listing forms' controls, beside their fields (ListingFields in listing-form.ts): which wizard step and draft a
// POST belongs to, and which button was pressed. Buttons carry what they act on in their value, so they work without
// JavaScript: "up:<photo id>", "rotate:<photo id>", "remove_point:<index>". A value that names no button is the
// form's plain submit ("next" in the wizard, "save" on the edit page), as a press of Enter would be.
import { z } from "zod";
import { wizardStep } from "~/cars/listing-form";

const buttonValue = z.string().max(200).optional().catch(undefined);

/** /my-listings/new: the step shown, the draft it continues, and next, back, decode or a pickup-point button. */
export const WizardControlsSchema = z.object({
  step: z.unknown().optional().transform(wizardStep),
  draft: z.string().max(64).optional().catch(undefined),
  intent: buttonValue.transform((value) => value ?? "next"),
});

/** The edit page's photo buttons, by what they do to the photo named after the colon. */
export const PHOTO_BUTTONS = ["up", "down", "rotate", "delete"] as const;

/**
 * /my-listings/{carId}/edit: the calendar's block and unblock (their fields are the calendar's schema), a photo button,
 * the dragged photo order, adding photos, or the listing's fields (save, or a pickup-point button).
 */
export const ListingEditControlsSchema = z
  .object({ intent: buttonValue, order: z.string().max(4000).optional().catch(undefined) })
  .transform(({ intent = "save", order = "" }) => {
    // The calendar's two buttons (BLOCK_INTENTS of bookings/blocked-days.ts; its test keeps the two in step).
    if (intent === "block" || intent === "unblock") return { button: "calendar" as const };
    const [what = "", target = ""] = intent.split(":");
    if ((PHOTO_BUTTONS as readonly string[]).includes(what)) {
      return { button: "photo" as const, what: what as (typeof PHOTO_BUTTONS)[number], imageId: target };
    }
    if (what === "order") return { button: "order" as const, imageIds: order.split(",") };
    if (what === "add_photos") return { button: "add_photos" as const };
    return { button: "fields" as const, intent };
  });
