// The own profile's details form (/profile?edit=1): the schema's constraints and messages at each field, the values
// the form shows but does not send (the sign-in e-mail, a company's registered details, a verified date of birth).
import { FormProvider, getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ProfileSchema } from "~/accounts/profile-form";
import { isUnderReview } from "~/components/profile/verification-badge";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field-errors";
import { ErrorSummary, FormAlert, TextAreaField, TextField } from "~/components/ui/form";
import { useForm } from "~/components/ui/use-form";
import type { OwnProfile } from "~/profiles/profile.server";
import { formatDate } from "~/utils/format";
import { TEXT_CAPS } from "~/utils/sanitize";

export function ProfileForm({
  profile,
  lastResult,
}: {
  profile: OwnProfile;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("profile");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: {
      fullName: profile.fullName ?? "",
      phone: profile.phone ?? "",
      location: profile.location ?? "",
      dateOfBirth: profile.dateOfBirth ?? "",
      bio: profile.bio ?? "",
    },
    constraint: getZodConstraint(ProfileSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    // Checked when sent, not as a field is left: a message appearing then moves the control being clicked next.
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const underReview = isUnderReview(profile.verificationStatus, profile.verificationSubmittedAt);
  const labels = {
    fullName: profile.accountType === "company" ? t("fields.contactPerson") : t("fields.fullName"),
    phone: t("fields.phone"),
    location: t("fields.location"),
    dateOfBirth: t("fields.dateOfBirth"),
    bio: t("fields.bio"),
  };
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-5">
        <input type="hidden" name="intent" value="update" />
        <ErrorSummary
          submitted={Boolean(lastResult)}
          fields={(Object.keys(labels) as (keyof typeof labels)[]).map((name) => ({
            id: fields[name].id,
            label: labels[name],
            errors: fields[name].errors,
          }))}
        />
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField
          meta={fields.fullName}
          label={labels.fullName}
          inputProps={{ autoComplete: "name", maxLength: TEXT_CAPS.name }}
        />
        <ReadOnly label={t("fields.email")} value={profile.email} hint={t("hints.email")} />
        {profile.accountType === "company" ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <ReadOnly label={t("fields.companyName")} value={profile.companyName} hint={t("hints.company")} />
            <ReadOnly label={t("fields.companyNumber")} value={profile.companyNumber} />
          </div>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            meta={fields.phone}
            label={labels.phone}
            type="tel"
            hint={t("hints.phone")}
            inputProps={{ autoComplete: "tel", maxLength: 16 }}
          />
          <TextField
            meta={fields.location}
            label={labels.location}
            hint={t("hints.location")}
            inputProps={{ autoComplete: "address-level2", maxLength: 200 }}
          />
        </div>
        {profile.verificationStatus === "verified" ? (
          <VerifiedDateOfBirth profile={profile} label={labels.dateOfBirth} meta={fields.dateOfBirth} />
        ) : (
          <TextField
            meta={fields.dateOfBirth}
            label={labels.dateOfBirth}
            type="date"
            hint={t(underReview ? "hints.dateOfBirthUnderReview" : "hints.dateOfBirth")}
            inputProps={{ autoComplete: "bday" }}
            className="sm:max-w-xs"
          />
        )}
        <TextAreaField
          meta={fields.bio}
          label={labels.bio}
          hint={t("hints.bio", { max: TEXT_CAPS.bio })}
          rows={5}
          maxLength={TEXT_CAPS.bio}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? t("details.saving") : t("details.save")}
          </Button>
          <Link to="/profile" preventScrollReset className={buttonClass("secondary")}>
            {t("details.cancel")}
          </Link>
        </div>
      </Form>
    </FormProvider>
  );
}

/** A value the form shows but does not send (the sign-in e-mail, a company's registered name and number). */
function ReadOnly({
  label,
  value,
  hint,
  id,
  children,
}: {
  label: string;
  value: string | null;
  hint?: string;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <div>
      <p className="mb-1.5 text-sm font-semibold">{label}</p>
      <p
        id={id}
        tabIndex={id ? -1 : undefined}
        className="break-all rounded-lg border border-dashed border-line bg-subtle px-3 py-2.5"
      >
        {value}
      </p>
      {hint ? <p className="mt-1.5 text-sm text-muted">{hint}</p> : null}
      {children}
    </div>
  );
}

/**
 * A verified identity's date of birth: shown, not sent, and changed only by sending it with a document for
 * verification (decision 031). A refusal (an old form posted after the verification) is shown here.
 */
function VerifiedDateOfBirth({
  profile,
  label,
  meta,
}: {
  profile: OwnProfile;
  label: string;
  meta: FieldMetadata<string | undefined>;
}) {
  const { t, i18n } = useTranslation("profile");
  const value = profile.dateOfBirth ? formatDate(profile.dateOfBirth, i18n.language, "long") : t("details.notProvided");
  return (
    <ReadOnly id={meta.id} label={label} value={value} hint={t("hints.dateOfBirthVerified")}>
      <Link
        to="/profile/verification#date-of-birth"
        className="mt-1 inline-block text-sm font-semibold text-primary underline-offset-2 hover:underline"
      >
        {t("details.changeDateOfBirth")}
      </Link>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </ReadOnly>
  );
}
