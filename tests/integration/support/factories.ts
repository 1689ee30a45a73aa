// Factories for integration tests: each test makes the rows it needs through the app's own code paths.
import { and, eq } from "drizzle-orm";
import {
  bookingInsurance,
  bookings,
  cars,
  chargeLineItems,
  charges,
  contactMessages,
  insurancePackages,
  profiles,
  users,
  verificationDocuments,
} from "#db/schema";
import { createAccount } from "~/accounts/accounts.server";
import { startSession } from "~/accounts/session.server";
import { BOOKING_CHARGE_COLUMNS, type NewBookingRequest } from "~/bookings/booking-queries.server";
import { rentalChargeRows } from "~/payments/charges.server";
import { byTheDay, priceBooking } from "~/pricing/booking-price";
import { sendMessage } from "~/messages/messaging.server";
import { storePrivateDocument } from "~/photos/document-storage.server";
import type { TestContext } from "./context";
import { getRequest } from "./routes";

let sequence = 0;
export function uniqueEmail(prefix = "user") {
  sequence += 1;
  return `${prefix}.${Date.now().toString(36)}.${sequence}@example.lt`;
}

export const GOOD_PASSWORD = "Saugus!Slapt4";

export async function createUser(
  ctx: TestContext,
  options: {
    email?: string;
    password?: string;
    fullName?: string;
    confirmed?: boolean;
    verified?: boolean;
    isAdmin?: boolean;
    isHost?: boolean;
    accountType?: "person" | "company";
  } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? GOOD_PASSWORD;
  const id = await createAccount(ctx.context, {
    email,
    password,
    fullName: options.fullName ?? "Test Person",
    accountType: options.accountType ?? "person",
    companyName: options.accountType === "company" ? "UAB Testas" : undefined,
    companyNumber: options.accountType === "company" ? "123456789" : undefined,
    marketingConsent: false,
  });
  if (options.confirmed !== false || options.isAdmin) {
    await ctx.db
      .update(users)
      .set({ emailConfirmedAt: options.confirmed === false ? null : new Date(), isAdmin: options.isAdmin ?? false })
      .where(eq(users.id, id));
  }
  if (options.verified || options.isHost) {
    await ctx.db
      .update(profiles)
      .set({
        verificationStatus: options.verified ? "verified" : "pending",
        isHost: options.isHost ?? false,
        hostSince: options.isHost ? new Date() : null,
      })
      .where(eq(profiles.id, id));
  }
  return { id, email, password };
}

/** A new user with a signed-in browser's Cookie header. */
export async function createSignedInUser(ctx: TestContext, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx, options);
  return { ...user, cookie: await sessionCookieFor(ctx, user.id) };
}

/** A signed-in browser's Cookie header for the user (the session made as sign-in makes it). */
export async function sessionCookieFor(ctx: TestContext, userId: string) {
  const setCookie = await startSession(getRequest("/"), ctx.context, userId);
  return setCookie.split(";")[0] ?? "";
}

export async function createCar(ctx: TestContext, ownerId: string, overrides: Partial<typeof cars.$inferInsert> = {}) {
  const [car] = await ctx.db
    .insert(cars)
    .values({
      ownerId,
      make: "Toyota",
      model: "Corolla",
      year: 2020,
      mileage: 45000,
      location: "Vilnius",
      category: "suv",
      fuelType: "hybrid",
      transmission: "automatic",
      listingType: "rental",
      dailyPrice: 4500,
      status: "approved",
      ...overrides,
    })
    .returning({ id: cars.id });
  return car!;
}

/** What a test may say of a booking's rental payment beyond the booking's columns: its Stripe ids (decision 035). */
export interface RentalStripeIds {
  stripePaymentIntentId?: string | null;
  stripeCheckoutSessionId?: string | null;
}

/**
 * A booking of three days with consistent money, in the given status, with its rental charge (the payment status
 * and Stripe ids given); returns its id.
 */
export async function createBooking(
  ctx: TestContext,
  parties: { carId: string; renterId: string; ownerId: string },
  status: (typeof bookings.$inferInsert)["status"],
  overrides: Partial<typeof bookings.$inferInsert> & RentalStripeIds = {},
) {
  const { stripePaymentIntentId, stripeCheckoutSessionId, ...columns } = overrides;
  const [row] = await ctx.db
    .insert(bookings)
    .values({
      startDate: "2024-03-01",
      endDate: "2024-03-04",
      totalDays: 3,
      dailyRate: 4000,
      subtotal: 12000,
      platformFee: 240,
      paymentProcessorFee: 400,
      hostEarnings: 11760,
      totalAmount: 12640,
      ...parties,
      status,
      ...columns,
    })
    .returning({ id: bookings.id });
  await writeRentalCharge(ctx, row!.id, {
    paymentIntentId: stripePaymentIntentId,
    checkoutSessionId: stripeCheckoutSessionId,
  });
  return row!.id;
}

