// The auth forms' browser checks: their schemas through conform. Loaded on the first focus of a form
// (components/ui/lazy-check.ts), so zod stays out of the auth pages' first load.
import { parseWithZod } from "@conform-to/zod/v4";
import { EmailOnlySchema, ResetPasswordSchema, SignInSchema, SignUpSchema } from "~/accounts/auth-form";

export const checkSignIn = (formData: FormData) => parseWithZod(formData, { schema: SignInSchema });
export const checkSignUp = (formData: FormData) => parseWithZod(formData, { schema: SignUpSchema });
export const checkEmailOnly = (formData: FormData) => parseWithZod(formData, { schema: EmailOnlySchema });
export const checkResetPassword = (formData: FormData) => parseWithZod(formData, { schema: ResetPasswordSchema });
