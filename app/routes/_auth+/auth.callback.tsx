// The e-mail confirmation landing (part 1 §2): the link's token is spent, then success with an automatic return
// home after 3 s, or the failure with a way home. The return is a timer the user can stop (WCAG 2.2.1), so it runs
// with JavaScript only; without it the page offers the same links instead of a refresh nobody can cancel.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmEmail } from "~/accounts/accounts.server";
import { ButtonLink } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";
import { AuthCard } from "./__auth-card";

export const CONFIRMATION_REDIRECT_SECONDS = 3;

export const handle = { i18n: ["auth"], breadcrumb: "auth:callback.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await getT(request, "auth");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = token ? await confirmEmail(context.db, token) : "invalid";
  return data({ title: t("callback.title"), outcome }, { status: outcome === "confirmed" ? 200 : 400 });
}

export default function EmailConfirmationPage() {
  const { t } = useTranslation("auth");
  const { outcome } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [redirecting, setRedirecting] = useState(true);
  useEffect(() => {
    if (outcome !== "confirmed" || !redirecting) return;
    const timer = setTimeout(() => navigate("/"), CONFIRMATION_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [outcome, navigate, redirecting]);

  const confirmed = outcome === "confirmed";
  return (
    <AuthCard title={confirmed ? t("callback.confirmed") : t("callback.failed")}>
      <div role={confirmed ? "status" : "alert"} className="grid justify-items-center gap-4 text-center">
        <span
          className={`grid size-14 place-items-center rounded-full ${confirmed ? "bg-success-soft text-success" : "bg-danger-soft text-danger"}`}
        >
          <Icon name={confirmed ? "check" : "alert"} className="size-7" />
        </span>
        <p>{confirmed ? t("callback.successMessage") : t("callback.errorMessage")}</p>
        {confirmed ? (
          hydrated && redirecting ? (
            <p className="text-sm text-muted">
              {t("callback.redirecting", { seconds: CONFIRMATION_REDIRECT_SECONDS })}{" "}
              <button
                type="button"
                onClick={() => setRedirecting(false)}
                className="font-semibold text-primary underline underline-offset-2"
              >
                {t("callback.stay")}
              </button>
            </p>
          ) : null
        ) : (
          <p className="text-sm text-muted">{t("callback.errorHint")}</p>
        )}
        <div className="flex flex-wrap justify-center gap-2">
          {confirmed ? (
            <>
              <ButtonLink to="/auth/signin">{t("callback.signIn")}</ButtonLink>
              <ButtonLink to="/" variant="secondary">
                {t("callback.home")}
              </ButtonLink>
            </>
          ) : (
            <>
              <ButtonLink to="/">{t("callback.returnHome")}</ButtonLink>
              <ButtonLink to="/auth/resend-confirmation" variant="secondary">
                {t("signIn.resend")}
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });
