// The auth forms' HTML constraints, as conform's getZodConstraint derives them from auth-form.ts, written out so
// the pages render them without loading zod. auth-constraints.test.ts fails the moment a schema and these differ.
export const SIGN_IN_CONSTRAINT = {
  email: { required: true },
  password: { required: true },
  redirectTo: { required: false },
};

export const SIGN_UP_CONSTRAINT = {
  accountType: { required: true },
  email: { required: true },
  password: { required: true },
  fullName: { required: true },
  terms: { required: true },
  privacy: { required: true },
  marketing: { required: false },
  redirectTo: { required: false },
  companyName: { required: false },
  companyNumber: { required: false },
};

export const EMAIL_ONLY_CONSTRAINT = { email: { required: true } };

export const RESET_PASSWORD_CONSTRAINT = {
  token: { required: true },
  password: { required: true },
  confirmPassword: { required: true },
};
