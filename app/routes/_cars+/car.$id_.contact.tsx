// /car/{id}/contact: "Contact owner" (part 1 §2): a general question or a booking inquiry (rentable cars only)
// with subject, dates, pickup place and the message. Signed in; the car public; never one's own. After sending,
// the page says "Message Sent" and links to the conversation.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { and, eq } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { cars } from "#db/schema";
import { notFound, requireUser } from "~/accounts/guards.server";
import { MessageForm, MessageSent } from "~/components/messages/message-form";
import { getT } from "~/i18n.server";
import { sendFromPage, sentConversationId } from "~/messages/message-page.server";
import { PUBLIC_CAR } from "~/search/listing-query.server";
import { vilniusDay } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["cars", "messages"], breadcrumb: "messages:contact.title" };

async function contactableCar(request: Request, context: LoaderFunctionArgs["context"], id: string | undefined) {
  const user = await requireUser(request, context);
  const [car] = await context.db
    .select({
      id: cars.id,
      make: cars.make,
      model: cars.model,
      year: cars.year,
      ownerId: cars.ownerId,
      listingType: cars.listingType,
    })
    .from(cars)
    .where(and(eq(cars.id, id ?? ""), PUBLIC_CAR))
    .limit(1);
  if (!car || car.ownerId === user.id) {
    notFound("errors.carNotFound", "errors.carNotFoundTitle", { to: "/cars", label: "errors.browseAllCars" });
  }
  return { user, car };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, car } = await contactableCar(request, context, params.id);
  const t = await getT(request, "messages");
  return {
    title: t("contact.title"),
    car: { id: car.id, name: `${car.make} ${car.model} ${car.year}`, bookingAllowed: car.listingType !== "sale" },
    today: vilniusDay(),
    sent: await sentConversationId(context.db, user.id, request),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, car } = await contactableCar(request, context, params.id);
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
    <section className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("contact.title")}</h1>
      <p className="mt-1 text-muted">
        {t("contact.lead")}{" "}
        <Link to={`/car/${car.id}`} className="font-semibold text-primary hover:underline">
          {car.name}
        </Link>
      </p>
      <div className="mt-6">
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
      </div>
    </section>
  );
}
