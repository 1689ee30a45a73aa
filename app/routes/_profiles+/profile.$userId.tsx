// /profile/{userId}: the public profile. Its full content (listings, reviews, message dialog) comes with the
// browse issue; unknown or deleted people are a real 404 "Profile Not Found".
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { and, eq, isNull } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { profiles, users } from "#db/schema";
import { notFound } from "~/accounts/guards.server";
import { Avatar } from "~/components/shell/header";
import { pageMeta } from "~/utils/meta";

export const handle = {
  i18n: ["pages"],
  breadcrumb: (data: unknown) => {
    const profile = (data as { profile?: { fullName: string | null } } | undefined)?.profile;
    return profile ? { label: profile.fullName ?? "User", literal: true } : null;
  },
};

export async function loader({ params, context }: LoaderFunctionArgs) {
  const [profile] = await context.db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      avatarKey: profiles.avatarKey,
      bio: profiles.bio,
      location: profiles.location,
      verificationStatus: profiles.verificationStatus,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.id, params.userId ?? ""), isNull(users.deletedAt)))
    .limit(1);
  if (!profile)
    notFound("errors.profileNotFound", "errors.profileNotFoundTitle", { to: "/cars", label: "errors.goBack" });
  return { profile };
}

export default function PublicProfilePage() {
  const { t } = useTranslation("pages");
  const { profile } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex items-center gap-4">
        <Avatar
          user={{ fullName: profile.fullName, email: "?", avatarKey: profile.avatarKey }}
          size="size-16 text-2xl"
        />
        <div>
          <h1 className="text-2xl font-bold">{profile.fullName ?? t("profile.fallbackName")}</h1>
          <p className="text-sm text-muted">
            {t(`profile.verification.${profile.verificationStatus}`)} ·{" "}
            {t("profile.memberSince", { year: new Date(profile.createdAt).getFullYear() })}
          </p>
        </div>
      </div>
      {profile.location ? <p className="mt-6 text-muted">{profile.location}</p> : null}
      {profile.bio ? <p className="mt-3 whitespace-pre-line">{profile.bio}</p> : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.profile.fullName ?? undefined);
