import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/accounts/guards.server";
import { getT } from "~/i18n.server";
import { safeRedirectPath } from "~/utils/redirect";

/** Sign-in and sign-up pages: a signed-in visitor goes straight to where they were heading. */
export async function authPageData(
  request: Request,
  context: AppLoadContext,
  titleKey: "signIn.title" | "signUp.title",
) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(request, context)) throw redirect(redirectTo);
  const t = await getT(request, "auth");
  return { redirectTo, title: t(titleKey) };
}
