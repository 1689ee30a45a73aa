// /profile/{userId}/message: the public profile's "Send Message" (part 1 §2), over the profile (a dialog, and a page
// of its own address, with or without JavaScript): the recipient's picture and name, the
// message box, Cancel and Send Message. Signed in; the person exists and is not oneself. The spec's dialog also
// showed the recipient's e-mail address; we do not hand addresses to every signed-in visitor (the conversation is
// the way to reach them).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { notFound, requireUserWith, type SessionUserIdSql } from "~/accounts/guards.server";
import { MessageForm, MessageSent } from "~/components/messages/message-form";
import { Avatar } from "~/components/shell/header";
import { OverlayPage } from "~/components/ui/overlay-page";
import { getT } from "~/i18n.server";
import { sendFromPage, sentConversationId } from "~/messages/message-page.server";
import { findRecipient } from "~/messages/messaging.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["pages", "messages"], breadcrumb: "messages:profileMessage.title" };

/** The person, asked for beside the session's lookup with the page's `more` (one round trip); never oneself. */
async function recipientFor<T>(args: LoaderFunctionArgs, more: (userId: SessionUserIdSql) => Promise<T>) {
  const { request, context, params } = args;
  const [user, [person, extra]] = await requireUserWith(request, context, (userId) =>
    Promise.all([findRecipient(context.db, userId, params.userId ?? ""), more(userId)]),
  );
  if (!person)
    notFound("errors.profileNotFound", "errors.profileNotFoundTitle", { to: "/cars", label: "errors.goBack" });
  return { user, person, extra };
}

export async function loader(args: LoaderFunctionArgs) {
  const { person, extra: sent } = await recipientFor(args, (userId) =>
    sentConversationId(args.context.db, userId, args.request),
  );
  const t = await getT(args.request, "messages");
  return { title: t("profileMessage.title"), person, sent };
}

export async function action(args: ActionFunctionArgs) {
  const { user, person } = await recipientFor(args, async () => null);
  return sendFromPage(args.context, args.request, {
    senderId: user.id,
    recipientId: person.id,
    carId: null,
    allowBooking: false,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function MessagePersonPage() {
  const { t } = useTranslation(["messages", "pages"]);
  const { person, sent } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const name = person.name ?? t("pages:profile.fallbackName");
  return (
    <OverlayPage title={t("profileMessage.title")} closeTo={`/profile/${person.id}`} width="max-w-2xl">
      <div className="flex items-center gap-3 rounded-xl border border-line bg-surface p-4">
        <Avatar user={{ fullName: name, email: "?", avatarKey: person.avatarKey }} size="size-12 text-lg" />
        <div className="min-w-0">
          <p className="text-sm text-muted">{t("profileMessage.to")}</p>
          <p className="truncate font-semibold">{name}</p>
        </div>
      </div>
      <div className="mt-6">
        {sent ? (
          <MessageSent conversationId={sent} backTo={`/profile/${person.id}`} backLabel={t("pages:profile.back")} />
        ) : (
          <MessageForm
            outcome={outcome}
            placeholder={t("profileMessage.placeholder")}
            submitLabel={t("profileMessage.send")}
            cancelTo={`/profile/${person.id}`}
          />
        )}
      </div>
    </OverlayPage>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
