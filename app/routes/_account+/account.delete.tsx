// /account/delete: what deleting an account removes and keeps, confirmed with the current password. Unfinished
// bookings block it (someone is counting on them); the work itself is app/accounts/account-deletion.server.ts.
import { FormProvider, getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { deleteAccount, findOpenBookings, isCurrentPassword } from "~/accounts/account-deletion.server";
import { DeleteAccountSchema } from "~/accounts/auth-form";
import { requireUser, requireUserWith } from "~/accounts/guards.server";
import { consumeRateLimit, RATE_LIMITS } from "~/accounts/rate-limit.server";
import { sessionCookie } from "~/accounts/session.server";
import { Button, buttonClass } from "~/components/ui/button";
import { FormAlert, PasswordField } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { useForm } from "~/components/ui/use-form";
import { getT } from "~/i18n.server";
import { forgetDeletedCustomers } from "~/payments/customers.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["profile"], breadcrumb: "profile:titles.deleteAccount" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The open bookings are asked for by the session's subquery beside its lookup: one round trip (decision 002).
  const [[, openBookings], t] = await Promise.all([
    requireUserWith(request, context, (userId) => findOpenBookings(context.db, userId)),
    getT(request, "profile"),
  ]);
  return { title: t("titles.deleteAccount"), openBookings };
}

const hidden = ["currentPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: DeleteAccountSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: hidden }), { status: 400 });
  // The same counter as the password change: both are guesses of the current password with a stolen session.
  const limit = await consumeRateLimit(context.db, `password-change:${user.id}`, RATE_LIMITS.passwordChange);
  if (!limit.allowed) {
    return data(submission.reply({ formErrors: ["profile:deleteAccount.tooManyAttempts"], hideFields: hidden }), {
      status: 429,
    });
  }
  if (!(await isCurrentPassword(context, user.id, submission.value.currentPassword))) {
    return data(
      submission.reply({
        fieldErrors: { currentPassword: ["profile:deleteAccount.wrongPassword"] },
        hideFields: hidden,
      }),
      { status: 400 },
    );
  }
  const outcome = await deleteAccount(context, user.id);
  if (outcome.status === "has-open-bookings") {
    return data(submission.reply({ formErrors: ["profile:deleteAccount.openBookings"], hideFields: hidden }), {
      status: 409,
    });
  }
  // The saved card goes too, after the answer (the job asks again if Stripe does not answer now).
  if (outcome.status === "deleted") {
    const origin = context.env.appUrl ?? new URL(request.url).origin;
    context.cloudflare.ctx.waitUntil(forgetDeletedCustomers(context, origin, user.id));
  }
  // Deleted now, or by another request a moment ago: either way this browser is signed out.
  return redirectWithToast("/", { type: "success", title: "toasts.accountDeleted" }, context.env, {
    headers: { "Set-Cookie": await sessionCookie(context.env).serialize("", { maxAge: 0 }) },
  });
}

export default function DeleteAccountPage() {
  const { t } = useTranslation("profile");
  const { openBookings } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult,
    constraint: getZodConstraint(DeleteAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const blocked = openBookings.asOwner + openBookings.asRenter > 0;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{t("titles.deleteAccount")}</h1>
        <p className="mt-2 text-muted">{t("deleteAccount.intro")}</p>

        {blocked ? (
          <div
            role="status"
            className="mt-5 flex gap-2 rounded-lg border border-warning/40 bg-warning-soft p-4 text-sm"
          >
            <Icon name="alert" className="mt-0.5 size-4 shrink-0 text-warning" />
            <div>
              <p className="font-semibold">{t("deleteAccount.blockedTitle")}</p>
              {openBookings.asOwner > 0 ? (
                <p>{t("deleteAccount.blockedAsOwner", { count: openBookings.asOwner })}</p>
              ) : null}
              {openBookings.asRenter > 0 ? (
                <p>{t("deleteAccount.blockedAsRenter", { count: openBookings.asRenter })}</p>
              ) : null}
              <Link
                to="/bookings"
                className="mt-1 inline-block font-semibold text-primary underline-offset-2 hover:underline"
              >
                {t("deleteAccount.goToBookings")}
              </Link>
            </div>
          </div>
        ) : null}

        <h2 className="mt-6 text-lg font-bold">{t("deleteAccount.removedTitle")}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t("deleteAccount.removed.personal")}</li>
          <li>{t("deleteAccount.removed.documents")}</li>
          <li>{t("deleteAccount.removed.lists")}</li>
          <li>{t("deleteAccount.removed.listings")}</li>
          <li>{t("deleteAccount.removed.signIn")}</li>
        </ul>
        <h2 className="mt-5 text-lg font-bold">{t("deleteAccount.keptTitle")}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t("deleteAccount.kept.bookings")}</li>
          <li>{t("deleteAccount.kept.listings")}</li>
          <li>{t("deleteAccount.kept.messages")}</li>
        </ul>
        <p className="mt-5 font-semibold">{t("deleteAccount.final")}</p>

        {blocked ? (
          // The server would refuse it anyway; the form comes back once the bookings are done.
          <div className="mt-6 border-t border-line pt-6">
            <Link to="/profile" className={buttonClass("secondary")}>
              {t("deleteAccount.back")}
            </Link>
          </div>
        ) : (
          <FormProvider context={form.context}>
            <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4 border-t border-line pt-6">
              <FormAlert id={form.errorId} errors={form.errors} />
              <PasswordField
                meta={fields.currentPassword}
                label={t("deleteAccount.passwordLabel")}
                hint={t("deleteAccount.passwordHint")}
                autoComplete="current-password"
              />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" variant="danger" disabled={navigation.state === "submitting"}>
                  {t("deleteAccount.submit")}
                </Button>
                <Link to="/profile" className={buttonClass("secondary")}>
                  {t("deleteAccount.cancel")}
                </Link>
              </div>
            </Form>
          </FormProvider>
        )}
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
