// /admin/packages/{id}/delete: "Delete this package?" over the list. Renters stop seeing it at once; bookings made
// with it keep their copy of its name and prices.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { notFound, requireAdmin, requireAdminWith } from "~/accounts/guards.server";
import { deletePackage, findPackage } from "~/admin/insurance-packages.server";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { packageText } from "~/bookings/booking-text";
import { getLanguage, getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.deletePackage" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const [, pkg] = await requireAdminWith(request, context, () => findPackage(context.db, params.packageId ?? ""));
  if (!pkg) notFound("admin:errors.packageNotFound");
  const [t, language] = await Promise.all([getT(request, "admin"), getLanguage(request)]);
  return {
    title: t("titles.deletePackage"),
    pkg: { name: packageText(pkg, language).name, provider: pkg.provider },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const deleted = await deletePackage(context.db, admin, params.packageId ?? "");
  if (!deleted) return data({ error: "admin:errors.packageNotFound" }, { status: 404 });
  return redirectWithToast("/admin/packages", { type: "success", title: "admin:toasts.packageDeleted" }, context.env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function DeletePackagePage() {
  const { t } = useTranslation("admin");
  const { pkg } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConfirmDialog
      title={t("titles.deletePackage")}
      closeTo="/admin/packages"
      submitLabel={t("packages.deleteSubmit")}
      variant="danger"
      error={actionData?.error}
    >
      <p className="text-lg font-semibold">
        {pkg.name} <span className="text-sm font-normal text-muted">· {pkg.provider}</span>
      </p>
      <p>{t("packages.deleteConfirm")}</p>
    </ConfirmDialog>
  );
}
