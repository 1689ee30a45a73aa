// Breadcrumbs from the matched routes' `handle.breadcrumb`; hidden on the home page (part 1 §2 App shell).
import { Link, useLocation, useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";

export interface Crumb {
  label: string;
  values?: Record<string, string | number>;
  /** Already a display text (e.g. a car's make and model), not a translation key. */
  literal?: boolean;
}

export type BreadcrumbHandle = { breadcrumb?: string | ((data: unknown) => Crumb | null) };

export function Breadcrumbs() {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  if (location.pathname === "/") return null;
  const crumbs = matches
    .map((match) => {
      const handle = match.handle as BreadcrumbHandle | undefined;
      const crumb =
        typeof handle?.breadcrumb === "function"
          ? handle.breadcrumb(match.data)
          : handle?.breadcrumb
            ? { label: handle.breadcrumb }
            : null;
      return crumb ? { ...crumb, to: match.pathname, id: match.id } : null;
    })
    .filter((crumb): crumb is Crumb & { to: string; id: string } => crumb !== null);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t("breadcrumbs.label")} className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted">
        <li className="flex items-center gap-1">
          <Link to="/" className="hover:text-fg">
            {t("breadcrumbs.home")}
          </Link>
        </li>
        {crumbs.map((crumb, index) => {
          const label = crumb.literal ? crumb.label : t(crumb.label, crumb.values);
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.id} className="flex items-center gap-1">
              <Icon name="chevronRight" className="size-3.5" />
              {last ? (
                <span aria-current="page" className="font-medium text-fg">
                  {label}
                </span>
              ) : (
                <Link to={crumb.to} className="hover:text-fg">
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
