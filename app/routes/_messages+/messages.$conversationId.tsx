// /messages/{conversationId}: one conversation's thread and the reply box (part 1 §2). Only its two people may
// open it or post to it (others 403). The inbox's loader (messages.tsx) marks the received messages read on the
// way in. Replying is a POST that comes back here, with or without JavaScript.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden, notFound, requireUser, requireUserWith } from "~/accounts/guards.server";
import { Avatar } from "~/components/shell/header";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field-errors";
import { Icon } from "~/components/ui/icons";
import { getT } from "~/i18n.server";
import { MESSAGE_MAX_LENGTH } from "~/messages/message-form";
import { findConversation, readConversation, threadMessages } from "~/messages/messaging.server";
import { announceMessage } from "~/messages/message-page.server";
import { sendFromForm } from "~/messages/send-message.server";
import { liveTicket } from "~/realtime/live.server";
import { conversationRoom } from "~/realtime/room-token";
import { useLiveRoom } from "~/realtime/use-live-room";
import { formatDate, formatDateTime } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = {
  i18n: ["messages"],
  // The inbox is the crumb before; this one is the other person.
  breadcrumb: (data: unknown) => {
    const title = (data as { title?: string } | undefined)?.title;
    return title ? { label: title, literal: true } : null;
  },
};

async function openConversation(args: LoaderFunctionArgs) {
  const user = await requireUser(args.request, args.context);
  return { user, ...allowed(await findConversation(args.context.db, user.id, args.params.conversationId ?? "")) };
}

function allowed(found: Awaited<ReturnType<typeof findConversation>>) {
  if (found.status === "missing") notFound("errors.notFound");
  if (found.status === "forbidden") forbidden();
  return { conversation: found.conversation, other: found.other };
}

