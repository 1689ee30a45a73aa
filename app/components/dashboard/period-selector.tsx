// The period of the host's figures (part 2 §2: 7 days, 30 days, 90 days, 1 year): links with `?period=`, so a
// chosen period is a shareable address and needs no script.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DEFAULT_PERIOD, PERIODS, type Period } from "~/dashboard/period";

export function PeriodSelector({ period, path }: { period: Period; path: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <nav aria-label={t("period.label")}>
      <ul className="grid grid-cols-4 rounded-xl border border-line bg-surface p-1 sm:inline-flex">
        {PERIODS.map((value) => (
          <li key={value}>
            <Link
              to={value === DEFAULT_PERIOD ? path : `${path}?period=${value}`}
              aria-current={period === value ? "page" : undefined}
              preventScrollReset
              className={`block rounded-lg px-2 py-1.5 text-center text-sm font-semibold whitespace-nowrap sm:px-3 ${period === value ? "bg-primary text-on-primary" : "text-muted hover:bg-subtle hover:text-fg"}`}
            >
              {t(`period.${value}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
