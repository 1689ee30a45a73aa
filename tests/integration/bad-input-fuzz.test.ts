// Issue 8, bad-input fuzz: every route module with an action gets at least 50 malformed submissions (missing and
// extra fields, wrong types, long strings, odd Unicode, SQL and markup payloads, impossible numbers and dates, wrong
// intents, forged ids) from the user allowed to use the form. Each must be refused: never a 5xx or a thrown error,
// not a row changed anywhere in the database, and a message that exists in Lithuanian and English (half the cases
// are sent with the English language cookie).
import { afterEach, describe, expect, it } from "vitest";
import {
  contactMessages,
  damageClaims,
  insurancePackages,
  newsletterSubscriptions,
  notifications,
  profiles,
  refunds,
  tripRecords,
} from "#db/schema";
import { eq } from "drizzle-orm";
import { languageCookie } from "~/i18n.server";
import { sendMessage } from "~/messages/messaging.server";
import { addDays, vilniusDay } from "~/utils/calendar-days";
import { takeToast } from "~/utils/toast.server";
import { createTestContext, type TestContext } from "./support/context";
import {
  createBooking,
  createSignedInUser,
  createCar,
  createUser,
  GOOD_PASSWORD,
  uniqueEmail,
} from "./support/factories";
import { changedTables, fingerprint } from "./support/db-fingerprint";
import { malformedSubmissions, messagesIn, translate, type FormSpec } from "./support/fuzz";
import { callRoute, formRequest, ORIGIN } from "./support/routes";
import { action as stripeWebhook } from "~/routes/_resources+/webhooks.stripe";

type Action = Parameters<typeof callRoute>[0];
type RouteModule = { action?: Action };

const routeModules = import.meta.glob<RouteModule>(["../../app/routes/**/*.{ts,tsx}", "!**/__*", "!**/*.test.*"], {
  eager: true,
});

interface Setup {
  path: string;
  form: FormSpec;
  cookie?: string;
}

interface Entry {
  setup(ctx: TestContext): Promise<Setup>;
  env?: Parameters<typeof createTestContext>[0];
}

const signedIn = createSignedInUser;

/** An owner with an approved rental car and a renter signed in; `status` books the renter on it. */
async function carAndRenter(ctx: TestContext) {
  const owner = await signedIn(ctx, { verified: true, isHost: true });
  const car = await createCar(ctx, owner.id);
  const renter = await signedIn(ctx, { verified: true });
  return { owner, car, renter };
}

async function adminWithPendingCar(ctx: TestContext) {
  const admin = await signedIn(ctx, { isAdmin: true });
  const owner = await createUser(ctx, { verified: true });
  const car = await createCar(ctx, owner.id, { status: "pending" });
  return { admin, car };
}

async function adminWithPackage(ctx: TestContext) {
  const admin = await signedIn(ctx, { isAdmin: true });
  const [row] = await ctx.db
    .insert(insurancePackages)
    .values({ name: "Basic", nameLt: "Bazinis", nameEn: "Basic", provider: "BTA", pricePerDay: 900 })
    .returning({ id: insurancePackages.id });
  return { admin, packageId: row!.id };
}

/** A form anyone may post. */
function asGuest(path: string, form: FormSpec): Entry {
  return { setup: async () => ({ path, form }) };
}

/** A form for any signed-in user (or admin), with no rows of their own needed. */
function asUser(path: string, form: FormSpec, options: Parameters<typeof createUser>[1] = {}): Entry {
  return {
    async setup(ctx) {
      const user = await signedIn(ctx, options);
      return { path, cookie: user.cookie, form };
    },
  };
}

const PACKAGE_FORM = {
  base: {
    nameLt: "Auksinis",
    nameEn: "Gold",
    provider: "BTA",
    descriptionLt: "Visiška apsauga",
    descriptionEn: "Full cover",
    pricePerDay: "5",
    pricePercentage: "",
    deductible: "300",
    maxCoverage: "10000",
  },
  required: ["nameLt", "nameEn", "provider"],
  // Deductible and maximum coverage take their defaults when unreadable (package-rules), so they are not here.
  numbers: ["pricePerDay", "pricePercentage"],
  // Names, provider and descriptions are cut to their lengths (package-rules), not refused.
  texts: ["descriptionLt", "descriptionEn"],
} satisfies FormSpec;

const NEW_PASSWORD = "Naujas!Slapt4";
const MESSAGE_FORM = {
  base: { type: "general", subject: "Dėl automobilio", content: "Ar dar laisvas?" },
  required: ["content"],
  enums: ["type"],
  // The subject is cut to its length, not refused (message-rules), so it carries payloads instead.
  capped: ["content"],
  texts: ["subject"],
} satisfies FormSpec;

/**
 * Damage claims (decision 022): a trip checked out an hour ago, deposit held and the claim window open, the host and an
 * admin signed in; with `claim`, the host's claim of 50 € already disputed by the renter.
 */
