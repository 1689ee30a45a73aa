// /admin/packages/new: a new insurance package, over the list (part 2 §5 package rules; 'Creation Failed' never a 500).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/accounts/guards.server";
import { createPackage } from "~/admin/insurance-packages.server";
import { NEW_PACKAGE_VALUES, PackageSchema } from "~/admin/package-form";
import { PackageForm } from "~/components/admin/package-form";
import { OverlayPage } from "~/components/ui/overlay-page";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.newPackage" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const t = await getT(request, "admin");
  return { title: t("titles.newPackage") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: PackageSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await createPackage(context.db, admin, submission.value);
  return redirectWithToast("/admin/packages", { type: "success", title: "admin:toasts.packageCreated" }, context.env);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function NewPackagePage() {
  const { t } = useTranslation("admin");
  const lastResult = useActionData<typeof action>();
  return (
    <OverlayPage title={t("titles.newPackage")} closeTo="/admin/packages" width="max-w-2xl">
      <PackageForm
        id="new-package"
        defaultValue={NEW_PACKAGE_VALUES}
        lastResult={lastResult}
        submitLabel={t("packages.createSubmit")}
        closeTo="/admin/packages"
      />
    </OverlayPage>
  );
}
