// /profile (part 1 §2 "Own profile"): who the user is on Ratai, with their photo, details, verification, rating,
// bookings, earnings (hosts) and membership; the details are edited in place. Edit mode is its own URL (?edit=1) and
// Cancel a link back, so both work without JavaScript and Cancel always shows the saved values again.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { requireUser, requireUserWith } from "~/accounts/guards.server";
import { ProfileSchema } from "~/accounts/profile-form";
import { consumeRateLimit } from "~/accounts/rate-limit.server";
import { PayoutSetupCard } from "~/components/payouts/payout-setup-card";
import { AvatarForm } from "~/components/profile/avatar-form";
import { ProfileAvatar } from "~/components/profile/profile-avatar";
import { ProfileForm } from "~/components/profile/profile-form";
import { VerificationBadge } from "~/components/profile/verification-badge";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { intlLocale, isLanguage } from "~/i18n";
import { payoutCardOf } from "~/payouts/payout-summary.server";
import { STORAGE_UNAVAILABLE } from "~/photos/photo-storage.server";
import { getOwnProfile, replaceAvatar, updateProfile, UPLOAD_LIMIT, type OwnProfile } from "~/profiles/profile.server";
import { formatDate, formatPrice } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["profile", "payouts"], breadcrumb: "profile:titles.profile" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The profile and the payout card beside the session's lookup: one round trip.
  const [, [profile, payouts]] = await requireUserWith(request, context, (userId) =>
    Promise.all([getOwnProfile(context.db, userId), payoutCardOf(context.db, userId)]),
  );
  // A session always has its profile; if the row is gone, the account is as good as signed out.
  if (!profile) throw new Response("Not found", { status: 404 });
  const t = await getT(request, "profile");
  return {
    title: t("titles.profile"),
    profile,
    payouts,
    editing: new URL(request.url).searchParams.get("edit") === "1",
  };
}

type ActionData = { intent: "update"; result: SubmissionResult<string[]> } | { intent: "avatar"; error: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await request.formData();

  if (formData.get("intent") === "avatar") {
    const limit = await consumeRateLimit(context.db, `upload:${user.id}`, UPLOAD_LIMIT);
    if (!limit.allowed) {
      return data<ActionData>({ intent: "avatar", error: "profile:errors.tooManyUploads" }, { status: 429 });
    }
    const outcome = await replaceAvatar(context, user.id, formData.getAll("avatar"));
    if (outcome.status === "refused") {
      return data<ActionData>({ intent: "avatar", error: outcome.problem }, { status: 400 });
    }
    if (outcome.status === "unavailable") {
      return data<ActionData>({ intent: "avatar", error: STORAGE_UNAVAILABLE }, { status: 503 });
    }
    if (outcome.status === "failed") {
      return redirectWithToast(
        "/profile",
        { type: "error", title: "profile:toasts.uploadFailed", description: "profile:toasts.uploadFailedText" },
        context.env,
        { status: 303 },
      );
    }
    return redirectWithToast(
      "/profile",
      { type: "success", title: "profile:toasts.updated", description: "profile:toasts.avatarUpdatedText" },
      context.env,
    );
  }

  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "update", result: submission.reply() }, { status: 400 });
  }
  let outcome: Awaited<ReturnType<typeof updateProfile>>;
  try {
    outcome = await updateProfile(context.db, user.id, submission.value);
  } catch (error) {
    // The spec's "Update Failed", with what the user typed kept in the form to try again.
    console.error("Profile update failed", error);
    return data<ActionData>(
      { intent: "update", result: submission.reply({ formErrors: ["profile:toasts.updateFailed"] }) },
      { status: 503 },
    );
  }
  if (outcome === "dateOfBirthVerified") {
    // A verified date of birth changes only through verification (decision 031); nothing was written.
    const fieldErrors = { dateOfBirth: ["profile:validation.dateOfBirthVerified"] };
    return data<ActionData>({ intent: "update", result: submission.reply({ fieldErrors }) }, { status: 400 });
  }
  return redirectWithToast(
    "/profile",
    { type: "success", title: "profile:toasts.updated", description: "profile:toasts.updatedText" },
    context.env,
  );
}

export default function ProfilePage() {
  const { t } = useTranslation("profile");
  const { profile, payouts, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const company = profile.accountType === "company";
  const displayName = (company ? profile.companyName : profile.fullName) || profile.email;
  const showForm = editing || actionData?.intent === "update";
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("titles.profile")}</h1>
      <p className="mt-1 text-muted">{t("page.intro")}</p>

      {/* Phones read top to bottom: who, then the details, then account links. Wide screens put who and the
          account links in a column beside the details. */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <section
          aria-labelledby="profile-name"
          className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-6 lg:col-start-1 lg:row-start-1"
        >
          <div className="flex items-center gap-4 lg:flex-col lg:text-center">
            <ProfileAvatar name={displayName} avatarKey={profile.avatarKey} />
            <div className="min-w-0">
              <h2 id="profile-name" className="break-words text-xl font-bold">
                {displayName}
              </h2>
              <p className="break-all text-sm text-muted">{profile.email}</p>
              <div className="mt-2">
                <VerificationBadge status={profile.verificationStatus} submittedAt={profile.verificationSubmittedAt} />
              </div>
              <Link
                to={`/profile/${profile.id}`}
                className="mt-2 inline-block text-sm font-semibold text-primary underline-offset-2 hover:underline"
              >
                {t("page.publicProfile")}
              </Link>
            </div>
          </div>
          <div className="mt-5 border-t border-line pt-4">
            <AvatarForm
              // A new avatar remounts the form: the chosen file and its preview are done with.
              key={profile.avatarKey ?? "none"}
              error={actionData?.intent === "avatar" ? actionData.error : undefined}
            />
          </div>
        </section>

        <div className="grid min-w-0 gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Stats profile={profile} />
          <section
            id="profile-details"
            aria-labelledby="details-title"
            className="scroll-mt-20 rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-6"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="details-title" className="text-xl font-bold">
                {t("details.title")}
              </h2>
              {showForm ? null : (
                <ButtonLink to="/profile?edit=1#profile-details" variant="secondary" size="sm">
                  {t("details.edit")}
                </ButtonLink>
              )}
            </div>
            {showForm ? (
              <ProfileForm
                profile={profile}
                lastResult={actionData?.intent === "update" ? actionData.result : undefined}
              />
            ) : (
              <ProfileDetails profile={profile} />
            )}
          </section>
        </div>

        <div className="grid gap-6 lg:col-start-1 lg:row-start-2">
          <PayoutSetupCard state={payouts.state} waiting={payouts.waiting} />
          <AccountLinks profile={profile} />
        </div>
      </div>
    </div>
  );
}

function ProfileDetails({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation("profile");
  const rows: [string, ReactNode][] = [
    [profile.accountType === "company" ? t("fields.contactPerson") : t("fields.fullName"), profile.fullName],
    [t("fields.email"), profile.email],
    [t("fields.phone"), profile.phone],
    [t("fields.location"), profile.location],
    [t("fields.dateOfBirth"), profile.dateOfBirth ? formatDate(profile.dateOfBirth, i18n.language, "long") : null],
    ...(profile.accountType === "company"
      ? ([
          [t("fields.companyName"), profile.companyName],
          [t("fields.companyNumber"), profile.companyNumber],
        ] as [string, ReactNode][])
      : []),
  ];
  return (
    <>
      <dl className="mt-5 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className={`mt-0.5 break-words ${value ? "font-medium" : "text-muted italic"}`}>
              {value || t("details.notProvided")}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-6">
        <h3 className="text-sm text-muted">{t("fields.bio")}</h3>
        <p className={`mt-0.5 whitespace-pre-line break-words ${profile.bio ? "" : "text-muted italic"}`}>
          {profile.bio || t("details.notProvided")}
        </p>
      </div>
    </>
  );
}

function Stats({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation("profile");
  const locale = intlLocale[isLanguage(i18n.language) ? i18n.language : "lt"];
  const rating = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    profile.rating,
  );
  const items: [string, ReactNode][] = [
    [
      t("stats.rating"),
      profile.reviewCount > 0 ? (
        <>
          {rating}
          <span className="block text-sm font-normal text-muted">
            {t("stats.reviews", { count: profile.reviewCount })}
          </span>
        </>
      ) : (
        <span className="text-base font-normal text-muted">{t("stats.noReviews")}</span>
      ),
    ],
    [t("stats.bookings"), String(profile.completedBookings)],
    ...(profile.isHost
      ? ([[t("stats.earnings"), formatPrice(profile.totalEarnings, i18n.language)]] as [string, ReactNode][])
      : []),
    [t("stats.memberSince"), String(new Date(profile.createdAt).getFullYear())],
  ];
  return (
    <section aria-labelledby="stats-title" className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-6">
      <h2 id="stats-title" className="text-lg font-bold">
        {t("stats.title")}
      </h2>
      <dl className={`mt-3 grid grid-cols-2 gap-3 ${items.length === 4 ? "sm:grid-cols-4" : "sm:grid-cols-3"}`}>
        {items.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-subtle p-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function AccountLinks({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation("profile");
  const verificationText =
    profile.verificationStatus === "verified"
      ? t("account.verifiedText")
      : profile.verificationStatus === "rejected"
        ? t("account.rejectedText")
        : profile.verificationSubmittedAt
          ? t("account.underReviewText")
          : t("account.pendingText");
  return (
    <section aria-labelledby="account-title" className="rounded-2xl border border-line bg-surface p-5 shadow-xs sm:p-6">
      <h2 id="account-title" className="text-lg font-bold">
        {t("account.title")}
      </h2>
      <ul className="mt-3 grid gap-1">
        <AccountLink
          to="/profile/verification"
          icon="shield"
          label={t("account.verification")}
          text={verificationText}
        />
        <AccountLink to="/account/password" icon="lock" label={t("account.changePassword")} />
        <AccountLink to="/account/delete" icon="trash" label={t("account.deleteAccount")} danger />
      </ul>
    </section>
  );
}

function AccountLink({
  to,
  icon,
  label,
  text,
  danger = false,
}: {
  to: string;
  icon: "shield" | "lock" | "trash";
  label: string;
  text?: string;
  danger?: boolean;
}) {
  return (
    <li>
      <Link
        to={to}
        className={`-mx-2 flex items-start gap-3 rounded-lg px-2 py-2.5 hover:bg-subtle ${danger ? "text-danger" : ""}`}
      >
        <Icon name={icon} className="mt-0.5 size-5 shrink-0" />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{label}</span>
          {text ? <span className="block text-sm text-muted">{text}</span> : null}
        </span>
        <Icon name="chevronRight" className="mt-0.5 size-4 shrink-0 text-muted" />
      </Link>
    </li>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
