// Shared by "forgot password" and "send the confirmation again": one e-mail field, rate limited per address and
// per client, and the same answer whether or not the address has an account (no account discovery).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { TFunction } from "i18next";
import { EmailOnlySchema } from "~/accounts/auth-form";
import { clientAddress, consumeRateLimit, RATE_LIMITS } from "~/accounts/rate-limit.server";
import { getT } from "~/i18n.server";
import type { EmailLinkActionData } from "./__email-link-request";

export async function handleEmailLinkRequest(
  request: Request,
  context: AppLoadContext,
  kind: "reset" | "confirm",
  send: (t: TFunction, email: string) => Promise<void>,
) {
  const submission = parseWithZod(await request.formData(), { schema: EmailOnlySchema });
  if (submission.status !== "success") {
    return data<EmailLinkActionData>({ status: "error", result: submission.reply() }, { status: 400 });
  }
  const { email } = submission.value;
  const [perAddress, perClient] = await Promise.all([
    consumeRateLimit(context.db, `email-link:${kind}:${email}`, RATE_LIMITS.emailLink),
    consumeRateLimit(context.db, `email-link-client:${clientAddress(request)}`, RATE_LIMITS.emailLinkPerClient),
  ]);
  if (!perAddress.allowed || !perClient.allowed) {
    return data<EmailLinkActionData>(
      { status: "error", result: submission.reply({ formErrors: ["auth:errors.tooManyEmails"] }) },
      { status: 429 },
    );
  }
  try {
    await send(await getT(request, ["email", "common"]), email);
  } catch (error) {
    console.error("E-mail link not sent", error);
    return data<EmailLinkActionData>(
      { status: "error", result: submission.reply({ formErrors: ["auth:errors.emailDeliveryFailed"] }) },
      { status: 503 },
    );
  }
  return data<EmailLinkActionData>({ status: "sent", email });
}
