// The name a person goes by on the site: a company's registered name when the account is a company's, else the
// person's full name; null when neither is known (the page then says "unknown user" or "Anonymous").
export interface NamedAccount {
  accountType?: "person" | "company" | null;
  companyName?: string | null;
  fullName?: string | null;
}

export function displayName(account: NamedAccount | null | undefined): string | null {
  if (!account) return null;
  return (account.accountType === "company" && account.companyName) || account.fullName || null;
}

/** A company account's registered name and company number (as the profile holds them); null for a person's. */
export function companyOf(
  account: (NamedAccount & { companyNumber?: string | null }) | null | undefined,
): { name: string; code: string } | null {
  if (account?.accountType !== "company" || !account.companyName) return null;
  return { name: account.companyName, code: account.companyNumber ?? "" };
}
