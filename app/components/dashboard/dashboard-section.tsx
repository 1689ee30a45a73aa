// A panel of a dashboard: its heading (h2), an optional "View All" style link beside it, and its content.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export function DashboardSection({
  id,
  title,
  badge,
  link,
  className = "",
  children,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  link?: { to: string; label: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-line bg-surface p-4 sm:p-5 ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-lg font-bold">
          {title}
          {badge}
        </h2>
        {link ? (
          <Link to={link.to} className="text-sm font-semibold text-primary hover:underline">
            {link.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** What a panel says when it has nothing to show. */
export function EmptyPanel({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="mt-4 rounded-xl border border-dashed border-line px-4 py-8 text-center">
      <p className="font-semibold">{title}</p>
      {text ? <p className="mt-1 text-sm text-muted">{text}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
