// /profile/payouts/return: Stripe's return_url after its hosted onboarding (and where the local stand-in sends the
// host). The account is read again from Stripe, since its webhook may not have arrived yet, and the host lands on
// /profile/payouts with a toast saying where the account now stands. Leaving Stripe does not mean finishing, so the
// toast says whatever the state is. A guest (the session ran out meanwhile) signs in and comes back here.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUserWith } from "~/accounts/guards.server";
import { findPayoutAccount, PAYOUTS_RETURN_PATH, rereadPayoutAccount } from "~/payouts/payout-accounts.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The account is read beside the session's lookup (decision 002); Stripe's answer comes between it and the write.
  const [user, found] = await getOptionalUserWith(request, context, (userId) => findPayoutAccount(context.db, userId));
  if (!user) throw redirect(`/auth/signin?redirectTo=${encodeURIComponent(PAYOUTS_RETURN_PATH)}`);
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  let state;
  try {
    ({ state } = await rereadPayoutAccount(context, found, origin));
  } catch (error) {
    // The page shows the last state we had; Stripe's account.updated brings the rest.
    console.error("payout account could not be re-read", user.id, error);
    return redirectWithToast(
      "/profile/payouts",
      { type: "warning", title: "payouts:toasts.checkFailed", description: "payouts:toasts.checkFailedText" },
      context.env,
    );
  }
  return redirectWithToast(
    "/profile/payouts",
    {
      type: state === "enabled" ? "success" : state === "details_needed" ? "warning" : "info",
      title: `payouts:toasts.${state}`,
      description: `payouts:toasts.${state}Text`,
    },
    context.env,
  );
}
