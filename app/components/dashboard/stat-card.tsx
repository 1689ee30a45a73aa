// A figure of a dashboard: its name, its value and a line or two of detail; a name–value group of the page's <dl>.
import type { ReactNode } from "react";
import { Icon, type IconName } from "~/components/ui/icons";

export function StatCard({
  label,
  value,
  icon,
  children,
}: {
  label: string;
  value: string;
  icon: IconName;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4">
      <dt className="flex items-center gap-2 text-sm font-medium text-muted">
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
          <Icon name={icon} className="size-4" />
        </span>
        {label}
      </dt>
      <dd className="mt-2 text-2xl font-bold tabular-nums">{value}</dd>
      {children ? <dd className="mt-1 space-y-0.5 text-sm text-muted">{children}</dd> : null}
    </div>
  );
}