export async function loader(args: LoaderFunctionArgs) {
  const id = args.params.conversationId ?? "";
  // The conversation, its people and its thread by the conversation's id, beside the session's lookup; checked
  // against the reader once both came, and dropped unseen when they are not one of the pair (decision 002).
  const [[user, [found, thread]], t] = await Promise.all([
    requireUserWith(args.request, args.context, () =>
      Promise.all([readConversation(args.context.db, id), threadMessages(args.context.db, id)]),
    ),
    getT(args.request, "messages"),
  ]);
  const { other } = allowed(found.as(user.id));
  return {
    title: other.name ?? t("unknownUser"),
    live: await liveTicket(args.context, conversationRoom(id), user.id),
    me: user.id,
    other,
    messages: thread.map((m) => ({
      ...m,
      createdAt: m.createdAt.getTime(),
      readAt: m.readAt?.getTime() ?? null,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export async function action(args: ActionFunctionArgs) {
  const { user, conversation, other } = await openConversation(args);
  const sent = await sendFromForm(args.context.db, {
    senderId: user.id,
    recipientId: other.id,
    carId: null,
    allowBooking: false,
    form: await args.request.formData(),
    reply: true,
  });
  if (!sent.ok) {
    return data(
      { issues: sent.issues, formIssue: sent.formIssue, content: sent.values.content },
      { status: sent.status },
    );
  }
  announceMessage(args.context, { ...sent, senderId: user.id, recipientId: other.id });
  const url = new URL(args.request.url);
  return redirect(`/messages/${conversation.id}${url.search}`, 303);
}

export default function ConversationPage() {
  const { t } = useTranslation("messages");
  const { me, other, messages, live } = useLoaderData<typeof loader>();
  const name = other.name ?? t("unknownUser");
  // A message in this conversation (or, while the socket is down, every 3 s): load the thread again. The inbox's
  // loader runs too and marks what arrived read, since the reader is looking at it.
  const revalidator = useRevalidator();
  useLiveRoom(live, () => {
    if (revalidator.state === "idle") revalidator.revalidate();
  });
  // The reply box starts empty again after one's own message is sent, not when the other person writes.
  const lastOwn = messages.findLast((m) => m.senderId === me)?.id;
  return (
    <article className="flex min-h-[60vh] flex-col rounded-xl border border-line bg-surface">
      <header className="flex items-center gap-3 border-b border-line p-3 sm:p-4">
        <Link
          to="/messages"
          className="grid size-10 place-items-center rounded-lg hover:bg-subtle lg:hidden"
          aria-label={t("back")}
        >
          <Icon name="chevronLeft" className="size-5" />
        </Link>
        <Avatar user={{ fullName: name, email: "?", avatarKey: other.avatarKey }} size="size-10" />
        <h2 className="min-w-0 truncate text-lg font-bold">
          {other.active ? (
            <Link to={`/profile/${other.id}`} className="hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </h2>
      </header>
      <ol className="grid grow content-start gap-3 p-3 sm:p-4" aria-label={t("title")}>
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} mine={message.senderId === me} />
        ))}
      </ol>
      <ReplyBox key={lastOwn} disabled={!other.active} />
    </article>
  );
}

type ThreadMessage = ReturnType<typeof useLoaderData<typeof loader>>["messages"][number];

function MessageBubble({ message, mine }: { message: ThreadMessage; mine: boolean }) {
  const { t, i18n } = useTranslation("messages");
  const car = message.carId ? `${message.carMake} ${message.carModel} ${message.carYear}` : null;
  return (
    <li className={`flex ${mine ? "justify-end" : "justify-start"}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-3 sm:max-w-[75%] ${mine ? "bg-primary-soft" : "border border-line bg-canvas"}`}
      >
        {message.type === "booking_inquiry" ? (
          <p className="mb-1 inline-flex rounded-full bg-info-soft px-2 py-0.5 text-xs font-semibold">
            {t("bookingInquiry")}
          </p>
        ) : null}
        {message.subject ? <p className="font-bold break-words">{message.subject}</p> : null}
        <p className="break-words whitespace-pre-line">{message.content}</p>
        {message.type === "booking_inquiry" && (message.bookingStartDate || message.pickupLocation) ? (
          <p className="mt-2 text-sm text-muted">
            {message.bookingStartDate ? (
              <span className="block">
                {t("inquiryDates", {
                  start: formatDate(message.bookingStartDate, i18n.language),
                  end: message.bookingEndDate ? formatDate(message.bookingEndDate, i18n.language) : "…",
                })}
              </span>
            ) : null}
            {message.pickupLocation ? (
              <span className="block">{t("inquiryPickup", { place: message.pickupLocation })}</span>
            ) : null}
          </p>
        ) : null}
        {car ? (
          <Link to={`/car/${message.carId}`} className="mt-2 block text-sm font-semibold text-primary hover:underline">
            {t("about", { car })}
          </Link>
        ) : null}
        <p className="mt-1.5 flex items-center justify-end gap-1.5 text-xs text-muted">
          <time dateTime={new Date(message.createdAt).toISOString()}>
            {formatDateTime(message.createdAt, i18n.language)}
          </time>
          {mine ? (
            <span className="inline-flex items-center gap-0.5">
              <Icon name="check" className="size-3.5" />
              {message.readAt ? <Icon name="check" className="-ml-2 size-3.5" /> : null}
              <span className="sr-only sm:not-sr-only">{message.readAt ? t("read") : t("sent")}</span>
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}

function ReplyBox({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation("messages");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST";
  if (disabled) return <p className="border-t border-line p-4 text-sm text-muted">{t("reply.gone")}</p>;
  const error = actionData?.issues.content;
  return (
    <Form method="post" className="grid gap-2 border-t border-line p-3 sm:p-4" noValidate>
      {actionData?.formIssue ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm font-medium text-danger">
          {t(actionData.formIssue)}
        </p>
      ) : null}
      <label htmlFor="reply" className="text-sm font-semibold">
        {t("reply.label")}
      </label>
      <textarea
        id="reply"
        name="content"
        rows={3}
        required
        maxLength={MESSAGE_MAX_LENGTH}
        defaultValue={actionData?.content}
        placeholder={t("reply.placeholder")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "reply-error" : undefined}
        className={inputClass}
      />
      <FieldErrors id="reply-error" errors={error ? [error] : undefined} />
      <div className="flex justify-end">
        <Button type="submit" disabled={sending}>
          <Icon name="mail" className="size-4" />
          {sending ? t("reply.sending") : t("reply.send")}
        </Button>
      </div>
    </Form>
  );
}
