// /profile/{userId}/message: the public profile's "Send Message" as a page (a dialog with JavaScript). The messaging
// work builds the form; the route already has its rules: signed in, the person exists, not oneself.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { and, eq, isNull } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { profiles, users } from "#db/schema";
import { notFound, requireUser } from "~/accounts/guards.server";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["pages"], breadcrumb: "pages:profile.message.title" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [person] = await context.db
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.id, params.userId ?? ""), isNull(users.deletedAt)))
    .limit(1);
  if (!person || person.id === user.id)
    notFound("errors.profileNotFound", "errors.profileNotFoundTitle", { to: "/cars", label: "errors.goBack" });
  const t = await getT(request, "pages");
  return { title: t("profile.message.title"), person };
}

export default function MessagePersonPage() {
  const { t } = useTranslation("pages");
  const { person } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("profile.message.title")}</h1>
      <p className="mt-1 text-muted">{person.fullName ?? t("profile.fallbackName")}</p>
      <div className="mt-6 flex gap-3 rounded-xl border border-line bg-surface p-5">
        <Icon name="info" className="mt-0.5 size-5 shrink-0 text-primary" />
        <p className="text-muted">{t("profile.message.comingSoon")}</p>
      </div>
      <ButtonLink to={`/profile/${person.id}`} variant="secondary" className="mt-6">
        {t("profile.back")}
      </ButtonLink>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });
