// One term and its value in the admin pages' definition lists (payouts, claims, a booking's money page); the error
// row keeps Stripe's reason in a monospace block that wraps, since it can be long and has no spaces to break at.
import type { ReactNode } from "react";

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

export function ErrorRow({ label, error, className }: { label: string; error: string | null; className: string }) {
  return (
    <div className={className}>
      <dt className="text-muted">{label}</dt>
      <dd className="break-words font-mono text-xs">{error ?? "—"}</dd>
    </div>
  );
}
