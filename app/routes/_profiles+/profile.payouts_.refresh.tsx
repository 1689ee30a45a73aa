// /profile/payouts/refresh: Stripe's refresh_url, where a stale or already used onboarding link leads. A fresh link
// is made and the host sent on to it. Only for an account that exists: this is a GET, and a user who never started
// is shown /profile/payouts, where starting is a form. A guest signs in and comes back here.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUserWith } from "~/accounts/guards.server";
import { findPayoutAccount, onboardingLink, PAYOUTS_REFRESH_PATH } from "~/payouts/payout-accounts.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The account is read beside the session's lookup: one round trip, then Stripe's new link (decision 002).
  const [user, found] = await getOptionalUserWith(request, context, (userId) => findPayoutAccount(context.db, userId));
  if (!user) throw redirect(`/auth/signin?redirectTo=${encodeURIComponent(PAYOUTS_REFRESH_PATH)}`);
  if (!found.stripeAccountId) return redirect("/profile/payouts");
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  try {
    return redirect(await onboardingLink(context, found.stripeAccountId, origin));
  } catch (error) {
    console.error("payout onboarding link could not be renewed", user.id, error);
    return redirectWithToast(
      "/profile/payouts",
      { type: "error", title: "payouts:toasts.linkFailed", description: "payouts:toasts.linkFailedText" },
      context.env,
    );
  }
}
