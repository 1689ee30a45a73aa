// /admin/packages/{id}/edit: change a package, over the list. Bookings already made keep the name and prices they
// were made with (booking_insurance), so an edit changes only what renters are offered from now on.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { notFound, requireAdmin, requireAdminWith } from "~/accounts/guards.server";
import { findPackage, updatePackage } from "~/admin/insurance-packages.server";
import { PackageSchema, packageFormValues } from "~/admin/package-form";
import { PackageForm } from "~/components/admin/package-form";
import { OverlayPage } from "~/components/ui/overlay-page";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.editPackage" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const [, pkg] = await requireAdminWith(request, context, () => findPackage(context.db, params.packageId ?? ""));
  if (!pkg) notFound("admin:errors.packageNotFound");
  const t = await getT(request, "admin");
  return { title: t("titles.editPackage"), id: pkg.id, values: packageFormValues(pkg) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: PackageSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await updatePackage(context.db, admin, params.packageId ?? "", submission.value);
  if (!saved) return data(submission.reply({ formErrors: ["admin:errors.packageNotFound"] }), { status: 404 });
  return redirectWithToast("/admin/packages", { type: "success", title: "admin:toasts.packageSaved" }, context.env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function EditPackagePage() {
  const { t } = useTranslation("admin");
  const { id, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <OverlayPage title={t("titles.editPackage")} closeTo="/admin/packages" width="max-w-2xl">
      <PackageForm
        id={`package-${id}`}
        defaultValue={values}
        lastResult={lastResult}
        submitLabel={t("packages.save")}
        closeTo="/admin/packages"
      />
    </OverlayPage>
  );
}
