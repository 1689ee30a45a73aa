// A row of filter tabs as links (a GET parameter each), so they work without JavaScript and can be shared: the
// FAQ's categories and the news page's. Scrolls sideways on a phone.
import { Link } from "@remix-run/react";

export function TabLinks({
  label,
  tabs,
}: {
  label: string;
  tabs: { key: string; to: string; label: string; current: boolean }[];
}) {
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none]">
      <ul className="flex gap-2">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              preventScrollReset
              aria-current={tab.current ? "page" : undefined}
              className="inline-flex min-h-9 items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold whitespace-nowrap hover:bg-subtle aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-on-primary"
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
