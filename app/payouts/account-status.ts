// Where a host's payout account stands, read from Stripe's Account object (webhook `account.updated`, or the account
// re-read when the host comes back from onboarding). Pure, so the same rule reads a real account, the stand-in's
// event and the fake's. A host without an account has not started (`not_started`, no row).
import type { PayoutAccountStatus } from "#db/enums";
import type { ConnectAccount } from "~/payments/gateway.server";

/** What the host sees: not started (no account yet) or one of the account's states. */
export type PayoutSetupState = "not_started" | PayoutAccountStatus;

export interface AccountState {
  status: PayoutAccountStatus;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
  disabledReason: string | null;
}

/**
 * - enabled: Stripe pays out to the host's bank and the transfers capability is active; transfers can be sent.
 * - details needed: the host has not submitted the form, or Stripe asks for something now (currently or past due).
 * - in review: submitted, nothing asked of the host, Stripe still verifying.
 */
export function accountState(account: ConnectAccount): AccountState {
  const requirements = account.requirements ?? {};
  const due = [...new Set([...(requirements.currently_due ?? []), ...(requirements.past_due ?? [])])].sort();
  const detailsSubmitted = account.details_submitted === true;
  const payoutsEnabled = account.payouts_enabled === true;
  const transfersActive = account.capabilities?.transfers === "active";
  const status: PayoutAccountStatus =
    payoutsEnabled && transfersActive
      ? "enabled"
      : !detailsSubmitted || due.length > 0
        ? "details_needed"
        : "in_review";
  return {
    status,
    detailsSubmitted,
    payoutsEnabled,
    requirementsDue: due,
    disabledReason: requirements.disabled_reason ?? null,
  };
}