async function claimTrip(ctx: TestContext, claim = false) {
  const { owner, car, renter } = await carAndRenter(ctx);
  const admin = await signedIn(ctx, { isAdmin: true });
  const now = Date.now();
  const bookingId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: owner.id }, "completed", {
    depositAmount: 30_000,
    paymentStatus: "captured",
    stripePaymentIntentId: "pi_fuzz",
    depositStatus: claim ? "claimed" : "held",
    completedAt: new Date(now - 3_600_000),
    claimWindowEndsAt: new Date(now + 23 * 3_600_000),
  });
  if (!claim) return { owner, admin, bookingId, claimId: "" };
  const [row] = await ctx.db
    .insert(damageClaims)
    .values({
      bookingId,
      filedBy: owner.id,
      description: "Įbrėžtos durys",
      amount: 5000,
      categories: ["damage"],
      status: "disputed",
      respondBy: new Date(now + 71 * 3_600_000),
      renterNote: "Ne aš",
      respondedAt: new Date(now - 60_000),
    })
    .returning({ id: damageClaims.id });
  return { owner, admin, bookingId, claimId: row!.id };
}

/** An entry's route file: a second form of one action is keyed "file#form". */
const routeFile = (key: string) => key.split("#")[0]!;

const ENTRIES: Record<string, Entry> = {
  "$.tsx": asGuest("/nowhere", { base: { q: "1" }, params: { "*": "nowhere" } }),
  "_account+/account.delete.tsx": asUser("/account/delete", {
    base: { currentPassword: GOOD_PASSWORD },
    required: ["currentPassword"],
    capped: ["currentPassword"],
  }),
  "_account+/account.password.tsx": asUser("/account/password", {
    base: { currentPassword: GOOD_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    required: ["currentPassword", "password", "confirmPassword"],
    capped: ["currentPassword", "password"],
  }),
  "_admin+/admin.contact.tsx": {
    async setup(ctx) {
      const admin = await signedIn(ctx, { isAdmin: true });
      const [row] = await ctx.db
        .insert(contactMessages)
        .values({ name: "Ona", email: "ona@example.lt", subject: "Klausimas", message: "Sveiki" })
        .returning({ id: contactMessages.id });
      return {
        path: "/admin/contact",
        cookie: admin.cookie,
        form: { base: { id: row!.id }, required: ["id"], ids: ["id"] },
      };
    },
  },
  "_admin+/admin.listings.$carId.approve.tsx": {
    async setup(ctx) {
      const { admin, car } = await adminWithPendingCar(ctx);
      return {
        path: `/admin/listings/${car.id}/approve`,
        cookie: admin.cookie,
        form: { base: {}, params: { carId: car.id } },
      };
    },
  },
  "_admin+/admin.listings.$carId.edit.tsx": {
    async setup(ctx) {
      const { admin, car } = await adminWithPendingCar(ctx);
      return {
        path: `/admin/listings/${car.id}/edit`,
        cookie: admin.cookie,
        form: {
          base: {
            make: "Toyota",
            model: "Corolla",
            year: "2020",
            mileage: "45000",
            location: "Vilnius",
            description: "Gera",
          },
          required: ["make", "model", "year", "mileage", "location"],
          numbers: ["year", "mileage"],
          capped: ["make", "model"],
          texts: ["description"],
          params: { carId: car.id },
        },
      };
    },
  },
  "_admin+/admin.listings.$carId.reject.tsx": {
    async setup(ctx) {
      const { admin, car } = await adminWithPendingCar(ctx);
      return {
        path: `/admin/listings/${car.id}/reject`,
        cookie: admin.cookie,
        form: { base: { reason: "Neryškios nuotraukos" }, texts: ["reason"], params: { carId: car.id } },
      };
    },
  },
  "_admin+/admin.packages.$packageId.delete.tsx": {
    async setup(ctx) {
      const { admin, packageId } = await adminWithPackage(ctx);
      return {
        path: `/admin/packages/${packageId}/delete`,
        cookie: admin.cookie,
        form: { base: {}, params: { packageId } },
      };
    },
  },
  "_admin+/admin.packages.$packageId.edit.tsx": {
    async setup(ctx) {
      const { admin, packageId } = await adminWithPackage(ctx);
      return {
        path: `/admin/packages/${packageId}/edit`,
        cookie: admin.cookie,
        form: { ...PACKAGE_FORM, params: { packageId } },
      };
    },
  },
  "_admin+/admin.packages.new.tsx": {
    async setup(ctx) {
      const admin = await signedIn(ctx, { isAdmin: true });
      return { path: "/admin/packages/new", cookie: admin.cookie, form: PACKAGE_FORM };
    },
  },
  "_admin+/admin.verifications.$userId.tsx": {
    async setup(ctx) {
      const admin = await signedIn(ctx, { isAdmin: true });
      const person = await createUser(ctx, { verified: false });
      const submittedAt = new Date();
      await ctx.db
        .update(profiles)
        .set({ verificationStatus: "pending", verificationSubmittedAt: submittedAt })
        .where(eq(profiles.id, person.id));
      return {
        path: `/admin/verifications/${person.id}`,
        cookie: admin.cookie,
        form: {
          base: { intent: "reject", submittedAt: String(submittedAt.getTime()), reason: "Neryški nuotrauka" },
          required: ["submittedAt", "reason"],
          numbers: ["submittedAt"],
          intent: { valid: ["approve", "reject"] },
          params: { userId: person.id },
        },
      };
    },
  },
  "_auth+/auth.forgot-password.tsx": asGuest("/auth/forgot-password", {
    base: { email: uniqueEmail() },
    required: ["email"],
    emails: ["email"],
  }),
  "_auth+/auth.resend-confirmation.tsx": asGuest("/auth/resend-confirmation", {
    base: { email: uniqueEmail() },
    required: ["email"],
    emails: ["email"],
  }),
  "_auth+/auth.reset-password.tsx": asGuest("/auth/reset-password", {
    base: { token: "a".repeat(43), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    required: ["token", "password", "confirmPassword"],
    ids: ["token"],
    capped: ["password"],
  }),
  "_auth+/auth.signin.tsx": {
    async setup(ctx) {
      const user = await createUser(ctx);
      return {
        path: "/auth/signin",
        form: {
          base: { email: user.email, password: GOOD_PASSWORD, redirectTo: "/" },
          required: ["email", "password"],
          emails: ["email"],
          capped: ["password"],
          texts: ["redirectTo"],
        },
      };
    },
  },
  "_auth+/auth.signout.tsx": {
    async setup(ctx) {
      const user = await signedIn(ctx);
      const [name] = user.cookie.split("=");
      return {
        path: "/auth/signout",
        cookie: user.cookie,
        form: {
          base: {},
          cookies: [
            "",
            `${name}=`,
            `${name}=forged`,
            `${name}=${encodeURIComponent("' OR 1=1 --")}`,
            `${name}=${"A".repeat(4096)}`,
            `${name}=%00`,
            `${name}=${encodeURIComponent("<script>alert(1)</script>")}`,
          ],
        },
      };
    },
  },
  "_auth+/auth.signup.tsx": asGuest("/auth/signup", {
    base: {
      accountType: "person",
      email: uniqueEmail(),
      password: NEW_PASSWORD,
      fullName: "Ona Žemaitė",
      terms: "on",
      privacy: "on",
    },
    required: ["accountType", "email", "password", "fullName", "terms", "privacy"],
    emails: ["email"],
    enums: ["accountType", "terms", "privacy"],
    capped: ["fullName", "password"],
  }),
  "_bookings+/bookings_.$bookingId_.claim.tsx": {
    async setup(ctx) {
      const { owner, bookingId } = await claimTrip(ctx);
      return {
        path: `/bookings/${bookingId}/claim`,
        cookie: owner.cookie,
        form: {
          base: { intent: "file", description: "Viršyta rida", amount: "40,50", categories: "excess_km" },
          required: ["description", "amount", "categories"],
          numbers: ["amount"],
          enums: ["categories"],
          capped: ["description"],
          texts: ["description"],
          intent: { valid: ["file"] },
          params: { bookingId },
        },
      };
    },
  },
  "_admin+/admin.claims.tsx": {
    async setup(ctx) {
      const { admin, bookingId } = await claimTrip(ctx);
      const [refund] = await ctx.db
        .insert(refunds)
        .values({
          bookingId,
          kind: "deposit",
          amount: 30_000,
          status: "failed",
          idempotencyKey: `refund-${bookingId}-deposit`,
          attempts: 1,
          lastError: "Stripe unreachable",
        })
        .returning({ id: refunds.id });
      return {
        path: "/admin/claims",
        cookie: admin.cookie,
        form: { base: { refundId: refund!.id }, required: ["refundId"], ids: ["refundId"] },
      };
    },
  },
  "_admin+/admin.claims.$claimId.tsx": {
    async setup(ctx) {
      const { admin, claimId } = await claimTrip(ctx, true);
      return {
        path: `/admin/claims/${claimId}`,
        cookie: admin.cookie,
        form: {
          base: { amount: "20", reason: "Nuotraukos rodo įbrėžimą" },
          required: ["amount", "reason"],
          numbers: ["amount"],
          capped: ["reason"],
          texts: ["reason"],
          params: { claimId },
        },
      };
    },
  },
  // Payouts (decision 023): "Retry now" on /admin/payouts and on /admin/held-money, and the admin's refund (review, then confirm).
  ...(() => {
    /** A settled trip (claimTrip's, its deposit returned) with its host's payout in `status`. */
    async function payoutTrip(ctx: TestContext, status: "failed" | "held" | "paid") {
      const trip = await claimTrip(ctx);
      await ctx.client.execute({
        sql: "update bookings set deposit_status = 'returned', total_amount = 42640 where id = ?",
        args: [trip.bookingId],
      });
      const payoutId = crypto.randomUUID();
      const now = Date.now();
      await ctx.client.execute({
        sql: `insert into payouts (id, booking_id, host_id, gross, host_share, claim_kept, amount, sent_amount, status,
                idempotency_key, attempts, last_error, next_attempt_at, stripe_transfer_id, settled_at, paid_at,
                created_at, updated_at)
              values (?, ?, ?, 12000, 11760, 0, 11760, 11760, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          payoutId,
          trip.bookingId,
          trip.owner.id,
          status === "held" ? "failed" : status,
          `payout-${trip.bookingId}`,
          status === "paid" ? null : "Stripe unreachable",
          status === "failed" ? now + 600_000 : null,
          status === "paid" ? "tr_fuzz" : null,
          now - 86_400_000,
          status === "paid" ? now - 3_600_000 : null,
          now,
          now,
        ],
      });
      return { ...trip, payoutId };
    }
    const refundForm = (bookingId: string, intent: "review" | "confirm"): FormSpec => ({
      base: { intent, amount: "40,50", hostPart: "20", reason: "Neveikė kondicionierius" },
      required: intent === "confirm" ? ["amount", "reason", "hostPart"] : ["amount", "reason"],
      numbers: ["amount", "hostPart"],
      capped: ["reason"],
      texts: ["reason"],
      intent: { valid: ["review", "confirm"] },
      params: { bookingId },
    });
    return {
      "_admin+/admin.payouts.tsx": {
        async setup(ctx) {
          const { admin, payoutId } = await payoutTrip(ctx, "failed");
          return {
            path: "/admin/payouts",
            cookie: admin.cookie,
            form: {
              base: { intent: "retry", payoutId },
              required: ["payoutId"],
              ids: ["payoutId"],
              intent: { valid: ["retry"] },
            },
          };
        },
      },
      "_admin+/admin.held-money.tsx": {
        async setup(ctx) {
          const { admin, payoutId } = await payoutTrip(ctx, "held");
          return {
            path: "/admin/held-money",
            cookie: admin.cookie,
            form: {
              base: { intent: "retry", kind: "payout", id: payoutId },
              required: ["kind", "id"],
              enums: ["kind"],
              ids: ["id"],
              intent: { valid: ["retry"] },
            },
          };
        },
      },
      "_admin+/admin.payouts_.$bookingId.tsx": {
        async setup(ctx) {
          const { admin, bookingId } = await payoutTrip(ctx, "paid");
          return { path: `/admin/payouts/${bookingId}`, cookie: admin.cookie, form: refundForm(bookingId, "confirm") };
        },
      },
      "_admin+/admin.payouts_.$bookingId.tsx#review": {
        async setup(ctx) {
          const { admin, bookingId } = await payoutTrip(ctx, "paid");
          return { path: `/admin/payouts/${bookingId}`, cookie: admin.cookie, form: refundForm(bookingId, "review") };
        },
      },
    } satisfies Record<string, Entry>;
  })(),
  "_bookings+/bookings.$bookingId.agreement.tsx": {
    async setup(ctx) {
      const { owner, car, renter } = await carAndRenter(ctx);
      const bookingId = await createBooking(
        ctx,
        { carId: car.id, renterId: renter.id, ownerId: owner.id },
        "confirmed",
        {
          startDate: "2030-03-01",
          endDate: "2030-03-04",
        },
      );
      return {
        path: `/bookings/${bookingId}/agreement`,
        cookie: owner.cookie,
        form: {
          base: {
            intent: "save",
            mileageLimitPerDay: "200",
            fuelPolicy: "return_full",
            damagePolicy: "renter_responsible",
            lateReturnFee: "20",
            excessKmFee: "0,20",
            additionalTerms: "Nerūkyti",
          },
          required: ["fuelPolicy", "damagePolicy"],
          // Mileage and the fees are not here: part 2 gives anything unreadable the default, by design. The
          // cancellation policy is the booking's, not a field of this form.
          enums: ["fuelPolicy", "damagePolicy"],
          capped: ["additionalTerms"],
          texts: ["additionalTerms"],
          intent: { valid: ["save", "save-and-sign", "sign"] },
          params: { bookingId },
        },
      };
    },
  },
  "_bookings+/bookings_.$bookingId_.cancel.tsx": {
    async setup(ctx) {
      const { owner, car, renter } = await carAndRenter(ctx);
      // Confirmed and paid, starting far ahead: the page's figure is the whole amount (12,640 cents).
      const bookingId = await createBooking(
        ctx,
        { carId: car.id, renterId: renter.id, ownerId: owner.id },
        "confirmed",
        {
          startDate: "2030-03-01",
          endDate: "2030-03-04",
          paymentStatus: "captured",
          stripePaymentIntentId: "pi_fuzz_cancel",
        },
      );
      return {
        path: `/bookings/${bookingId}/cancel`,
        cookie: renter.cookie,
        form: {
          base: { expectedRefund: "12640" },
          required: ["expectedRefund"],
          numbers: ["expectedRefund"],
          params: { bookingId },
        },
      };
    },
  },
  "_bookings+/bookings.$bookingId.review.tsx": {
    async setup(ctx) {
      const { owner, car, renter } = await carAndRenter(ctx);
      const bookingId = await createBooking(
        ctx,
        { carId: car.id, renterId: renter.id, ownerId: owner.id },
        "completed",
      );
      return {
        path: `/bookings/${bookingId}/review`,
        cookie: renter.cookie,
        form: {
          base: {
            rating: "5",
            cleanlinessRating: "5",
            communicationRating: "4",
            accuracyRating: "5",
            title: "Puiku",
            content: "Viskas gerai",
          },
          required: ["rating"],
          numbers: ["rating", "cleanlinessRating", "communicationRating", "accuracyRating"],
          capped: ["title", "content"],
          texts: ["title", "content"],
          params: { bookingId },
        },
      };
    },
  },
  "_bookings+/bookings_.$bookingId.tsx": {
    // The trip page's answer to a record (the record form itself is multipart with photos: its refusals are in
    // trip-records.test.ts). The host recorded the check-in; the renter disagrees.
    async setup(ctx) {
      const { owner, car, renter } = await carAndRenter(ctx);
      const bookingId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: owner.id }, "active", {
        paymentStatus: "captured",
      });
      await ctx.db.insert(tripRecords).values({
        bookingId,
        kind: "check_in",
        recordedBy: owner.id,
        odometerKm: 1000,
        fuelLevel: 8,
        recordedAt: new Date(),
      });
      return {
        path: `/bookings/${bookingId}`,
        cookie: renter.cookie,
        form: {
          base: { intent: "disagree", kind: "check_in", disagreement: "Įbrėžimas ant durelių buvo dar prieš kelionę" },
          required: ["kind", "disagreement"],
          enums: ["kind"],
          capped: ["disagreement"],
          texts: ["disagreement"],
          intent: { valid: ["record", "confirm", "disagree"] },
          params: { bookingId },
        },
      };
    },
  },
  "_bookings+/bookings.tsx": {
    async setup(ctx) {
      const { owner, car, renter } = await carAndRenter(ctx);
      const bookingId = await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: owner.id }, "pending", {
        startDate: "2030-03-01",
        endDate: "2030-03-04",
      });
      return {
        path: "/bookings",
        cookie: renter.cookie,
        form: {
          base: { intent: "cancel", bookingId },
          required: ["bookingId"],
          ids: ["bookingId"],
          intent: { valid: ["cancel", "pay"] },
        },
      };
    },
  },
  "_cars+/car.$id.book.tsx": {
    async setup(ctx) {
      const { car, renter } = await carAndRenter(ctx);
      return {
        path: `/car/${car.id}/book`,
        cookie: renter.cookie,
        form: {
          base: { start: "2030-05-01", end: "2030-05-04", requests: "Vaikiška kėdutė" },
          required: ["start", "end"],
          dates: ["start", "end", "dateOfBirth"],
          enums: ["period", "driver", "dropoff", "insurance", "pickup"],
          capped: ["requests"],
          texts: ["requests"],
          params: { id: car.id },
        },
      };
    },
  },
  "_cars+/car.$id.contact.tsx": {
    async setup(ctx) {
      const { car, renter } = await carAndRenter(ctx);
      return {
        path: `/car/${car.id}/contact`,
        cookie: renter.cookie,
        form: {
          ...MESSAGE_FORM,
          base: { ...MESSAGE_FORM.base, type: "booking_inquiry", start: "2030-05-01", end: "2030-05-04" },
          dates: ["start", "end"],
          params: { id: car.id },
        },
      };
    },
  },
  "_cars+/favorites.tsx": {
    async setup(ctx) {
      const { car, renter } = await carAndRenter(ctx);
      return {
        path: "/favorites",
        cookie: renter.cookie,
        form: {
          base: { intent: "add", carId: car.id },
          required: ["carId"],
          ids: ["carId"],
          intent: { valid: ["add", "remove"] },
        },
      };
    },
  },
  "_dev+/dev.checkout.$sessionId.tsx": {
    // The local stand-in for Stripe's hosted page: with Stripe configured (as in production) it must not exist.
    env: { STRIPE_SECRET_KEY: "sk_test_fuzz", STRIPE_WEBHOOK_SECRET: "whsec_fuzz" },
    async setup(ctx) {
      const { owner, car, renter } = await carAndRenter(ctx);
      await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: owner.id }, "pending", {
        stripeCheckoutSessionId: "cs_test_fuzz",
      });
      return {
        path: "/dev/checkout/cs_test_fuzz",
        cookie: renter.cookie,
        form: { base: { intent: "pay" }, intent: { valid: ["pay"] }, params: { sessionId: "cs_test_fuzz" } },
      };
    },
  },
  "_messages+/messages.$conversationId.tsx": {
    async setup(ctx) {
      const { owner, renter } = await carAndRenter(ctx);
      const sent = await sendMessage(ctx.db, {
        senderId: renter.id,
        recipientId: owner.id,
        carId: null,
        type: "general",
        subject: null,
        content: "Labas",
      });
      return {
        path: `/messages/${sent.conversationId}`,
        cookie: owner.cookie,
        form: {
          base: { content: "Sveiki" },
          required: ["content"],
          capped: ["content"],
          params: { conversationId: sent.conversationId },
        },
      };
    },
  },
  "_messages+/notifications.tsx": {
    async setup(ctx) {
      const user = await signedIn(ctx);
      const [row] = await ctx.db
        .insert(notifications)
        .values({ userId: user.id, type: "listing_approved", data: { car_id: "x", car_make: "Toyota" } })
        .returning({ id: notifications.id });
      return {
        path: "/notifications",
        cookie: user.cookie,
        form: {
          base: { intent: "open", id: row!.id },
          required: ["id"],
          ids: ["id"],
          intent: { valid: ["open", "read-all"] },
        },
      };
    },
  },
  "_my-listings+/my-listings.$carId.delete.tsx": {
    async setup(ctx) {
      const { owner, car } = await carAndRenter(ctx);
      return {
        path: `/my-listings/${car.id}/delete`,
        cookie: owner.cookie,
        form: { base: {}, params: { carId: car.id } },
      };
    },
  },
  "_my-listings+/my-listings.$carId.edit.tsx": {
    async setup(ctx) {
      const { owner, car } = await carAndRenter(ctx);
      return {
        path: `/my-listings/${car.id}/edit`,
        cookie: owner.cookie,
        form: {
          base: {
            intent: "save",
            make: "Toyota",
            model: "Corolla",
            year: "2020",
            mileage: "45000",
            location: "Vilnius",
            category: "suv",
            fuelType: "hybrid",
            transmission: "automatic",
            dailyPrice: "45",
            description: "Tvarkingas",
            // Instant book (decision 023): any other value, or none, is simply off.
            instantBook: "on",
          },
          required: ["make", "model", "year", "mileage", "location", "dailyPrice"],
          numbers: ["year", "mileage", "dailyPrice", "seats", "doors"],
          enums: ["category", "fuelType", "transmission"],
          // The description is cut to its length, not refused.
          capped: ["make", "model"],
          texts: ["description"],
          intent: { valid: ["save"], lenient: true },
          params: { carId: car.id },
        },
      };
    },
  },
  // The same action's second form: the host calendar (decision 018), blocking or unblocking a range of days.
  "_my-listings+/my-listings.$carId.edit.tsx#calendar": {
    async setup(ctx) {
      const { owner, car } = await carAndRenter(ctx);
      const day = (n: number) => addDays(vilniusDay(), n);
      return {
        path: `/my-listings/${car.id}/edit`,
        cookie: owner.cookie,
        form: {
          base: { intent: "block", from: day(30), to: day(32) },
          required: ["from", "to"],
          dates: ["from", "to"],
          // An unknown intent is the listing form's "save", which refuses the missing listing fields.
          intent: { valid: ["block", "unblock"], lenient: true },
          params: { carId: car.id },
        },
      };
    },
  },
  "_my-listings+/my-listings.new.tsx": {
    async setup(ctx) {
      const owner = await signedIn(ctx, { verified: true });
      return {
        path: "/my-listings/new",
        cookie: owner.cookie,
        form: {
          base: {
            step: "2",
            intent: "next",
            listingType: "rental",
            make: "Toyota",
            model: "Corolla",
            year: "2020",
            mileage: "45000",
            location: "Vilnius",
            category: "suv",
            fuelType: "hybrid",
            transmission: "automatic",
          },
          // A missing year takes the new draft's default year, so it is not in `required`.
          required: ["make", "model", "mileage", "location"],
          numbers: ["year", "mileage"],
          enums: ["listingType", "category", "fuelType", "transmission"],
          capped: ["make", "model"],
          intent: { valid: ["next"], lenient: true },
        },
      };
    },
  },
  "_my-listings+/my-listings.tsx": {
    async setup(ctx) {
      const { owner, car } = await carAndRenter(ctx);
      return {
        path: "/my-listings",
        cookie: owner.cookie,
        form: {
          base: { intent: "availability", carId: car.id, available: "false" },
          required: ["carId", "available"],
          ids: ["carId"],
          enums: ["available"],
          intent: { valid: ["availability"] },
        },
      };
    },
  },
  "_my-listings+/pricing.$carId.tsx": {
    async setup(ctx) {
      const { owner, car } = await carAndRenter(ctx);
      return { path: `/pricing/${car.id}`, cookie: owner.cookie, form: { base: {}, params: { carId: car.id } } };
    },
  },
  "_pages+/contact.tsx": asGuest("/contact", {
    base: { type: "general", name: "Ona", email: "ona@example.lt", subject: "Klausimas", message: "Sveiki" },
    required: ["name", "email", "subject", "message"],
    emails: ["email"],
    enums: ["type"],
    capped: ["name", "subject", "message"],
    texts: ["name", "subject", "message"],
  }),
  "_pages+/cookies.tsx": asGuest("/cookies", {
    base: { intent: "save", analytics: "on" },
    intent: { valid: ["save"] },
  }),
  "_pages+/newsletter.tsx": asGuest("/newsletter", {
    base: { email: uniqueEmail(), inline: "1" },
    required: ["email"],
    emails: ["email"],
  }),
  "_pages+/newsletter_.unsubscribe.tsx": {
    async setup(ctx) {
      const [row] = await ctx.db
        .insert(newsletterSubscriptions)
        .values({ email: uniqueEmail(), tokenHash: "x", tokenExpiresAt: new Date(), confirmedAt: new Date() })
        .returning({ id: newsletterSubscriptions.id });
      return {
        path: "/newsletter/unsubscribe",
        form: { base: { id: row!.id, token: "forged" }, required: ["id", "token"], ids: ["id", "token"] },
      };
    },
  },
  "_profiles+/profile.$userId.message.tsx": {
    async setup(ctx) {
      const { owner, renter } = await carAndRenter(ctx);
      return {
        path: `/profile/${owner.id}/message`,
        cookie: renter.cookie,
        form: { ...MESSAGE_FORM, params: { userId: owner.id } },
      };
    },
  },
  "_profiles+/profile._index.tsx": asUser("/profile", {
    base: {
      intent: "update",
      fullName: "Ona Žemaitė",
      phone: "+37060000000",
      location: "Vilnius",
      dateOfBirth: "1990-01-01",
      bio: "Sveiki",
    },
    required: ["fullName"],
    dates: ["dateOfBirth"],
    numbers: ["phone"],
    capped: ["fullName", "location"],
    texts: ["bio"],
    intent: { valid: ["update"], lenient: true },
  }),
  "_profiles+/profile.verification.tsx": asUser("/profile/verification", {
    base: { intent: "upload", kind: "id_front", document: "not a file" },
    enums: ["kind"],
    intent: { valid: ["upload", "submit", "date-of-birth"] },
  }),
  "_profiles+/profile.payouts.tsx": asUser("/profile/payouts", {
    base: { intent: "start" },
    intent: { valid: ["start"] },
  }),
  "_dev+/dev.connect.$accountId.tsx": {
    // The local stand-in for Stripe's onboarding, opened by the account's own host (made by /profile/payouts).
    async setup(ctx) {
      const host = await signedIn(ctx, { isHost: true });
      const started = await callRoute(
        routeModules["../../app/routes/_profiles+/profile.payouts.tsx"]!.action!,
        formRequest("/profile/payouts", { intent: "start" }, { cookie: host.cookie }),
        ctx.context,
      );
      const accountId = new URL(started.location!).pathname.split("/").at(-1)!;
      return {
        path: `/dev/connect/${accountId}`,
        cookie: host.cookie,
        form: {
          base: { legalName: "Ona Onaitė", iban: "LT121000011101001000", outcome: "enabled" },
          required: ["legalName", "iban", "outcome"],
          enums: ["outcome"],
          capped: ["legalName", "iban"],
          params: { accountId },
        },
      };
    },
  },
  "_resources+/resources.saved-searches.ts": asUser("/resources/saved-searches", {
    base: { intent: "save", query: "/cars?make=Toyota" },
    required: ["query"],
    capped: ["query"],
    intent: { valid: ["save", "delete"] },
  }),
  "_resources+/resources.theme.ts": asGuest("/resources/theme", {
    base: { theme: "dark" },
    required: ["theme"],
    enums: ["theme"],
  }),
};

/** Not fuzzed as forms: the Stripe webhook reads a signed JSON body (its own test below). */
const NOT_FORMS = ["_resources+/webhooks.stripe.ts"];

let ctx: TestContext | undefined;
afterEach(() => {
  ctx?.close();
  ctx = undefined;
});

const english = (await languageCookie.serialize("en")).split(";")[0]!;

async function messagesOf(result: Awaited<ReturnType<typeof callRoute>>, context: TestContext) {
  const found = messagesIn(result.data);
  const setCookie = result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (setCookie) {
    const { toast } = await takeToast(
      new Request("http://ratai.test/", { headers: { Cookie: setCookie } }),
      context.context.env,
    );
    if (toast) found.push(...messagesIn({ title: toast.title, description: toast.description ?? [] }));
  }
  return found;
}

describe("bad-input fuzz: every form action refuses malformed submissions", () => {
  it("has an entry for every route module that exports an action", () => {
    const withAction = Object.entries(routeModules)
      .filter(([, module]) => typeof module.action === "function")
      .map(([file]) => file.replace("../../app/routes/", ""));
    expect(withAction.length).toBeGreaterThanOrEqual(40);
    expect(withAction.filter((file) => !(file in ENTRIES) && !NOT_FORMS.includes(file))).toEqual([]);
    expect(Object.keys(ENTRIES).filter((key) => !withAction.includes(routeFile(key)))).toEqual([]);
  });

  for (const [file, entry] of Object.entries(ENTRIES)) {
    it(file, async () => {
      ctx = await createTestContext(entry.env);
      const action = routeModules[`../../app/routes/${routeFile(file)}`]!.action!;
      const { path, form, cookie } = await entry.setup(ctx);
      const cases = malformedSubmissions(form);
      expect(cases.length).toBeGreaterThanOrEqual(50);
      const before = await fingerprint(ctx.client);
      const failures: string[] = [];

      for (const [index, fuzz] of cases.entries()) {
        const language = index % 2 === 0 ? "lt" : "en";
        const cookies = [fuzz.cookie ?? cookie, language === "en" ? english : undefined].filter(Boolean).join("; ");
        let url = path;
        for (const [param, good] of Object.entries(form.params ?? {})) {
          url = url.replace(good, encodeURIComponent(fuzz.params[param] ?? good));
        }
        const request = formRequest(url, fuzz.fields, { cookie: cookies, ip: `10.8.${index >> 8}.${index & 255}` });
        let result: Awaited<ReturnType<typeof callRoute>>;
        try {
          result = await callRoute(action, request, ctx.context, fuzz.params);
        } catch (error) {
          failures.push(`${fuzz.name}: threw ${String(error).slice(0, 200)}`);
          continue;
        }
        await ctx.settled();
        if (result.status >= 500) failures.push(`${fuzz.name}: status ${result.status}`);
        const after = await fingerprint(ctx.client);
        const changed = changedTables(before, after);
        if (changed.length > 0) {
          failures.push(`${fuzz.name}: changed ${changed.join(", ")} (status ${result.status})`);
          break;
        }
        const messages = await messagesOf(result, ctx);
        if (messages.length === 0) {
          failures.push(
            `${fuzz.name}: no message (status ${result.status}, ${JSON.stringify(result.data).slice(0, 120)})`,
          );
        }
        for (const key of messages) {
          const lt = translate(key, "lt");
          const en = translate(key, "en");
          if (!lt || !en) failures.push(`${fuzz.name}: "${key.slice(0, 80)}" is not a message in both languages`);
        }
      }
      expect(failures, `${failures.length} of ${cases.length} cases:\n${failures.slice(0, 12).join("\n")}`).toEqual([]);
    });
  }

  it("the Stripe webhook: malformed bodies and signatures get 400 and change nothing", async () => {
    ctx = await createTestContext({ STRIPE_SECRET_KEY: "sk_test_fuzz", STRIPE_WEBHOOK_SECRET: "whsec_fuzz" });
    const { owner, car, renter } = await carAndRenter(ctx);
    await createBooking(ctx, { carId: car.id, renterId: renter.id, ownerId: owner.id }, "pending", {
      stripeCheckoutSessionId: "cs_test_fuzz",
    });
    const event = JSON.stringify({
      id: "evt_fuzz",
      type: "checkout.session.completed",
      data: { object: { id: "cs_test_fuzz", metadata: { booking_id: "x" } } },
    });
    const now = Math.floor(Date.now() / 1000);
    const bodies = [
      event,
      "",
      "{",
      "null",
      "[]",
      "' OR 1=1 --",
      "<script>alert(1)</script>",
      "\u0000",
      "x".repeat(100_000),
    ];
    const signatures = [
      null,
      "",
      "garbage",
      `t=${now},v1=${"0".repeat(64)}`,
      `t=${now}`,
      `v1=${"a".repeat(64)}`,
      `t=-1,v1=${"a".repeat(64)}`,
      `t=${now},v1=${"a".repeat(64)},v1=${"b".repeat(64)}`,
      `t=1e308,v1=${"a".repeat(64)}`,
      "' OR 1=1 --",
    ];
    const before = await fingerprint(ctx.client);
    let cases = 0;
    for (const body of bodies) {
      for (const signature of signatures) {
        const headers = new Headers({ "Content-Type": "application/json" });
        if (signature !== null) headers.set("Stripe-Signature", signature);
        const request = new Request(`${ORIGIN}/webhooks/stripe`, { method: "POST", headers, body });
        const result = await callRoute(stripeWebhook, request, ctx.context);
        expect(result.status, `${signature} / ${body.slice(0, 20)}`).toBe(400);
        cases += 1;
      }
    }
    expect(cases).toBeGreaterThanOrEqual(50);
    expect(changedTables(before, await fingerprint(ctx.client))).toEqual([]);
  });
});

describe("the fuzz's own tools", () => {
  it("the fingerprint sees one changed value, and translate() knows a real key from a made-up one", async () => {
    ctx = await createTestContext();
    const user = await createUser(ctx);
    const before = await fingerprint(ctx.client);
    await ctx.db.update(profiles).set({ bio: "x" }).where(eq(profiles.id, user.id));
    const after = await fingerprint(ctx.client);
    expect(changedTables(before, after)).toEqual(["profiles (1 → 1 rows)"]);
    expect(translate("errors.badRequest", "lt")).not.toBe(translate("errors.badRequest", "en"));
    expect(translate("admin:errors.notFound", "en")).toBeTruthy();
    expect(translate("auth.reset.invalidLink", "en")).toBeNull();
    expect(messagesIn({ initialValue: { message: "typed" }, error: { message: ["validation.x"] } })).toEqual([
      "validation.x",
    ]);
  });
});
