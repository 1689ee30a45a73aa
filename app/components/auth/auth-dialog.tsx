// The sign-in/sign-up dialog (part 1 §2 "Auth dialog"). The forms are the pages' forms, posted by fetchers to
// the same actions; a successful sign-in redirects, the page revalidates, and the dialog goes with the guest.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useReturnPath, type AuthMode } from "~/components/auth/auth-link";
import { SignInForm, type FormComponent, type SignInActionData } from "~/components/auth/sign-in-form";
import { EmailSentPanel, SignUpForm, type SignUpActionData } from "~/components/auth/sign-up-form";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";

const switchClass = "font-semibold text-primary underline-offset-2 hover:underline";

export default function AuthDialog({
  mode,
  onModeChange,
  onClose,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("auth");
  const ref = useRef<HTMLDialogElement>(null);
  const returnPath = useReturnPath();
  const signIn = useFetcher<SignInActionData>({ key: "auth-dialog-signin" });
  const signUp = useFetcher<SignUpActionData>({ key: "auth-dialog-signup" });
  const [dismissedSent, setDismissedSent] = useState<unknown>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const sent = signUp.data?.status === "sent" && signUp.data !== dismissedSent ? signUp.data : null;
  const title = sent ? t("emailSent.title") : mode === "signin" ? t("signIn.title") : t("signUp.title");

  function backToSignIn() {
    setDismissedSent(signUp.data);
    onModeChange("signin");
  }

  return (
    // A click on the backdrop closes the dialog, as Escape (the dialog's native cancel) does for keyboards.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby="auth-dialog-title"
      onClose={onClose}
      onCancel={
        sent
          ? (event) => {
              event.preventDefault();
              backToSignIn();
            }
          : undefined
      }
      onClick={(event) => {
        if (event.target === ref.current) ref.current?.close();
      }}
      className="m-auto max-h-[92vh] w-[min(100%-1.5rem,30rem)] overflow-y-auto rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/55"
    >
      <div className="p-5 sm:p-7">
        <div className="mb-5 flex items-start justify-between gap-4">
          <h2 id="auth-dialog-title" className="text-xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => (sent ? backToSignIn() : ref.current?.close())}
            className="-m-1 rounded-md p-1.5 text-muted hover:bg-subtle hover:text-fg"
            aria-label={t("common:dialog.close")}
          >
            <Icon name="close" className="size-5" />
          </button>
        </div>
        {sent ? (
          <EmailSentPanel
            email={sent.email}
            deliveryFailed={sent.deliveryFailed}
            backSlot={<Button onClick={backToSignIn}>{t("emailSent.back")}</Button>}
          />
        ) : mode === "signin" ? (
          <SignInForm
            idPrefix="dialog-"
            Form={signIn.Form as FormComponent}
            actionData={signIn.data}
            busy={signIn.state !== "idle"}
            redirectTo={returnPath}
            signUpSlot={
              <button type="button" className={switchClass} onClick={() => onModeChange("signup")}>
                {t("signIn.signUpLink")}
              </button>
            }
          />
        ) : (
          <SignUpForm
            idPrefix="dialog-"
            Form={signUp.Form as FormComponent}
            actionData={signUp.data}
            busy={signUp.state !== "idle"}
            redirectTo={returnPath}
            signInSlot={
              <button type="button" className={switchClass} onClick={() => onModeChange("signin")}>
                {t("signUp.signInLink")}
              </button>
            }
          />
        )}
      </div>
    </dialog>
  );
}
