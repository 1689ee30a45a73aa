// /profile/payouts (decision 023): where the user's payout account stands (not set up, details needed,
// in review, payouts enabled), what that means for their money, and one button to Stripe's hosted onboarding (the
// local stand-in without STRIPE_SECRET_KEY). Stripe's raw requirement names are shown as a few topics in plain
// words. Any signed-in user may set up payouts, with or without listings.
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { requireUser, requireUserWith } from "~/accounts/guards.server";
import { PayoutStateBadge } from "~/components/payouts/payout-setup-card";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { payoutSetupOf, startOnboarding } from "~/payouts/payout-accounts.server";
import { payoutMoneyOf } from "~/payouts/payout-summary.server";
import { requirementTopics } from "~/payouts/requirement-topics";
import { formatDate, formatMoney } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["payouts", "profile"], breadcrumb: "payouts:title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, [setup, money, t]] = await requireUserWith(request, context, (userId) =>
    Promise.all([payoutSetupOf(context.db, userId), payoutMoneyOf(context.db, userId), getT(request, "payouts")]),
  );
  return {
    title: t("title"),
    state: setup.state,
    // Before the account exists, the type it will be made with (startOnboarding reads the same profile field).
    businessType: setup.businessType ?? (user.accountType === "company" ? "company" : "individual"),
    topics: setup.state === "details_needed" ? requirementTopics(setup.requirementsDue) : [],
    updatedAt: setup.updatedAt?.getTime() ?? null,
    money,
  };
}

const StartSchema = z.object({ intent: z.literal("start", { error: "errors.badRequest" }) });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: StartSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ formErrors: ["errors.badRequest"] }) }, { status: 400 });
  }
  const origin = context.env.appUrl ?? new URL(request.url).origin;
  let url: string;
  try {
    url = await startOnboarding(context, user.id, origin);
  } catch (error) {
    console.error("payout onboarding could not start", user.id, error);
    return data({ result: submission.reply({ formErrors: ["payouts:errors.stripeUnavailable"] }) }, { status: 503 });
  }
  return redirect(url, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function PayoutsPage() {
  const { t, i18n } = useTranslation("payouts");
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { money } = page;
  const rows = (
    [
      ["waiting", money.waiting],
      ["scheduled", money.scheduled],
      ["failed", money.failed],
    ] as const
  ).filter(([, sum]) => sum.count > 0);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link to="/profile" className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
        <Icon name="chevronLeft" className="size-4" />
        {t("page.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-1 text-muted">{t("page.intro")}</p>

      <section
        aria-labelledby="payout-status-title"
        className={`mt-6 rounded-2xl border p-5 sm:p-6 ${
          page.state === "enabled" ? "border-success/40 bg-success-soft" : "border-line bg-surface shadow-xs"
        }`}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="payout-status-title" className="text-lg font-bold">
            {t("page.statusTitle")}
          </h2>
          <PayoutStateBadge state={page.state} />
        </div>
        <p className="mt-2">{t(`page.meaning.${page.state}`)}</p>
        {page.topics.length > 0 ? (
          <div className="mt-3">
            <p className="font-semibold">{t("page.asked")}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {page.topics.map((topic) => (
                <li key={topic}>{t(`page.topics.${topic}`)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <dl className="mt-4 grid gap-1 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted">{t("page.businessType")}:</dt>
            <dd className="font-medium">{t(`page.businessTypes.${page.businessType}`)}</dd>
          </div>
        </dl>
        <p className="text-sm text-muted">{t("page.businessTypeHint")}</p>
        {page.updatedAt ? (
          <p className="mt-1 text-sm text-muted">
            {t("page.updatedOn", { date: formatDate(page.updatedAt, i18n.language, "long") })}
          </p>
        ) : null}
      </section>

      <section
        aria-labelledby="payout-money-title"
        className="mt-6 rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-6"
      >
        <h2 id="payout-money-title" className="text-lg font-bold">
          {t("page.moneyTitle")}
        </h2>
        {rows.length === 0 ? (
          <p className="mt-2 text-muted">{t("page.nothingWaiting")}</p>
        ) : (
          <dl className="mt-3 grid gap-3 sm:grid-cols-3">
            {rows.map(([key, sum]) => (
              <div key={key} className="rounded-xl bg-subtle p-3">
                <dt className="text-sm text-muted">{t(`page.${key}`)}</dt>
                <dd className="mt-0.5">
                  <span className="block text-xl font-bold tabular-nums">{formatMoney(sum.amount, i18n.language)}</span>
                  <span className="block text-sm text-muted">{t("page.payoutCount", { count: sum.count })}</span>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section
        aria-labelledby="payout-action-title"
        className="mt-6 rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-6"
      >
        <h2 id="payout-action-title" className="text-lg font-bold">
          {t("page.actionTitle")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t(`page.actionText.${page.state}`)}</p>
        <Form method="post" className="mt-4 grid gap-3">
          <FormAlert errors={actionData?.result.error?.[""] ?? undefined} />
          <div>
            <Button type="submit" name="intent" value="start" disabled={busy}>
              {busy ? t("page.redirecting") : t(`page.actions.${page.state}`)}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
