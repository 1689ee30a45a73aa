// The auth forms' schemas: one per form, used for the browser's constraints and checks and the server's parse.
// Field names are the spec's (part 1 §3 "Sign-up data"): email, password, full_name, account_type, ...
import { z } from "zod";
import {
  CompanyNameSchema,
  CompanyNumberSchema,
  EmailSchema,
  FullNameSchema,
  NewPasswordSchema,
  requiredConsent,
  SignInPasswordSchema,
} from "~/accounts/account-rules";

export const SignInSchema = z.object({
  email: EmailSchema,
  password: SignInPasswordSchema,
  redirectTo: z.string().optional(),
});

const signUpCommon = {
  email: EmailSchema,
  password: NewPasswordSchema,
  full_name: FullNameSchema,
  terms: requiredConsent("validation.termsRequired"),
  privacy: requiredConsent("validation.privacyRequired"),
  marketing: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
  redirectTo: z.string().optional(),
};

export const SignUpSchema = z.discriminatedUnion(
  "account_type",
  [
    z.object({ account_type: z.literal("person"), ...signUpCommon }),
    z.object({
      account_type: z.literal("company"),
      company_name: CompanyNameSchema,
      company_number: CompanyNumberSchema,
      ...signUpCommon,
    }),
  ],
  { error: "validation.accountTypeRequired" },
);

export type SignUpInput = z.infer<typeof SignUpSchema>;

export const EmailOnlySchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: "auth:reset.invalidLink" }),
    password: NewPasswordSchema,
    confirm_password: z.string({ error: "validation.passwordsDiffer" }),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ["confirm_password"],
    message: "validation.passwordsDiffer",
  });

export const ChangePasswordSchema = z
  .object({
    current_password: z.string({ error: "validation.currentPasswordRequired" }).max(128, "validation.passwordTooLong"),
    password: NewPasswordSchema,
    confirm_password: z.string({ error: "validation.passwordsDiffer" }),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ["confirm_password"],
    message: "validation.passwordsDiffer",
  })
  .refine((v) => v.password !== v.current_password, { path: ["password"], message: "validation.passwordUnchanged" });
