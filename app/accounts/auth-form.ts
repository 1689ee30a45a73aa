// The auth forms' schemas: one per form, used for the browser's constraints and checks and the server's parse.
// Field names are the spec's (part 1 §3 "Sign-up data") in camelCase: email, password, fullName, accountType, ...
import { z } from "zod";
import {
  CompanyNameSchema,
  CompanyNumberSchema,
  EmailSchema,
  FullNameSchema,
  NewPasswordSchema,
  requiredConsent,
  SignInPasswordSchema,
} from "~/accounts/account-form";

export const SignInSchema = z.object({
  email: EmailSchema,
  password: SignInPasswordSchema,
  redirectTo: z.string().optional(),
});

const signUpCommon = {
  email: EmailSchema,
  password: NewPasswordSchema,
  fullName: FullNameSchema,
  terms: requiredConsent("validation.termsRequired"),
  privacy: requiredConsent("validation.privacyRequired"),
  marketing: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
  redirectTo: z.string().optional(),
};

export const SignUpSchema = z.discriminatedUnion(
  "accountType",
  [
    z.object({ accountType: z.literal("person"), ...signUpCommon }),
    z.object({
      accountType: z.literal("company"),
      companyName: CompanyNameSchema,
      companyNumber: CompanyNumberSchema,
      ...signUpCommon,
    }),
  ],
  { error: "validation.accountTypeRequired" },
);

export type SignUpInput = z.infer<typeof SignUpSchema>;

/**
 * The server's sign-up parse: the form's schema and the check that needs the database, so "already registered" lands
 * on the e-mail field. `isEmailTaken` is not asked when the throttle refused the attempt (no account discovery).
 */
export function signUpSchemaWith(isEmailTaken: (email: string) => Promise<boolean>) {
  return SignUpSchema.superRefine(async (value, ctx) => {
    if (await isEmailTaken(value.email)) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "auth:errors.emailTaken" });
    }
  });
}

export const EmailOnlySchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: "auth:reset.invalidLink" }),
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: "validation.passwordsDiffer" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDiffer",
  });

const CurrentPasswordSchema = z
  .string({ error: "validation.currentPasswordRequired" })
  .max(128, "validation.passwordTooLong");

export const ChangePasswordSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: "validation.passwordsDiffer" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDiffer",
  })
  .refine((v) => v.password !== v.currentPassword, { path: ["password"], message: "validation.passwordUnchanged" });

/** Deleting one's account asks for the current password again. */
export const DeleteAccountSchema = z.object({ currentPassword: CurrentPasswordSchema });
