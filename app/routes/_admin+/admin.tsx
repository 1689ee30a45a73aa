// /admin: the protected pages that keep the marketplace clean (part 2 §2 Admin, §6 "Others see 'Access Denied'"). This
// layout shows the tabs with what waits in each; it protects nothing by itself: every child's loader and action
// calls requireAdmin too (a layout loader does not guard its children's actions).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdminWith } from "~/accounts/guards.server";
import { countDisputedClaims } from "~/admin/claims.server";
import { countOpenContactMessages } from "~/admin/contact-inbox.server";
import { listingCounts } from "~/admin/listing-moderation.server";
import { countHeldMoney } from "~/admin/held-money.server";
import { countFailedPayouts } from "~/admin/payout-admin.server";
import { countVerificationQueue } from "~/admin/verification-review.server";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.admin" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [, [listings, verifications, contact, claims, payouts, held, t]] = await requireAdminWith(
    request,
    context,
    () =>
      Promise.all([
        listingCounts(context.db),
        countVerificationQueue(context.db),
        countOpenContactMessages(context.db),
        countDisputedClaims(context.db),
        countFailedPayouts(context.db),
        countHeldMoney(context.db),
        getT(request, "admin"),
      ]),
  );
  return {
    title: t("titles.admin"),
    waiting: { listings: listings.pending, verifications, contact, claims, payouts, held },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

const TABS = [
  { to: "/admin/listings", label: "tabs.listings", waiting: "listings" },
  { to: "/admin/packages", label: "tabs.packages" },
  { to: "/admin/verifications", label: "tabs.verifications", waiting: "verifications" },
  { to: "/admin/contact", label: "tabs.contact", waiting: "contact" },
  { to: "/admin/claims", label: "tabs.claims", waiting: "claims" },
  { to: "/admin/payouts", label: "tabs.payouts", waiting: "payouts" },
  { to: "/admin/held-money", label: "tabs.held", waiting: "held" },
  { to: "/admin/audit", label: "tabs.audit" },
] as const;

export default function AdminLayout() {
  const { t } = useTranslation("admin");
  const { waiting } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("titles.admin")}</h1>
      <p className="mt-1 text-muted">{t("intro")}</p>
      {/* The tabs wrap onto a second line on a phone rather than scroll: every tab, the current one too, stays in
          view without a script to scroll it there, and nothing pushes the page wider than the screen. */}
      <nav aria-label={t("tabs.label")} className="mt-6">
        <ul className="flex flex-wrap gap-x-1 border-b border-line">
          {TABS.map((tab) => {
            const count = "waiting" in tab ? waiting[tab.waiting] : 0;
            return (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  className={({ isActive }) =>
                    `-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold ${
                      isActive ? "border-primary text-primary" : "border-transparent text-muted hover:text-fg"
                    }`
                  }
                >
                  {t(tab.label)}
                  {count > 0 ? (
                    <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-on-primary">
                      <span className="sr-only">{t("tabs.waiting", { count })}</span>
                      <span aria-hidden="true">{count}</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