/** The rental charge of a booking the factory wrote, as migration 0023 gives a booking made before charges. */
async function writeRentalCharge(
  ctx: TestContext,
  bookingId: string,
  stripe: { checkoutSessionId?: string | null; paymentIntentId?: string | null },
) {
  const [booking] = await ctx.db
    .select({
      ...BOOKING_CHARGE_COLUMNS,
      id: bookings.id,
      renterId: bookings.renterId,
      totalAmount: bookings.totalAmount,
      paymentStatus: bookings.paymentStatus,
      createdAt: bookings.createdAt,
      insuranceDailyCost: bookingInsurance.dailyCost,
    })
    .from(bookings)
    .leftJoin(bookingInsurance, eq(bookingInsurance.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  const { charge, lineItems } = rentalChargeRows(booking!, stripe);
  await ctx.db.insert(charges).values(charge);
  if (lineItems.length > 0) await ctx.db.insert(chargeLineItems).values(lineItems);
}

/** A booking's rental charge as a test reads it: its Stripe ids, status, key and amount. */
export async function rentalChargeRow(ctx: TestContext, bookingId: string) {
  const [row] = await ctx.db
    .select()
    .from(charges)
    .where(and(eq(charges.bookingId, bookingId), eq(charges.purpose, "rental")));
  return row!;
}

/**
 * A booking's row with its rental charge's Stripe ids (which moved from the booking to the charge, decision 035), by
 * its id or by its rental charge's checkout session; undefined when there is none.
 */
export async function bookingWithPayment(ctx: TestContext, which: { id: string } | { checkoutSessionId: string }) {
  const [row] = await ctx.db
    .select({
      booking: bookings,
      stripePaymentIntentId: charges.stripePaymentIntentId,
      stripeCheckoutSessionId: charges.stripeCheckoutSessionId,
    })
    .from(bookings)
    .innerJoin(charges, and(eq(charges.bookingId, bookings.id), eq(charges.purpose, "rental")))
    .where("id" in which ? eq(bookings.id, which.id) : eq(charges.stripeCheckoutSessionId, which.checkoutSessionId));
  return (
    row && {
      ...row.booking,
      stripePaymentIntentId: row.stripePaymentIntentId,
      stripeCheckoutSessionId: row.stripeCheckoutSessionId,
    }
  );
}

/** Sets the Stripe ids of a booking's rental charge, as a payment made before the test would have. */
export async function setRentalStripeIds(ctx: TestContext, bookingId: string, ids: RentalStripeIds) {
  await ctx.db
    .update(charges)
    .set({
      ...(ids.stripePaymentIntentId !== undefined && { stripePaymentIntentId: ids.stripePaymentIntentId }),
      ...(ids.stripeCheckoutSessionId !== undefined && { stripeCheckoutSessionId: ids.stripeCheckoutSessionId }),
    })
    .where(and(eq(charges.bookingId, bookingId), eq(charges.purpose, "rental")));
}

/** What the booking page hands insertBookingRequest: three days at 50 € without insurance, picked up in Vilnius. */
export function bookingRequest(
  parties: { carId: string; ownerId: string; renterId: string },
  startDate: string,
  endDate: string,
): NewBookingRequest {
  return {
    ...parties,
    period: "daily",
    startDate,
    endDate,
    price: priceBooking({ rental: byTheDay(5000, 3), days: 3, insurance: { kind: "none" }, deposit: 0 }),
    insurance: null,
    pickupPointId: null,
    pickupLocation: "Vilnius",
    dropoffLocation: "Vilnius",
    specialRequests: null,
    withDriver: false,
    instantBook: false,
    now: new Date(),
  };
}

/** An insurance package renters can choose, named `name` in both languages unless told; returns its id. */
export async function createPackage(ctx: TestContext, overrides: Partial<typeof insurancePackages.$inferInsert> = {}) {
  const name = overrides.name ?? "Basic";
  const [row] = await ctx.db
    .insert(insurancePackages)
    .values({ name, nameLt: name, nameEn: name, provider: "BTA", pricePerDay: 900, ...overrides })
    .returning({ id: insurancePackages.id });
  return row!.id;
}

/** A message from one user to another, as the message form sends it; returns the conversation's id. */
export async function createMessage(
  ctx: TestContext,
  message: { senderId: string; recipientId: string; content: string; carId?: string | null },
) {
  const sent = await sendMessage(ctx.db, {
    carId: null,
    type: "general",
    subject: null,
    ...message,
  });
  return sent.conversationId;
}

/**
 * A verification document in private R2 and its row (whatever the owner's verification status), replacing the
 * owner's earlier one of that kind; returns its id.
 */
export async function createDocument(
  ctx: TestContext,
  userId: string,
  options: { kind?: (typeof verificationDocuments.$inferInsert)["kind"]; fileName?: string; text?: string } = {},
) {
  const file = new File([`%PDF-1.4\n% ${options.text ?? "identity"}\n%%EOF\n`], options.fileName ?? "pasas.pdf", {
    type: "application/pdf",
  });
  const stored = await storePrivateDocument(ctx.context.env, userId, file);
  if (!stored.ok) throw new Error(`document not stored: ${stored.problem}`);
  const kind = options.kind ?? "identity";
  await ctx.db
    .delete(verificationDocuments)
    .where(and(eq(verificationDocuments.userId, userId), eq(verificationDocuments.kind, kind)));
  const [row] = await ctx.db
    .insert(verificationDocuments)
    .values({
      userId,
      kind,
      storageKey: stored.key,
      contentType: stored.contentType,
      sizeBytes: file.size,
      fileName: options.fileName ?? "pasas.pdf",
    })
    .returning({ id: verificationDocuments.id });
  return row!.id;
}

/** A message sent through /contact, waiting for the admins; returns its id. */
export async function createContactMessage(
  ctx: TestContext,
  overrides: Partial<typeof contactMessages.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(contactMessages)
    .values({
      name: "Ona Onaitė",
      email: "ona@example.lt",
      subject: "Klausimas",
      message: "Kaip išsinuomoti automobilį?",
      ...overrides,
    })
    .returning({ id: contactMessages.id });
  return row!.id;
}
