// /profile/payouts/refresh: Stripe's refresh_url, where a stale or already used onboarding link leads. A fresh link
// is made and the host sent on to it. Only for an account that exists: this is a GET, and a user who never started
// is shown /profile/payouts, where starting is a form. A guest signs in and comes back here.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/accounts/guards.server";
import { PAYOUTS_REFRESH_PATH, payoutSetupOf, startOnboarding } from "~/payouts/payout-accounts.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect(`/auth/signin?redirectTo=${encodeURIComponent(PAYOUTS_REFRESH_PATH)}`);
  const { state } = await payoutSetupOf(context.db, user.id);
  if (state === "not_started") return redirect("/profile/payouts");
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  try {
    return redirect(await startOnboarding(context, user.id, origin));
  } catch (error) {
    console.error("payout onboarding link could not be renewed", user.id, error);
    return redirectWithToast(
      "/profile/payouts",
      { type: "error", title: "payouts:toasts.linkFailed", description: "payouts:toasts.linkFailedText" },
      context.env,
    );
  }
}
