// What a route's failure looks like, inside the layout: 404 and 403 with the spec's texts, anything else as
// the generic message with "Try again". Never a stack trace.
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLink } from "~/components/auth/auth-link";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";

interface Payload {
  title?: string;
  message?: string;
  signIn?: boolean;
  action?: { to: string; label: string };
}

function payloadOf(error: unknown): { status: number; payload: Payload } {
  if (isRouteErrorResponse(error)) {
    const payload = typeof error.data === "object" && error.data !== null ? (error.data as Payload) : {};
    return { status: error.status, payload };
  }
  return { status: 500, payload: {} };
}

const defaults: Record<number, Payload> = {
  400: { title: "errors.badRequestTitle", message: "errors.badRequest" },
  401: { title: "errors.signInRequiredTitle", message: "errors.signInRequired" },
  403: { title: "errors.accessDeniedTitle", message: "errors.accessDenied" },
  404: { title: "errors.notFoundTitle", message: "errors.notFound" },
  405: { title: "errors.badRequestTitle", message: "errors.badRequest" },
  409: { title: "errors.conflictTitle", message: "errors.conflict" },
  429: { title: "errors.tooManyTitle", message: "errors.tooMany" },
};

export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const location = useLocation();
  const { status, payload } = payloadOf(error);
  const fallback = defaults[status] ?? { title: "errors.unexpectedTitle", message: "errors.unexpectedRetry" };
  const title = payload.title ?? fallback.title ?? "errors.unexpectedTitle";
  const message = payload.message ?? fallback.message ?? "errors.unexpectedRetry";
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      aria-labelledby="error-title"
    >
      <span className="grid size-14 place-items-center rounded-full bg-subtle text-muted">
        <Icon
          name={status === 404 ? "search" : status === 403 || status === 401 ? "lock" : "alert"}
          className="size-7"
        />
      </span>
      <p className="mt-6 text-sm font-semibold text-muted">{status}</p>
      <h1 id="error-title" className="mt-1 text-2xl font-bold sm:text-3xl">
        {t(title)}
      </h1>
      <p className="mt-3 text-muted">{t(message)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {payload.signIn ? (
          <>
            <AuthLink mode="signin" className={buttonClass("primary")}>
              {t("header.signIn")}
            </AuthLink>
            <AuthLink mode="signup" className={buttonClass("secondary")}>
              {t("header.signUp")}
            </AuthLink>
          </>
        ) : null}
        {payload.action ? <ButtonLink to={payload.action.to}>{t(payload.action.label)}</ButtonLink> : null}
        {status >= 500 ? (
          <a href={`${location.pathname}${location.search}`} className={buttonClass("primary")}>
            {t("errors.tryAgain")}
          </a>
        ) : null}
        {payload.signIn ? null : (
          <ButtonLink to="/" variant={payload.action || status >= 500 ? "secondary" : "primary"}>
            {t("errors.goHome")}
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
