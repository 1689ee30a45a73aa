// remix-auth's form strategy runs the credential check; the app keeps the session itself (rows, see session.server).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { checkCredentials, type CredentialCheck, type FoundCredentials } from "~/accounts/accounts.server";
import { EmailSchema } from "~/accounts/account-form";

/** `found`: the account's row, already asked for (sign-in asks for it beside its gate). */
export function createAuthenticator(context: Pick<AppLoadContext, "db" | "env">, found?: FoundCredentials) {
  const authenticator = new Authenticator<CredentialCheck>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = EmailSchema.safeParse(form.get("email"));
      const password = form.get("password");
      if (!email.success || typeof password !== "string") return { ok: false, reason: "invalid" } as const;
      return checkCredentials(context, email.data, password, found);
    }),
    "form",
  );
  return authenticator;
}
