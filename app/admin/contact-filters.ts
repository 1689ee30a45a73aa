// The two views of /admin/contact: messages waiting for an answer, and answered ones.
export const CONTACT_FILTERS = ["open", "handled"] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

export function contactFilter(value: string | null): ContactFilter {
  return value === "handled" ? "handled" : "open";
}
