// /cookies: the Cookie Policy (every cookie we set, its purpose and lifetime) and the preferences form (spec part 2
// §3, §4): necessary always on; analytics, marketing and preferences by choice; Save, Accept all and Only necessary,
// each answered with a toast. The choice is a cookie (information/cookie-preferences.server.ts) that the Worker
// honours for the language and theme cookies. Not edge-cached: the form shows the visitor's own choice.
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { CookieChoiceSchema } from "~/information/cookie-choice-form";
import { COOKIE_POLICY } from "~/information/content/cookies-text.server";
import {
  COOKIE_CATEGORIES,
  preferencesFor,
  serializeCookiePreferences,
  type CookieIntent,
} from "~/information/cookie-preferences";
import {
  cookiePreferencesHeader,
  readCookiePreferences,
  rememberedChoiceHeaders,
  storedCookiePreferences,
} from "~/information/cookie-preferences.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { DocumentPage } from "./__document-page";
import { informationPageData } from "./__document-page.server";

export const handle = { i18n: ["pages", "information"], breadcrumb: "pages:titles.cookies" };

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await informationPageData(request, "cookies", COOKIE_POLICY);
  return { ...page, preferences: readCookiePreferences(request), chosen: storedCookiePreferences(request) !== null };
}

const TOASTS: Record<CookieIntent, string> = {
  save: "information.toasts.cookiesSaved",
  "accept-all": "information.toasts.cookiesAcceptedAll",
  "necessary-only": "information.toasts.cookiesNecessaryOnly",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: CookieChoiceSchema });
  if (submission.status !== "success") {
    return redirectWithToast(
      "/cookies#preferences",
      { type: "error", title: "errors.badRequestTitle", description: "errors.badRequest" },
      context.env,
      { status: 303 },
    );
  }
  const choice = submission.value;
  const preferences = preferencesFor(choice.intent, (category) => choice[category] === "on");
  const secure = context.env.isProduction || new URL(request.url).protocol === "https:";
  const headers = new Headers();
  headers.append("Set-Cookie", cookiePreferencesHeader(preferences, secure));
  for (const header of rememberedChoiceHeaders(request, preferences.preferences, secure)) {
    headers.append("Set-Cookie", header);
  }
  return redirectWithToast("/cookies#preferences", { type: "success", title: TOASTS[choice.intent] }, context.env, {
    status: 303,
    headers,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.title, { description: data?.description });

function PreferencesForm() {
  const { t } = useTranslation(["information", "pages"]);
  const { preferences, chosen } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <section
      id="preferences"
      aria-labelledby="preferences-title"
      className="scroll-mt-24 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="preferences-title" className="text-xl font-bold tracking-tight">
        {t("cookies.preferencesTitle")}
      </h2>
      <p className="mt-2 text-muted">{t(chosen ? "cookies.chosen" : "cookies.notChosen")}</p>
      {/* Keyed by the stored choice, so the boxes show it again after each save. */}
      <Form method="post" key={serializeCookiePreferences(preferences)} className="mt-5 grid gap-4">
        <fieldset className="grid gap-3">
          <legend className="sr-only">{t("cookies.categoriesLegend")}</legend>
          <Category name="necessary" checked disabled />
          {COOKIE_CATEGORIES.map((category) => (
            <Category key={category} name={category} checked={preferences[category]} />
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save" disabled={busy}>
            {t("cookies.save")}
          </Button>
          <Button type="submit" name="intent" value="accept-all" variant="secondary" disabled={busy}>
            {t("cookies.acceptAll")}
          </Button>
          <Button type="submit" name="intent" value="necessary-only" variant="secondary" disabled={busy}>
            {t("cookies.necessaryOnly")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function Category({ name, checked, disabled = false }: { name: string; checked: boolean; disabled?: boolean }) {
  const { t } = useTranslation(["information", "pages"]);
  const id = `cookie-${name}`;
  return (
    <div className="flex items-start gap-3 rounded-xl border border-line p-4">
      <input
        id={id}
        type="checkbox"
        name={name}
        defaultChecked={checked}
        disabled={disabled}
        aria-describedby={`${id}-text`}
        className="mt-0.5 size-5 shrink-0 accent-[var(--primary)]"
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          {t(`cookies.categories.${name}.title`)}
          {disabled ? <span className="ml-2 text-sm font-normal text-muted">{t("cookies.alwaysOn")}</span> : null}
        </label>
        <p id={`${id}-text`} className="mt-1 text-sm text-muted">
          {t(`cookies.categories.${name}.text`)}
        </p>
      </div>
    </div>
  );
}

export default function CookiesPage() {
  const { t } = useTranslation(["information", "pages"]);
  const { title, content } = useLoaderData<typeof loader>();
  return (
    <DocumentPage
      title={title}
      content={content}
      appendix={{ id: "preferences", title: t("cookies.preferencesTitle") }}
    >
      <PreferencesForm />
    </DocumentPage>
  );
}
