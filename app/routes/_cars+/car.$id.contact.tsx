// /car/{id}/contact: "Contact owner" (part 1 §2) over the car page (a dialog, and a page of its own address, with
// or without JavaScript; listing cards and profiles link here too): a general question or a booking inquiry
// (rentable cars only) with subject, dates, pickup place and the message. Signed in; the car public; never one's
// own. After sending it says "Message Sent" and links to the conversation.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { notFound, requireUserWith, type SessionUserIdSql } from "~/accounts/guards.server";
import { findContactableCar } from "~/cars/car-details.server";
import { MessageForm, MessageSent } from "~/components/messages/message-form";
import { OverlayPage } from "~/components/ui/overlay-page";
import { getT } from "~/i18n.server";
import { sendFromPage, sentConversationId } from "~/messages/message-page.server";
import { vilniusDay } from "~/utils/calendar-days";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["cars", "messages"], breadcrumb: "messages:contact.title" };

/** The car, asked for beside the session's lookup with the page's `more` (one round trip); never one's own. */
async function contactableCar<T>(
  request: Request,
  context: LoaderFunctionArgs["context"],
  id: string | undefined,
  more: (userId: SessionUserIdSql) => Promise<T>,
) {
  const [user, [car, extra]] = await requireUserWith(request, context, (userId) =>
    Promise.all([findContactableCar(context.db, id ?? ""), more(userId)]),
  );
  if (!car || car.ownerId === user.id) {
    notFound("errors.carNotFound", "errors.carNotFoundTitle", { to: "/cars", label: "errors.browseAllCars" });
  }
  return { user, car, extra };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { car, extra: sent } = await contactableCar(request, context, params.id, (userId) =>
    sentConversationId(context.db, userId, request),
  );
  const t = await getT(request, "messages");
  return {
    title: t("contact.title"),
    car: { id: car.id, name: `${car.make} ${car.model} ${car.year}`, bookingAllowed: car.listingType !== "sale" },
    today: vilniusDay(),
    sent,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, car } = await contactableCar(request, context, params.id, async () => null);
  return sendFromPage(context, request, {
    senderId: user.id,
    recipientId: car.ownerId,
    carId: car.id,
    allowBooking: car.listingType !== "sale",
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, { noindex: true });

export default function ContactOwnerPage() {
  const { t } = useTranslation("messages");
  const { car, today, sent } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  return (
    <OverlayPage title={t("contact.title")} closeTo={`/car/${car.id}`} width="max-w-2xl">
      <p className="mb-5 text-muted">
        {t("contact.lead")}{" "}
        <Link to={`/car/${car.id}`} className="font-semibold text-primary hover:underline">
          {car.name}
        </Link>
      </p>
      {sent ? (
        <MessageSent conversationId={sent} backTo={`/car/${car.id}`} backLabel={t("contact.backToCar")} />
      ) : (
        <MessageForm
          outcome={outcome}
          inquiry={{ bookingAllowed: car.bookingAllowed, today }}
          placeholder={t("contact.contentPlaceholder")}
          submitLabel={t("contact.send")}
          cancelTo={`/car/${car.id}`}
        />
      )}
    </OverlayPage>
  );
}

// Its classes are in app.css, not in the public sheet every page loads (docs/decisions/026).
export { appStylesheetLinks as links } from "~/styles/sheets";
