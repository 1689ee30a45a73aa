// An admin decision asked for before it is made (approve, reject, delete): a page over the list with its own
// address, so the confirmation works without JavaScript; the form posts to that page. `children` holds what the
// decision is about and any field it needs (the rejection reason).
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass, type ButtonVariant } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form";
import { OverlayPage } from "~/components/ui/overlay-page";

export function ConfirmDialog({
  title,
  closeTo,
  submitLabel,
  variant = "primary",
  error,
  children,
}: {
  title: string;
  closeTo: string;
  submitLabel: string;
  variant?: ButtonVariant;
  /** A translation key: why the decision could not be made (already decided by someone else, …). */
  error?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  return (
    <OverlayPage title={title} closeTo={closeTo} width="max-w-lg">
      <Form method="post" className="grid gap-4">
        {children}
        <FormAlert errors={error ? [error] : undefined} />
        <div className="flex flex-row-reverse flex-wrap gap-3">
          <Button type="submit" variant={variant} disabled={navigation.state !== "idle"}>
            {submitLabel}
          </Button>
          <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
            {t("dialog.cancel")}
          </Link>
        </div>
      </Form>
    </OverlayPage>
  );
}
