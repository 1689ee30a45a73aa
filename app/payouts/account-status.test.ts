// A host's payout account state from Stripe's Account object (account-status.ts): the four states the host sees.
import { describe, expect, it } from "vitest";
import { accountState } from "~/payouts/account-status";

const NEW = {
  id: "acct_1",
  details_submitted: false,
  payouts_enabled: false,
  capabilities: { transfers: "inactive" },
  requirements: {
    currently_due: ["external_account", "business_profile.url"],
    past_due: [],
    disabled_reason: "requirements.past_due",
  },
};

describe("accountState", () => {
  it("needs details from a new account, listing what Stripe asks for once, sorted", () => {
    expect(accountState(NEW)).toEqual({
      status: "details_needed",
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: ["business_profile.url", "external_account"],
      disabledReason: "requirements.past_due",
    });
    const pastDue = {
      ...NEW,
      requirements: { currently_due: ["external_account"], past_due: ["external_account", "individual.dob.day"] },
    };
    expect(accountState(pastDue).requirementsDue).toEqual(["external_account", "individual.dob.day"]);
  });

  it("needs details from a submitted account Stripe asks more of", () => {
    const asked = { ...NEW, details_submitted: true, requirements: { currently_due: ["individual.id_number"] } };
    expect(accountState(asked)).toMatchObject({ status: "details_needed", detailsSubmitted: true });
  });

  it("is in review when submitted and nothing is asked, until transfers are active", () => {
    const submitted = {
      id: "acct_1",
      details_submitted: true,
      payouts_enabled: false,
      capabilities: { transfers: "pending" },
      requirements: { currently_due: [], past_due: [], pending_verification: ["individual.verification.document"] },
    };
    expect(accountState(submitted)).toMatchObject({ status: "in_review", requirementsDue: [], disabledReason: null });
    // Payouts on but transfers not yet active: still in review.
    expect(accountState({ ...submitted, payouts_enabled: true }).status).toBe("in_review");
  });

  it("is enabled with payouts on and the transfers capability active", () => {
    const enabled = {
      id: "acct_1",
      details_submitted: true,
      payouts_enabled: true,
      capabilities: { transfers: "active" },
      requirements: { currently_due: [], past_due: [], disabled_reason: null },
    };
    expect(accountState(enabled)).toEqual({
      status: "enabled",
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
      disabledReason: null,
    });
    // Something due later does not stop transfers while Stripe keeps them on.
    expect(accountState({ ...enabled, requirements: { currently_due: ["individual.id_number"] } }).status).toBe(
      "enabled",
    );
    expect(accountState({ ...enabled, capabilities: { transfers: "inactive" } }).status).not.toBe("enabled");
  });

  it("reads an account with nothing but its id (missing fields) as needing details", () => {
    expect(accountState({ id: "acct_1", requirements: null, capabilities: null })).toEqual({
      status: "details_needed",
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: [],
      disabledReason: null,
    });
  });
});
