// The ids the local stand-ins give what they make (gateway.server.ts: checkouts, payments, saved cards and their
// Customers, refunds, transfers and their reversals, Connect accounts; their events), shaped as Stripe's are (`pi_…`,
// `re_…`) and marked as the stand-in's. The demo data's money carries ids made here too (scripts/seed/demo-money.ts),
// so that it is money the stand-in could have made.
export type StandInPrefix = "cs" | "pi" | "pm" | "cus" | "re" | "tr" | "trr" | "acct" | "evt";

/** A stand-in's id: the prefix, `_standin_`, and a UUID's 32 hex digits (a fresh one unless given). */
export const standInId = (prefix: StandInPrefix, uuid: string = crypto.randomUUID()) =>
  `${prefix}_standin_${uuid.replaceAll("-", "")}`;
