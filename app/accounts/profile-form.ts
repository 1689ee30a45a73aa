// The own profile's form (/profile), part 1 §5: its schema, used by the browser and the server alike. The spec's
// profile errors are common's validation.nameFormat / phoneFormat / locationFormat; the date-of-birth rule is
// profile-rules.ts.
import { z } from "zod";
import { isValidLocation, isValidName, isValidPhone } from "~/accounts/account-rules";
import { dateOfBirthProblem } from "~/accounts/profile-rules";

/**
 * The profile form. Empty optional fields mean "none" (conform sends them as undefined). The email and the
 * company's name and number are shown, not edited: they are not in the schema, so a forged field changes nothing.
 */
export const ProfileSchema = z.object({
  fullName: z.string({ error: "validation.nameFormat" }).trim().refine(isValidName, "validation.nameFormat"),
  phone: z.string({ error: "validation.phoneFormat" }).trim().refine(isValidPhone, "validation.phoneFormat").optional(),
  location: z
    .string({ error: "validation.locationFormat" })
    .trim()
    .refine(isValidLocation, "validation.locationFormat")
    .optional(),
  dateOfBirth: z
    .string({ error: "profile:validation.dateOfBirthFormat" })
    .trim()
    .superRefine((value, ctx) => {
      const problem = dateOfBirthProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  // Part 1 §5: bio is sanitised and cut to 500 characters, not refused; the textarea stops at 500 anyway.
  bio: z.string({ error: "errors.badRequest" }).optional(),
});

export type ProfileInput = z.infer<typeof ProfileSchema>;
