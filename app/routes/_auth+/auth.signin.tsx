import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SignInSchema } from "~/accounts/auth-form";
import { createAuthenticator } from "~/accounts/authenticator.server";
import { retryAfterSeconds } from "~/accounts/auth-throttle";
import {
  admitSignIn,
  forgetSignInFailures,
  signInFailuresForgotten,
  type SignInRefusal,
} from "~/accounts/auth-throttle.server";
import { findCredentials } from "~/accounts/accounts.server";
import { requestTime } from "~/load-context";
import { clientNetwork } from "~/accounts/rate-limit.server";
import { startSession } from "~/accounts/session.server";
import { SignInForm, type SignInActionData } from "~/components/auth/sign-in-form";
import { pageMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { AuthCard } from "./__auth-card";
import { authPageData } from "./__auth-page.server";

export const handle = { i18n: ["auth"], breadcrumb: "auth:signIn.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return authPageData(request, context, "signIn.title");
}

const SIGN_IN_REFUSALS: Record<SignInRefusal, string> = {
  accountAndNetwork: "auth:errors.tooManySignIns",
  account: "auth:errors.signInDelayed",
  network: "auth:errors.tooManySignInsFromNetwork",
};

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth reads the body itself, so this reads a copy.
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: SignInSchema });
  const fail = (
    formErrors: string[],
    status: number,
    extra: Partial<SignInActionData> = {},
    headers: HeadersInit = {},
  ) =>
    data<SignInActionData>(
      { result: submission.reply({ formErrors, hideFields: ["password"] }), ...extra },
      { status, headers },
    );

  if (submission.status !== "success") {
    return data<SignInActionData>({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { email } = submission.value;
  // The account's row is asked for beside the gate's writes (one round trip), and read only once the gate let the
  // attempt through: the password is never checked for a refused attempt.
  const found = { email, row: findCredentials(context.db, email) };
  found.row.catch(() => {}); // a refused attempt never awaits it
  // Counted before the password is checked, so parallel guesses cannot slip past; given back when it is right.
  const gate = await admitSignIn(context.db, email, clientNetwork(request), requestTime(context));
  if (!gate.allowed) {
    const headers = { "Retry-After": String(retryAfterSeconds(gate.retryAfterMs)) };
    return fail([SIGN_IN_REFUSALS[gate.refusal]], 429, {}, headers);
  }

  const check = await createAuthenticator(context, found).authenticate("form", request);
  if (!check.ok) {
    if (check.reason === "unconfirmed") {
      await forgetSignInFailures(context.db, gate.attempt);
      return fail(["auth:errors.unconfirmed"], 403, { unconfirmedEmail: email });
    }
    return fail(["auth:errors.invalidCredentials"], 401);
  }
  // The failures forgotten in the new session's batch: one round trip.
  const cookie = await startSession(request, context, check.userId, signInFailuresForgotten(context.db, gate.attempt));
  return redirectWithToast(
    safeRedirectPath(submission.value.redirectTo),
    { type: "success", title: "toasts.signedIn" },
    context.env,
    { headers: { "Set-Cookie": cookie } },
  );
}

export default function SignInPage() {
  const { t } = useTranslation("auth");
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <AuthCard title={t("signIn.title")} intro={t("signIn.intro")}>
      <SignInForm
        Form={Form}
        actionData={actionData}
        redirectTo={redirectTo}
        busy={navigation.state === "submitting" && navigation.formAction === "/auth/signin"}
        signUpSlot={
          <Link
            to={`/auth/signup?redirectTo=${encodeURIComponent(redirectTo)}`}
            className="font-semibold text-primary hover:underline"
          >
            {t("signIn.signUpLink")}
          </Link>
        }
      />
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });
