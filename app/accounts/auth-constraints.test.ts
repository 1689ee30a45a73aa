import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  EMAIL_ONLY_CONSTRAINT,
  RESET_PASSWORD_CONSTRAINT,
  SIGN_IN_CONSTRAINT,
  SIGN_UP_CONSTRAINT,
} from "./auth-constraints";
import { EmailOnlySchema, ResetPasswordSchema, SignInSchema, SignUpSchema } from "./auth-form";

describe("the auth forms' written-out HTML constraints", () => {
  it.each([
    ["sign-in", SIGN_IN_CONSTRAINT, SignInSchema],
    ["sign-up", SIGN_UP_CONSTRAINT, SignUpSchema],
    ["e-mail link request", EMAIL_ONLY_CONSTRAINT, EmailOnlySchema],
    ["password reset", RESET_PASSWORD_CONSTRAINT, ResetPasswordSchema],
  ] as const)("the %s form's are what conform derives from its schema", (_, written, schema) => {
    expect(written).toEqual(getZodConstraint(schema));
  });
});
