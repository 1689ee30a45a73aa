// The status filter above an admin list (listings, payouts): one link per status with its count, the current one
// marked with aria-current, so it works as plain links without JavaScript.
import { Link } from "@remix-run/react";

export function StatusTabs<Name extends string>({
  label,
  names,
  current,
  counts,
  href,
  text,
  className,
}: {
  label: string;
  names: readonly Name[];
  current: Name;
  counts: Record<Name, number>;
  href: (name: Name) => string;
  text: (name: Name) => string;
  className: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap gap-2">
        {names.map((name) => (
          <li key={name}>
            <Link
              to={href(name)}
              aria-current={current === name ? "page" : undefined}
              className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold ${
                current === name
                  ? "border-primary bg-primary-soft text-primary"
                  : "border-line bg-surface text-muted hover:text-fg"
              }`}
            >
              {text(name)}
              <span className="rounded-full bg-subtle px-2 py-0.5 text-xs text-fg">{counts[name]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
