// E-mail leaves through one interface. Production: an HTTP e-mail API (Resend's wire format: POST JSON with
// a bearer key). Locally, with no key: the message is stored and listed at /dev/mailbox, links and all.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { devMailbox } from "#db/schema";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type EmailSender = (message: EmailMessage) => Promise<void>;

export function getEmailSender({ env, db }: Pick<AppLoadContext, "env" | "db">): EmailSender {
  const config = env.email;
  if (config.kind === "http") {
    return async (message) => {
      const response = await fetch(config.url, {
        method: "POST",
        headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from: config.from, ...message }),
      });
      if (!response.ok) throw new Error(`E-mail API answered ${response.status}`);
    };
  }
  return async (message) => {
    await db.insert(devMailbox).values(message);
  };
}

/** The mailbox page exists only where no real sender is configured and never in production. */
export function isDevMailboxEnabled(env: AppLoadContext["env"]): boolean {
  return env.email.kind === "dev-mailbox" && !env.isProduction;
}
