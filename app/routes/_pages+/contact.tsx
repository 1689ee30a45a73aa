// /contact (spec part 2 "Static pages", §3, §4, §5): the contact form (name, e-mail, subject, message, type), saved
// for the admins in contact_messages; contact details, department e-mails, FAQ shortcuts and office hours.
// Signed-in people find their name and e-mail filled in; ?type= and ?subject= fill the rest (careers' "Apply").
// After sending, the page comes back as /contact?sent=1 (a GET, so a reload does not send twice): with JavaScript
// the confirmation shows for 3 seconds and then the empty form; without, the confirmation above the empty form.
import { FormProvider, getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { getOptionalUser } from "~/accounts/guards.server";
import { clientAddress } from "~/accounts/rate-limit.server";
import { InfoPage } from "~/components/information/info-page";
import { Button } from "~/components/ui/button";
import { FormAlert, SelectField, TextAreaField, TextField } from "~/components/ui/form";
import { Icon, type IconName } from "~/components/ui/icons";
import { useLazyCheck } from "~/components/ui/lazy-check";
import { useForm, useFormChanged } from "~/components/ui/use-form";
import { getLanguage } from "~/i18n.server";
import { CONTACT_CONSTRAINT, CONTACT_LIMITS, CONTACT_TYPES, contactPrefill } from "~/information/contact-rules";
import { ContactSchema } from "~/information/contact-form";
import { saveContactMessage } from "~/information/contact-messages.server";
import { pageMeta } from "~/utils/meta";
import { useHydrated } from "~/utils/use-hydrated";
import { informationPageMeta } from "./__document-page.server";

export const handle = { i18n: ["pages", "information"], breadcrumb: "pages:titles.contact" };

/** Spec §9: the sent state shows for 3 seconds, then the form resets. */
export const SENT_STATE_MS = 3000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, user] = await Promise.all([informationPageMeta(request, "contact"), getOptionalUser(request, context)]);
  const url = new URL(request.url);
  return {
    title: page.title,
    description: page.description,
    sent: url.searchParams.get("sent") === "1",
    defaults: { name: user?.fullName ?? "", email: user?.email ?? "", ...contactPrefill(url.searchParams) },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const [user, form, language] = await Promise.all([
    getOptionalUser(request, context),
    request.formData(),
    getLanguage(request),
  ]);
  const submission = parseWithZod(form, { schema: ContactSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await saveContactMessage(context.db, {
    ...submission.value,
    userId: user?.id ?? null,
    language,
    client: clientAddress(request),
  });
  if (!saved.ok) {
    return data(submission.reply({ formErrors: ["information:contact.errors.rateLimited"] }), { status: 429 });
  }
  return redirect("/contact?sent=1", 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

const DEPARTMENTS: { key: string; email: string; icon: IconName }[] = [
  { key: "general", email: "info@ratai.lt", icon: "mail" },
  { key: "support", email: "support@ratai.lt", icon: "info" },
  { key: "business", email: "business@ratai.lt", icon: "car" },
  { key: "media", email: "media@ratai.lt", icon: "globe" },
  { key: "privacy", email: "privacy@ratai.lt", icon: "shield" },
];

const FAQ_SHORTCUTS = [
  { key: "booking", to: "/faq?category=booking" },
  { key: "payments", to: "/faq?category=payments" },
  { key: "verification", to: "/faq?category=verification" },
  { key: "insurance", to: "/faq?category=insurance" },
] as const;

const loadCheck = () => import("~/information/contact-form").then((module) => module.checkContact);
const CONTACT_FORM_ID = "contact";

function ContactForm() {
  const { t } = useTranslation(["information", "pages"]);
  const { defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const check = useLazyCheck(loadCheck);
  const [form, fields] = useForm({
    id: CONTACT_FORM_ID,
    lastResult,
    defaultValue: { ...defaults, message: "" },
    constraint: CONTACT_CONSTRAINT,
    onValidate: check.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  return (
    <FormProvider context={form.context}>
      <Form method="post" action="/contact" {...getFormProps(form)} onFocus={check.onFocus} className="grid gap-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <SelectField
          meta={fields.type}
          label={t("contact.fields.type")}
          options={CONTACT_TYPES.map((type) => ({ value: type, label: t(`contact.types.${type}`) }))}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            meta={fields.name}
            label={t("contact.fields.name")}
            inputProps={{ autoComplete: "name", maxLength: CONTACT_LIMITS.name }}
          />
          <TextField
            meta={fields.email}
            label={t("contact.fields.email")}
            type="email"
            inputProps={{ autoComplete: "email", inputMode: "email" }}
          />
        </div>
        <TextField
          meta={fields.subject}
          label={t("contact.fields.subject")}
          inputProps={{ maxLength: CONTACT_LIMITS.subject }}
        />
        <TextAreaField
          meta={fields.message}
          label={t("contact.fields.message")}
          hint={t("contact.fields.messageHint")}
          rows={7}
          maxLength={CONTACT_LIMITS.message}
        />
        <p className="text-sm text-muted">
          {t("contact.privacyNote")}{" "}
          <Link to="/privacy" className="font-medium text-primary underline underline-offset-2">
            {t("pages:titles.privacy")}
          </Link>
        </p>
        <div>
          <Button type="submit" size="lg" disabled={sending}>
            <Icon name="mail" className="size-4" />
            {sending ? t("contact.sending") : t("contact.send")}
          </Button>
        </div>
      </Form>
    </FormProvider>
  );
}

function SentNotice() {
  const { t } = useTranslation(["information", "pages"]);
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-success/40 bg-success-soft p-4">
      <Icon name="check" className="mt-0.5 size-5 shrink-0 text-success" />
      <div>
        <p className="font-semibold">{t("contact.sentTitle")}</p>
        <p className="text-sm">{t("contact.sentText")}</p>
      </div>
    </div>
  );
}

/**
 * With JavaScript: the confirmation alone, then after 3 s the page without ?sent (the empty form). A new message
 * begun in the form the sent page showed before its scripts took over keeps the form (decision 033).
 */
function useSentState(sent: boolean) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const writing = useFormChanged(CONTACT_FORM_ID, sent ? location.key : null);
  useEffect(() => {
    if (!sent || !hydrated || writing) return;
    const timer = window.setTimeout(
      () => navigate("/contact", { replace: true, preventScrollReset: true }),
      SENT_STATE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [sent, hydrated, writing, navigate]);
  return { showForm: !sent || !hydrated || writing };
}

export default function ContactPage() {
  const { t } = useTranslation(["information", "pages"]);
  const { title, sent } = useLoaderData<typeof loader>();
  const { showForm } = useSentState(sent);
  return (
    <InfoPage title={title} lead={t("contact.lead")}>
      <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
        <section aria-labelledby="contact-form-title" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
          <h2 id="contact-form-title" className="text-xl font-bold tracking-tight">
            {t("contact.formTitle")}
          </h2>
          <div className="mt-5 grid gap-5">
            {sent ? <SentNotice /> : null}
            {showForm ? <ContactForm /> : null}
          </div>
        </section>
        <aside className="grid content-start gap-8">
          <section aria-labelledby="contact-details-title">
            <h2 id="contact-details-title" className="text-lg font-bold">
              {t("contact.detailsTitle")}
            </h2>
            <address className="mt-3 space-y-1 not-italic text-muted">
              <p>UAB „Ratai“</p>
              <p>{t("contact.address")}</p>
              <p>
                <a href="tel:+37052000000" className="hover:text-fg">
                  +370 5 200 0000
                </a>
              </p>
            </address>
            <h3 className="mt-5 font-semibold">{t("contact.hoursTitle")}</h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-muted">
              <dt>{t("contact.hours.weekdays")}</dt>
              <dd>9:00–18:00</dd>
              <dt>{t("contact.hours.saturday")}</dt>
              <dd>10:00–16:00</dd>
              <dt>{t("contact.hours.sunday")}</dt>
              <dd>{t("contact.hours.closed")}</dd>
            </dl>
          </section>
          <section aria-labelledby="departments-title">
            <h2 id="departments-title" className="text-lg font-bold">
              {t("contact.departmentsTitle")}
            </h2>
            <ul className="mt-3 grid gap-3">
              {DEPARTMENTS.map((department) => (
                <li key={department.key} className="flex gap-3">
                  <Icon name={department.icon} className="mt-0.5 size-5 shrink-0 text-primary" />
                  <div>
                    <p className="font-semibold">{t(`contact.departments.${department.key}`)}</p>
                    <a href={`mailto:${department.email}`} className="text-sm text-primary hover:underline">
                      {department.email}
                    </a>
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="shortcuts-title">
            <h2 id="shortcuts-title" className="text-lg font-bold">
              {t("contact.shortcutsTitle")}
            </h2>
            <ul className="mt-3 grid gap-2">
              {FAQ_SHORTCUTS.map((shortcut) => (
                <li key={shortcut.key}>
                  <Link to={shortcut.to} className="inline-flex items-center gap-1 text-primary hover:underline">
                    <Icon name="chevronRight" className="size-4" />
                    {t(`faq.categories.${shortcut.key}`)}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/faq" className="inline-flex items-center gap-1 font-semibold text-primary hover:underline">
                  <Icon name="chevronRight" className="size-4" />
                  {t("contact.allQuestions")}
                </Link>
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </InfoPage>
  );
}
