// The renter/host switch of part 2 §2: two links, so each view has its own address and works without JavaScript.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export type DashboardView = "renter" | "host";

const PATHS: Record<DashboardView, string> = { renter: "/dashboard", host: "/host-dashboard" };

export function DashboardSwitch({ current }: { current: DashboardView }) {
  const { t } = useTranslation("dashboard");
  return (
    <nav aria-label={t("switch.label")} className="grid grid-cols-2 rounded-xl bg-subtle p-1 sm:inline-flex">
      {(["renter", "host"] as const).map((view) => (
        <Link
          key={view}
          to={PATHS[view]}
          aria-current={current === view ? "page" : undefined}
          className={`rounded-lg px-3 py-2 text-center text-sm font-semibold sm:px-4 ${current === view ? "bg-canvas shadow-sm" : "text-muted hover:text-fg"}`}
        >
          {t(`switch.${view}`)}
        </Link>
      ))}
    </nav>
  );
}
