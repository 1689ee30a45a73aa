import { useField, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { PasswordChecklist } from "~/components/auth/password-checklist";
import { PasswordField } from "~/components/ui/form";
import { useHydrated } from "~/utils/use-hydrated";

/** A new password with the live checklist, and its repetition: password reset and change of password. */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: FieldMetadata<string | undefined>;
  confirmation: FieldMetadata<string | undefined>;
}) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  // The form's own value (conform's), also what was typed before the page hydrated.
  const [field] = useField<string>(password.name, { formId: password.formId });
  const value = typeof field.value === "string" ? field.value : "";
  return (
    <>
      <PasswordField
        meta={password}
        label={t("fields.newPassword")}
        autoComplete="new-password"
        hint={<PasswordChecklist password={value} live={hydrated} />}
      />
      <PasswordField meta={confirmation} label={t("fields.confirmPassword")} autoComplete="new-password" />
    </>
  );
}
