// /admin/packages: the insurance packages renters choose from when they book (part 2 §2 Admin "Packages tab"), active
// or not, in the booking page's order. Creating, editing and deleting are pages shown over this list.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useOutlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdminWith } from "~/accounts/guards.server";
import { listPackages } from "~/admin/insurance-packages.server";
import { Badge } from "~/components/cars/car-badges";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { EmptyNote } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icons";
import { packageToShow } from "~/bookings/booking-text";
import { getLanguage, getT } from "~/i18n.server";
import { formatPrice } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["admin", "bookings"], breadcrumb: "admin:titles.packages" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [, [packages, t, language]] = await requireAdminWith(request, context, () =>
    Promise.all([listPackages(context.db), getT(request, ["admin", "bookings"]), getLanguage(request)]),
  );
  return {
    title: t("titles.packages"),
    packages: packages.map((p) => ({
      ...packageToShow(t, p, language),
      sortOrder: p.sortOrder,
      active: p.active,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function AdminPackagesPage() {
  const { t, i18n } = useTranslation("admin");
  const { packages } = useLoaderData<typeof loader>();
  const outlet = useOutlet();
  const language = i18n.language;
  return (
    <>
      <div {...(outlet ? { inert: "" } : {})}>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
          <p className="max-w-2xl text-sm text-muted">{t("packages.intro")}</p>
          <ButtonLink to="/admin/packages/new" preventScrollReset>
            <Icon name="plus" className="size-4" />
            {t("packages.create")}
          </ButtonLink>
        </div>
        {packages.length === 0 ? (
          <EmptyNote className="mt-6">{t("packages.empty")}</EmptyNote>
        ) : (
          <ul className="mt-6 grid gap-4 md:grid-cols-2">
            {packages.map((pkg) => {
              return (
                <li key={pkg.id}>
                  <article
                    aria-labelledby={`package-${pkg.id}`}
                    className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-xs"
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 id={`package-${pkg.id}`} className="text-lg font-semibold">
                        {pkg.name}
                      </h2>
                      {pkg.isPopular ? <Badge variant="primary">{t("packages.popular")}</Badge> : null}
                      <Badge variant={pkg.active ? "success" : "neutral"}>
                        {t(pkg.active ? "packages.active" : "packages.inactive")}
                      </Badge>
                    </div>
                    <p className="text-sm text-muted">{pkg.provider}</p>
                    {pkg.description ? <p className="text-sm">{pkg.description}</p> : null}
                    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                      <div>
                        <dt className="text-muted">{t("packages.price")}</dt>
                        <dd className="font-semibold">{pkg.price}</dd>
                      </div>
                      <div>
                        <dt className="text-muted">{t("packages.deductible")}</dt>
                        <dd className="font-semibold">{formatPrice(pkg.deductible, language)}</dd>
                      </div>
                      <div>
                        <dt className="text-muted">{t("packages.coverage")}</dt>
                        <dd className="font-semibold">{formatPrice(pkg.maxCoverage, language)}</dd>
                      </div>
                      <div>
                        <dt className="text-muted">{t("packages.order")}</dt>
                        <dd className="font-semibold">{pkg.sortOrder}</dd>
                      </div>
                    </dl>
                    <p className="text-xs text-muted">
                      {t("packages.lists", {
                        coverage: pkg.coverageDetails.coverage.length,
                        features: pkg.coverageDetails.features.length,
                        exclusions: pkg.coverageDetails.exclusions.length,
                      })}
                    </p>
                    <div className="mt-auto flex flex-wrap gap-2">
                      <Link
                        to={`/admin/packages/${pkg.id}/edit`}
                        preventScrollReset
                        aria-label={t("packages.editNamed", { name: pkg.name })}
                        className={buttonClass("secondary", "sm")}
                      >
                        {t("packages.edit")}
                      </Link>
                      <Link
                        to={`/admin/packages/${pkg.id}/delete`}
                        preventScrollReset
                        aria-label={t("packages.deleteNamed", { name: pkg.name })}
                        className={buttonClass("ghost", "sm", "text-danger")}
                      >
                        <Icon name="trash" className="size-4" />
                        {t("packages.delete")}
                      </Link>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Outlet />
    </>
  );
}
