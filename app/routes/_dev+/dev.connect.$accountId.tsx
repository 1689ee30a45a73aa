// The local stand-in for Stripe's hosted Connect onboarding (no STRIPE_SECRET_KEY): the host fills in a few fields
// as Stripe would ask them and chooses what Stripe decides. That decision goes as Stripe's `account.updated` to the
// same handler the webhook feeds, then the host is sent to the return URL, as Stripe does. The fields are checked but
// kept nowhere (Stripe keeps them, not us). Only the account's own host may open it; 404 whenever Stripe is
// configured, and always in production.
import { FormProvider, getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notFound, requireUserWith } from "~/accounts/guards.server";
import { Button } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field-errors";
import { ErrorSummary, TextField } from "~/components/ui/form";
import { useForm } from "~/components/ui/use-form";
import { getT } from "~/i18n.server";
import {
  handleAccountEvent,
  PAYOUTS_RETURN_PATH,
  standInAccount,
  standInAccountEvent,
} from "~/payouts/payout-accounts.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["payouts"] };

const OUTCOMES = ["enabled", "in_review", "details_needed"] as const;

/** A Lithuanian IBAN's shape only (LT, two check digits, 16 more digits), spaces allowed: Stripe checks the rest. */
const LT_IBAN = /^LT\d{18}$/;

const StandInSchema = z.object({
  legalName: z
    .string({ error: "payouts:standIn.errors.legalName" })
    .trim()
    .min(2, "payouts:standIn.errors.legalName")
    .max(100, "payouts:standIn.errors.legalName"),
  iban: z
    .string({ error: "payouts:standIn.errors.iban" })
    .max(64, "payouts:standIn.errors.iban")
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .refine((value) => LT_IBAN.test(value), "payouts:standIn.errors.iban"),
  outcome: z.enum(OUTCOMES, { error: "payouts:standIn.errors.outcome" }),
});

async function openAccount({ request, context, params }: LoaderFunctionArgs) {
  if (context.env.stripe.kind === "stripe" || context.env.isProduction) notFound("errors.notFound");
  const accountId = params.accountId ?? "";
  // The account is asked for by its id beside the session's lookup: one round trip (decision 002).
  const [user, account] = await requireUserWith(request, context, () => standInAccount(context.db, accountId));
  // Someone else's account is as good as none: its existence is not told.
  if (!account || account.userId !== user.id) notFound("errors.notFound");
  return { user, accountId, account };
}

export async function loader(args: LoaderFunctionArgs) {
  const { user, account } = await openAccount(args);
  const t = await getT(args.request, "payouts");
  return {
    title: t("standIn.title"),
    businessType: account.businessType,
    legalName: (account.businessType === "company" ? user.companyName : user.fullName) ?? "",
  };
}

export async function action(args: ActionFunctionArgs) {
  const { accountId } = await openAccount(args);
  const submission = parseWithZod(await args.request.formData(), { schema: StandInSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  await handleAccountEvent(args.context, standInAccountEvent(accountId, submission.value.outcome));
  return redirect(PAYOUTS_RETURN_PATH, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function StandInOnboarding() {
  const { t } = useTranslation("payouts");
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const lastResult = actionData?.result as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm({
    id: "stand-in-onboarding",
    lastResult,
    defaultValue: { legalName: page.legalName, iban: "", outcome: "enabled" },
    constraint: getZodConstraint(StandInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StandInSchema }),
    // Checked when sent, not as a field is left: a message appearing then moves the control being clicked next.
    shouldRevalidate: "onInput",
  });
  const outcome = fields.outcome;
  // The initial choice only: a default that follows the live value would re-check it under the user's click.
  const chosen = outcome.initialValue ?? "enabled";
  const labels = { legalName: t("standIn.legalName"), iban: t("standIn.iban"), outcome: t("standIn.outcome") };
  return (
    <div className="mx-auto grid max-w-md gap-5 px-4 py-10">
      <p className="rounded-xl bg-warning-soft p-3 text-sm font-medium text-warning">{t("standIn.notice")}</p>
      <div>
        <h1 className="text-2xl font-extrabold">{t("standIn.title")}</h1>
        <p className="mt-1 text-muted">{t("standIn.intro")}</p>
        <p className="mt-1 text-sm text-muted">
          {t("standIn.businessType", { type: t(`page.businessTypes.${page.businessType}`) })}
        </p>
      </div>
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="grid gap-5 rounded-xl border border-line bg-surface p-4">
          <ErrorSummary
            submitted={Boolean(lastResult)}
            fields={(Object.keys(labels) as (keyof typeof labels)[]).map((name) => ({
              id: fields[name].id,
              label: labels[name],
              errors: fields[name].errors,
            }))}
          />
          <TextField
            meta={fields.legalName}
            label={labels.legalName}
            hint={t("standIn.legalNameHint")}
            inputProps={{ autoComplete: "name", maxLength: 100 }}
          />
          <TextField
            meta={fields.iban}
            label={labels.iban}
            hint={t("standIn.ibanHint")}
            inputProps={{ autoComplete: "off", spellCheck: false, inputMode: "text", maxLength: 64 }}
          />
          <fieldset aria-describedby={outcome.errors ? outcome.errorId : undefined}>
            <legend id={outcome.id} className="mb-1.5 text-sm font-semibold">
              {labels.outcome}
            </legend>
            <div className="grid gap-2">
              {OUTCOMES.map((value) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 has-checked:border-primary has-checked:bg-primary-soft"
                >
                  <input
                    type="radio"
                    name={outcome.name}
                    value={value}
                    defaultChecked={chosen === value}
                    className="size-4 accent-primary"
                  />
                  <span>{t(`standIn.outcomes.${value}`)}</span>
                </label>
              ))}
            </div>
            <FieldErrors id={outcome.errorId} errors={outcome.errors} />
          </fieldset>
          <Button type="submit" size="lg" disabled={busy}>
            {t("standIn.submit")}
          </Button>
        </Form>
      </FormProvider>
    </div>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
