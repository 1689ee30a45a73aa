// /admin/listings/{carId}/edit: the admin corrects a listing's make, model, year, mileage, location and description
// (part 2 §2 "edit dialog", §5: each field's "Please enter a valid car …" message under the title 'Invalid Data';
// make and model cut to 50, location to 200, description to 2000). The audit line lists what changed.
import { FormProvider, getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden, requireAdmin } from "~/accounts/guards.server";
import { editListing, isOwnListing, requireListing } from "~/admin/listing-moderation.server";
import { EDIT_LIMITS, listingEditSchema } from "~/admin/moderation-form";
import { Button, buttonClass } from "~/components/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/components/ui/form";
import { OverlayPage } from "~/components/ui/overlay-page";
import { useForm } from "~/components/ui/use-form";
import { pageMeta } from "~/utils/meta";
import { loadListingDialog } from "./__listing-dialog.server";
import { redirectWithToast } from "~/utils/toast.server";
import { backToList } from "./__listing-dialog";

export const handle = { i18n: ["admin"], breadcrumb: "admin:titles.edit" };

export const loader = (args: LoaderFunctionArgs) => loadListingDialog(args, "titles.edit");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const car = await requireListing(context.db, params.carId);
  if (isOwnListing(car, admin)) forbidden("admin:errors.ownCase");
  const submission = parseWithZod(await request.formData(), { schema: listingEditSchema() });
  if (submission.status !== "success") {
    return data(submission.reply({ formErrors: ["admin:errors.invalidData"] }), { status: 400 });
  }
  const outcome = await editListing(context.db, admin, car.id, submission.value);
  if (outcome.status === "not-found") {
    return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 404 });
  }
  if (outcome.status === "own-listing") forbidden("admin:errors.ownCase");
  return redirectWithToast(
    backToList(request),
    { type: "success", title: outcome.status === "saved" ? "admin:toasts.edited" : "admin:toasts.unchanged" },
    context.env,
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function EditListingPage() {
  const { t } = useTranslation("admin");
  const { car } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { search } = useLocation();
  const schema = listingEditSchema();
  const [form, fields] = useForm({
    id: `admin-edit-${car.id}`,
    lastResult,
    defaultValue: {
      make: car.make,
      model: car.model,
      year: String(car.year),
      mileage: String(car.mileage),
      location: car.location,
      description: car.description ?? "",
    },
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const closeTo = `/admin/listings${search}`;
  return (
    <OverlayPage title={t("titles.edit")} closeTo={closeTo} width="max-w-2xl">
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
          <FormAlert id={form.errorId} errors={form.errors} />
          <TextField meta={fields.make} label={t("fields.make")} inputProps={{ maxLength: EDIT_LIMITS.makeModel }} />
          <TextField meta={fields.model} label={t("fields.model")} inputProps={{ maxLength: EDIT_LIMITS.makeModel }} />
          <TextField meta={fields.year} label={t("fields.year")} type="number" />
          <TextField meta={fields.mileage} label={t("fields.mileage")} type="number" />
          <TextField
            meta={fields.location}
            label={t("fields.location")}
            className="sm:col-span-2"
            inputProps={{ maxLength: EDIT_LIMITS.location }}
          />
          <TextAreaField
            meta={fields.description}
            label={t("fields.description")}
            rows={6}
            maxLength={EDIT_LIMITS.description}
            className="sm:col-span-2"
          />
          <div className="flex flex-row-reverse flex-wrap gap-3 sm:col-span-2">
            <Button type="submit" disabled={navigation.state !== "idle"}>
              {t("listings.save")}
            </Button>
            <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
              {t("dialog.cancel")}
            </Link>
          </div>
        </Form>
      </FormProvider>
    </OverlayPage>
  );
}
