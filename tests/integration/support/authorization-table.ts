// The authorisation matrix's table (tests/integration/authorization-matrix.test.ts runs it): every route module's
// loader and action, with a setup that makes the rows it needs and the outcome for each role, and the people every
// entry uses. Kept here so that other tests that must cover every route (route-round-trips.test.ts) walk the same
// list, with the same setups, and a new route fails them too until the matrix has it.
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import {
  damageClaims,
  notifications,
  profiles,
  refunds,
  savedSearches,
  tripPhotos,
  tripRecords,
  type bookings,
} from "#db/schema";
import { issueEmailToken } from "~/accounts/email-tokens.server";
import { addDays, vilniusDay } from "~/utils/calendar-days";
import { AGREEMENT_DEFAULTS, termsVersion } from "~/bookings/rental-agreement";
import { storeTripPhotoFiles } from "~/photos/trip-photos.server";
import { newListingValues } from "~/cars/listing-form";
import { fromCar } from "~/cars/listing-car-values";
import { findCarForOwner, saveDraft } from "~/cars/own-listings.server";
import {
  confirmNewsletterSubscription,
  requestNewsletterSubscription,
  unsubscribeToken,
} from "~/information/newsletter-subscriptions.server";
import type { TestContext } from "./context";
import {
  GOOD_PASSWORD,
  createBooking,
  createCar,
  createContactMessage,
  createDocument,
  createMessage,
  createPackage,
  createUser,
  sessionCookieFor,
  uniqueEmail,
} from "./factories";
import { signWebhook } from "./fake-stripe";
import { ROLES, answerOf, routeModules, type Kind, type Outcome, type Role } from "./route-matrix";
import { callRoute, formRequest, getRequest, type RouteResult } from "./routes";

export const MODULES = routeModules({
  ...import.meta.glob("../../../app/routes/**/*.{ts,tsx}", { eager: true }),
  ...import.meta.glob("../../../app/root.tsx", { eager: true }),
});

// ---------------------------------------------------------------------------------------------------------------
// The people every entry uses, and what a setup hands back.

export interface Person {
  id: string;
  email: string;
  cookie: string;
  isAdmin: boolean;
}

export interface World {
  ctx: TestContext;
  /** The user the resource belongs to: owner of the car, renter of the booking, one side of the conversation. */
  party: Person;
  /** The other side where there is one (the host of the party's booking, the other person in the conversation). */
  counterpart: Person;
  /** Signed in, not an admin, nothing to do with the resource; not verified (so own-account uploads work). */
  other: Person;
  admin: Person;
  /** A signed-in user made for this call alone, for actions that change or end the account itself. */
  fresh(role: Role, options?: Parameters<typeof createUser>[1]): Promise<Person>;
}

export interface Call {
  /** The URL, with its query. */
  path: string;
  params?: Record<string, string>;
  /** An action's submission: form fields, or a FormData for a multipart upload. */
  form?: Record<string, string | string[]> | FormData;
  /** Text only someone allowed may see (a private detail of the resource). */
  secrets?: string[];
  /** The signed-in role's cookie for this call instead of the shared person's (a fresh account). */
  cookie?: string;
  /** A raw POST body with its own headers instead of a form (the webhook's JSON and signature). */
  raw?: { body: string; headers: Record<string, string> };
}

export interface Entry {
  route: string;
  kind: Kind;
  expect: Record<Role, Outcome>;
  setup(w: World, role: Role): Promise<Call>;
  /** Why the expectation is what it is, where it is not obvious. */
  why?: string;
  /** Run with Stripe configured (the webhook). */
  stripe?: boolean;
  /** An allowed action that only sets cookies: the reason it writes nothing. */
  writesNothing?: string;
  /** In production every role gets a 404 (the local stand-ins). */
  devOnly?: boolean;
  /** More checks: a forged token or signature is refused, an admin may not decide their own case. */
  extra?(w: World, run: Runner, checkRole: (entry: Entry, role: Role) => Promise<void>): Promise<void>;
}

export interface PublicEntry {
  route: string;
  kind: "loader";
  /** Why a guest may read it. */
  reason: string;
  path?: string;
  params?: Record<string, string>;
  /** The guest's call when it needs rows (a person to show). */
  call?(w: World): Promise<Call>;
  /** What a guest gets, when it is not a page (the catch-all is a 404 by design). */
  expected?: "served" | "notFound" | "refused";
  check?(w: World, run: Runner): Promise<void>;
}

export type Runner = (
  entry: Pick<Entry, "route" | "kind" | "stripe">,
  call: Call,
  cookie: string | undefined,
  context?: "main" | "production" | "stripe",
) => Promise<{ result: RouteResult; changed: string[]; shown: string }>;

// Shorthands for the common rows of the matrix.
const guarded = (other: Outcome, party: Outcome, admin: Outcome): Record<Role, Outcome> => ({
  guest: "signin",
  other,
  party,
  admin,
});
/** The resource's party only: strangers and admins alike get 403. */
const PARTY_ONLY = guarded("forbidden", "allowed", "forbidden");
/** /admin: others get 403, the resource's owner included. */
const ADMIN_ONLY = guarded("forbidden", "forbidden", "allowed");
/** The signed-in user's own page: each sees their own, nothing of the party's. */
const OWN_PAGE = guarded("empty", "allowed", "empty");
/** Something each signed-in user does to or for their own account. */
const SIGNED_IN = guarded("allowed", "allowed", "allowed");
/** Anyone, signed in or not. */
const EVERYONE: Record<Role, Outcome> = { guest: "allowed", other: "allowed", party: "allowed", admin: "allowed" };

let counter = 0;
/** A unique word to plant in a resource and look for in answers. */
const secret = (label = "Secret") => `${label}${Date.now().toString(36)}${(counter += 1)}`;
const today = vilniusDay();
const day = (n: number) => addDays(today, n);
export const WEBHOOK_SECRET = "whsec_matrix_secret";

const pdf = (text: string) => new File([`%PDF-1.4\n% ${text}\n%%EOF\n`], "pasas.pdf", { type: "application/pdf" });
function multipart(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

// Rows the setups share.

/** A car of `ownerId` nobody else can see (pending review), named by a secret. */
async function hiddenCar(w: World, ownerId: string) {
  const model = secret("Model");
  const car = await createCar(w.ctx, ownerId, { model, status: "pending" });
  return { ...car, model };
}

/** A booking of the party (as renter) of the counterpart's hidden car. */
async function partyBooking(w: World, status: (typeof bookings.$inferInsert)["status"], extra = {}) {
  const car = await hiddenCar(w, w.counterpart.id);
  const bookingId = await createBooking(
    w.ctx,
    { carId: car.id, renterId: w.party.id, ownerId: w.counterpart.id },
    status,
    extra,
  );
  return { car, bookingId };
}

/**
 * A trip of the party (renter) with the counterpart's car, checked out an hour ago with its deposit claimed, and the
 * host's claim in `status` (its description a secret); the claim window and the renter's 72 hours are open.
 */
async function claimCase(w: World, status: "awaiting_renter" | "disputed" | "accepted") {
  const car = await hiddenCar(w, w.counterpart.id);
  const now = Date.now();
  const bookingId = await createBooking(
    w.ctx,
    { carId: car.id, renterId: w.party.id, ownerId: w.counterpart.id },
    "completed",
    {
      depositAmount: 30_000,
      paymentStatus: "captured",
      stripePaymentIntentId: `pi_${secret("matrix")}`,
      depositStatus: status === "accepted" ? "partly_kept" : "claimed",
      depositKept: status === "accepted" ? 5000 : 0,
      completedAt: new Date(now - 3_600_000),
      claimWindowEndsAt: new Date(now + 23 * 3_600_000),
    },
  );
  const description = secret("Claim");
  const [claim] = await w.ctx.db
    .insert(damageClaims)
    .values({
      bookingId,
      filedBy: w.counterpart.id,
      description,
      amount: 5000,
      categories: ["damage"],
      status,
      respondBy: new Date(now + 71 * 3_600_000),
      renterNote: status === "disputed" ? "Not me" : null,
      respondedAt: status === "awaiting_renter" ? null : new Date(now - 60_000),
    })
    .returning({ id: damageClaims.id });
  return { bookingId, claimId: claim!.id, description };
}

/** A deposit refund of the booking that Stripe refused once; returns its id. */
async function failedRefund(w: World, bookingId: string) {
  const [row] = await w.ctx.db
    .insert(refunds)
    .values({
      bookingId,
      kind: "deposit",
      amount: 25_000,
      status: "failed",
      idempotencyKey: `refund-${bookingId}-deposit`,
      attempts: 1,
      lastError: "Stripe unreachable",
      nextAttemptAt: new Date(Date.now() + 600_000),
    })
    .returning({ id: refunds.id });
  return row!.id;
}

/** A conversation between the party and the counterpart whose last message, to the party, is unread. */
async function partyConversation(w: World) {
  const content = secret("Message");
  const conversationId = await createMessage(w.ctx, {
    senderId: w.counterpart.id,
    recipientId: w.party.id,
    content,
  });
  return { conversationId, content };
}

/** A confirmed newsletter subscriber; returns the subscription's id. */
async function subscriber(w: World) {
  const token = await requestNewsletterSubscription(w.ctx.db, uniqueEmail("news"), "lt");
  const confirmed = await confirmNewsletterSubscription(w.ctx.db, token);
  if (!confirmed.ok) throw new Error("subscription not confirmed");
  return confirmed.id;
}

/**
 * An admin deciding their own case (their listing, their verification): refused with 403 and nothing changes.
 * Runs the entry's setup with the admin as the party.
 */
async function ownCaseRefused(this: Entry, w: World, run: Runner) {
  const call = await this.setup({ ...w, party: w.admin }, "party");
  const { result, changed } = await run(this, call, call.cookie ?? w.admin.cookie);
  expect(answerOf(result), `${this.route} ${this.kind}: an admin deciding their own case`).toBe("forbidden");
  expect(changed, `${this.route} ${this.kind}: an admin's own case changed the database`).toEqual([]);
}

const bookingChoice = {
  start: day(10),
  end: day(13),
  period: "daily",
  insurance: "none",
  pickup: "car-location",
  dropoff: "same",
};

// ---------------------------------------------------------------------------------------------------------------
// Loaders anyone may read. Each is still called as a guest: it must answer, not ask to sign in.

export const PUBLIC: PublicEntry[] = [
  { route: "root", kind: "loader", reason: "the layout: language, theme, toast, and the viewer's own counts" },
  { route: "_index", kind: "loader", reason: "home page: public cars only" },
  {
    route: "$",
    kind: "loader",
    reason: "the catch-all: a 404 for any URL",
    path: "/no/such/page",
    expected: "notFound",
  },
  { route: "_cars+/cars", kind: "loader", reason: "listing search over public cars", path: "/cars" },
  { route: "_cars+/rentals", kind: "loader", reason: "listing search over public cars", path: "/rentals" },
  { route: "_cars+/sales", kind: "loader", reason: "listing search over public cars", path: "/sales" },
  {
    route: "_profiles+/profile.$userId",
    kind: "loader",
    reason: "public profile: name, public cars and reviews; never the e-mail address",
    async call(w) {
      return { path: `/profile/${w.party.id}`, params: { userId: w.party.id }, secrets: [w.party.email] };
    },
  },
  { route: "_pages+/about", kind: "loader", reason: "information page", path: "/about" },
  { route: "_pages+/career", kind: "loader", reason: "information page", path: "/career" },
  { route: "_pages+/contact", kind: "loader", reason: "the contact form (a signed-in visitor's own name prefilled)" },
  { route: "_pages+/cookies", kind: "loader", reason: "cookie policy and the visitor's own choice" },
  { route: "_pages+/disclaimer", kind: "loader", reason: "information page" },
  { route: "_pages+/faq", kind: "loader", reason: "information page" },
  { route: "_pages+/help", kind: "loader", reason: "information page" },
  { route: "_pages+/news", kind: "loader", reason: "information page" },
  { route: "_pages+/privacy", kind: "loader", reason: "information page" },
  { route: "_pages+/terms", kind: "loader", reason: "information page" },
  { route: "_pages+/newsletter", kind: "loader", reason: "the subscription form's page" },
  {
    route: "_pages+/newsletter_.unsubscribe",
    kind: "loader",
    reason: "says whether the link's HMAC is valid; the POST (in MATRIX) does the unsubscribing",
    path: "/newsletter/unsubscribe?id=x&token=y",
  },
  { route: "_auth+/auth.signin", kind: "loader", reason: "the sign-in form" },
  { route: "_auth+/auth.signup", kind: "loader", reason: "the sign-up form" },
  { route: "_auth+/auth.forgot-password", kind: "loader", reason: "the form asking for a reset link" },
  { route: "_auth+/auth.resend-confirmation", kind: "loader", reason: "the form asking for the link again" },
  { route: "_auth+/auth.signout", kind: "loader", reason: "a redirect home: signing out is a POST" },
  {
    route: "_auth+/auth.reset-password",
    kind: "loader",
    reason: "checks the link's token without spending it; the POST (in MATRIX) resets",
    path: "/auth/reset-password?token=nope",
    expected: "refused",
  },
  {
    route: "_resources+/resources.search",
    kind: "loader",
    reason: "live search over public cars",
    path: "/resources/search?q=toyota",
  },
  { route: "_resources+/resources.saved-searches", kind: "loader", reason: "a redirect to /favorites" },
  { route: "_resources+/resources.theme", kind: "loader", reason: "a redirect home" },
  {
    route: "_resources+/webhooks.stripe",
    kind: "loader",
    reason: "405: Stripe posts (the action, in MATRIX)",
    expected: "refused",
  },
  {
    route: "_resources+/images.$",
    kind: "loader",
    reason: "public photos and avatars; private documents are never served from here",
    async call(w) {
      const key = `cars/${crypto.randomUUID()}/${crypto.randomUUID()}/card.webp`;
      const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#36a" } })
        .webp()
        .toBuffer();
      await w.ctx.context.env.photos.put(key, new Uint8Array(webp));
      return { path: `/images/${key}`, params: { "*": key } };
    },
    async check(w) {
      // A verification document's key, even asked for by its owner or an admin, is not an image.
      const documentId = await createDocument(w.ctx, w.party.id);
      const [row] = await w.ctx.client
        .execute({ sql: "select storage_key from verification_documents where id = ?", args: [documentId] })
        .then((r) => r.rows);
      const key = String(row!.storage_key);
      for (const cookie of [w.party.cookie, w.admin.cookie]) {
        const refused = await callRoute(
          functionOf("_resources+/images.$", "loader"),
          getRequest(`/images/${key}`, { cookie }),
          w.ctx.context,
          { "*": key },
        );
        expect(refused.status, "a private document through /images").toBe(404);
      }
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// The matrix.

/** The edit page's second form, the host calendar (decision 018): the same action, the same guard. */
const CALENDAR_FORM: Entry = {
  route: "_my-listings+/my-listings.$carId.edit",
  kind: "action",
  expect: PARTY_ONLY,
  async setup(w) {
    const car = await createCar(w.ctx, w.party.id);
    return {
      path: `/my-listings/${car.id}/edit`,
      params: { carId: car.id },
      form: { intent: "block", from: day(30), to: day(32) },
    };
  },
};

export const MATRIX: Entry[] = [
  // --- the account -----------------------------------------------------------------------------------------------
  {
    route: "_account+/account.delete",
    kind: "loader",
    expect: SIGNED_IN,
    why: "counts the viewer's own unfinished bookings",
    async setup() {
      return { path: "/account/delete" };
    },
  },
  {
    route: "_account+/account.delete",
    kind: "action",
    expect: SIGNED_IN,
    why: "deletes the signed-in account itself (a fresh one per call), with its password",
    async setup(w, role) {
      const me = await w.fresh(role);
      return { path: "/account/delete", form: { currentPassword: GOOD_PASSWORD }, cookie: me.cookie };
    },
  },
  {
    route: "_account+/account.password",
    kind: "loader",
    expect: SIGNED_IN,
    async setup() {
      return { path: "/account/password" };
    },
  },
  {
    route: "_account+/account.password",
    kind: "action",
    expect: SIGNED_IN,
    why: "changes the signed-in account's own password (a fresh account per call)",
    async setup(w, role) {
      const me = await w.fresh(role);
      return {
        path: "/account/password",
        form: { currentPassword: GOOD_PASSWORD, password: "Kitas!Slapt4", confirmPassword: "Kitas!Slapt4" },
        cookie: me.cookie,
      };
    },
  },

  // --- /admin --------------------------------------------------------------------------------------------------------
  ...(["admin", "admin._index", "admin.packages", "admin.packages.new", "admin.verifications"] as const).map(
    (name): Entry => ({
      route: `_admin+/${name}`,
      kind: "loader",
      expect: ADMIN_ONLY,
      async setup() {
        return { path: `/${name.replace(/\._index$/, "").replace(/\./g, "/")}` };
      },
    }),
  ),
  {
    route: "_admin+/admin.audit",
    kind: "loader",
    expect: ADMIN_ONLY,
    async setup(w) {
      // An admin's decision about the party's car is on the log.
      const car = await hiddenCar(w, w.party.id);
      const approve = functionOf("_admin+/admin.listings.$carId.approve", "action");
      await callRoute(
        approve,
        formRequest(`/admin/listings/${car.id}/approve`, {}, { cookie: w.admin.cookie }),
        w.ctx.context,
        {
          carId: car.id,
        },
      );
      return { path: `/admin/audit?target=${car.id}`, secrets: [car.id] };
    },
  },
  {
    route: "_admin+/admin.listings",
    kind: "loader",
    expect: ADMIN_ONLY,
    why: "the party owns the pending listing and still may not moderate",
    async setup(w) {
      const car = await hiddenCar(w, w.party.id);
      return { path: "/admin/listings?status=all", secrets: [car.model] };
    },
  },
  ...(["approve", "edit", "reject"] as const).map((dialog): Entry => ({
    route: `_admin+/admin.listings.$carId.${dialog}`,
    kind: "loader",
    expect: ADMIN_ONLY,
    why: "and not on an admin's own listing: another admin decides it",
    extra: ownCaseRefused,
    async setup(w) {
      const car = await hiddenCar(w, w.party.id);
      return { path: `/admin/listings/${car.id}/${dialog}`, params: { carId: car.id }, secrets: [car.model] };
    },
  })),
  {
    route: "_admin+/admin.listings.$carId.approve",
    kind: "action",
    expect: ADMIN_ONLY,
    extra: ownCaseRefused,
    why: "the owner cannot approve their own listing, an admin owner neither",
    async setup(w) {
      const car = await hiddenCar(w, w.party.id);
      return { path: `/admin/listings/${car.id}/approve`, params: { carId: car.id }, form: {} };
    },
  },
  {
    route: "_admin+/admin.listings.$carId.reject",
    kind: "action",
    expect: ADMIN_ONLY,
    extra: ownCaseRefused,
    async setup(w) {
      const car = await hiddenCar(w, w.party.id);
      return { path: `/admin/listings/${car.id}/reject`, params: { carId: car.id }, form: { reason: "Blurry photos" } };
    },
  },
  {
    route: "_admin+/admin.listings.$carId.edit",
    kind: "action",
    expect: ADMIN_ONLY,
    extra: ownCaseRefused,
    async setup(w) {
      const car = await hiddenCar(w, w.party.id);
      return {
        path: `/admin/listings/${car.id}/edit`,
        params: { carId: car.id },
        form: { make: "Škoda", model: "Superb", year: "2021", mileage: "84000", location: "Kaunas", description: "" },
      };
    },
  },
  {
    route: "_admin+/admin.contact",
    kind: "loader",
    expect: ADMIN_ONLY,
    why: "the party sent the message and still may not read the inbox",
    async setup(w) {
      const subject = secret("Subject");
      await createContactMessage(w.ctx, { userId: w.party.id, email: w.party.email, subject });
      return { path: "/admin/contact", secrets: [subject] };
    },
  },
  {
    route: "_admin+/admin.contact",
    kind: "action",
    expect: ADMIN_ONLY,
    async setup(w) {
      const id = await createContactMessage(w.ctx, { userId: w.party.id, email: w.party.email });
      return { path: "/admin/contact", form: { id } };
    },
  },
  ...(["edit", "delete"] as const).map((dialog): Entry => ({
    route: `_admin+/admin.packages.$packageId.${dialog}`,
    kind: "loader",
    expect: ADMIN_ONLY,
    async setup(w) {
      const name = secret("Package");
      const packageId = await createPackage(w.ctx, { name });
      return { path: `/admin/packages/${packageId}/${dialog}`, params: { packageId }, secrets: [name] };
    },
  })),
  {
    route: "_admin+/admin.packages.$packageId.edit",
    kind: "action",
    expect: ADMIN_ONLY,
    async setup(w) {
      const packageId = await createPackage(w.ctx);
      return {
        path: `/admin/packages/${packageId}/edit`,
        params: { packageId },
        form: { nameLt: "Premium", nameEn: "Premium", provider: "Lietuvos draudimas", pricePerDay: "12" },
      };
    },
  },
  {
    route: "_admin+/admin.packages.$packageId.delete",
    kind: "action",
    expect: ADMIN_ONLY,
    async setup(w) {
      const packageId = await createPackage(w.ctx);
      return { path: `/admin/packages/${packageId}/delete`, params: { packageId }, form: {} };
    },
  },
  {
    route: "_admin+/admin.packages.new",
    kind: "action",
    expect: ADMIN_ONLY,
    async setup() {
      return {
        path: "/admin/packages/new",
        form: { nameLt: secret("Package"), nameEn: "Package", provider: "BTA", pricePerDay: "9" },
      };
    },
  },
  ...(["loader", "action"] as const).map((kind): Entry => ({
    route: "_admin+/admin.verifications.$userId",
    kind,
    expect: ADMIN_ONLY,
    why: "the party is the person under review (a fresh one per call): nobody decides their own case, admins neither",
    extra: ownCaseRefused,
    async setup(w, role) {
      const person = await w.fresh(w.party.isAdmin ? "admin" : "other", { fullName: secret("Applicant") });
      const submittedAt = new Date();
      await w.ctx.db
        .update(profiles)
        .set({ verificationStatus: "pending", verificationSubmittedAt: submittedAt })
        .where(eq(profiles.id, person.id));
      await createDocument(w.ctx, person.id, { kind: "identity" });
      await createDocument(w.ctx, person.id, { kind: "driving_licence" });
      return {
        path: `/admin/verifications/${person.id}`,
        params: { userId: person.id },
        form: { intent: "approve", submittedAt: String(submittedAt.getTime()) },
        cookie: role === "party" ? person.cookie : undefined,
      };
    },
  })),

  // --- signing in and out: public forms; the token in an e-mailed link is the credential ---------------------------
  {
    route: "_auth+/auth.signin",
    kind: "action",
    expect: EVERYONE,
    why: "signing in replaces the browser's session: signed-in roles come with a session of their own to lose",
    async setup(w, role) {
      return {
        path: "/auth/signin",
        form: { email: w.counterpart.email, password: GOOD_PASSWORD },
        cookie: role === "guest" ? undefined : await sessionCookieFor(w.ctx, w[role].id),
      };
    },
  },
  {
    route: "_auth+/auth.signup",
    kind: "action",
    expect: EVERYONE,
    async setup() {
      return {
        path: "/auth/signup",
        form: {
          accountType: "person",
          email: uniqueEmail("signup"),
          password: GOOD_PASSWORD,
          fullName: "Naujas Narys",
          terms: "on",
          privacy: "on",
        },
      };
    },
  },
  {
    route: "_auth+/auth.signout",
    kind: "action",
    expect: { guest: "empty", other: "allowed", party: "allowed", admin: "allowed" },
    why: "ends the session of the cookie it came with (a fresh session per call); a guest has none to end",
    async setup(w, role) {
      const person = role === "guest" ? null : w[role];
      return { path: "/auth/signout", form: {}, cookie: person ? await sessionCookieFor(w.ctx, person.id) : undefined };
    },
  },
  {
    route: "_auth+/auth.forgot-password",
    kind: "action",
    expect: EVERYONE,
    why: "anyone may ask; the link goes to the address's owner",
    async setup(w, role) {
      const person = role === "guest" ? w.counterpart : w[role];
      return { path: "/auth/forgot-password", form: { email: person.email } };
    },
  },
  {
    route: "_auth+/auth.resend-confirmation",
    kind: "action",
    expect: EVERYONE,
    async setup(w) {
      const { email } = await createUser(w.ctx, { confirmed: false });
      return { path: "/auth/resend-confirmation", form: { email } };
    },
  },
  {
    route: "_auth+/auth.reset-password",
    kind: "action",
    expect: EVERYONE,
    why: "the link's token is the credential, whoever is signed in",
    async setup(w) {
      const { id } = await createUser(w.ctx);
      const token = await issueEmailToken(w.ctx.db, id, "reset_password");
      return {
        path: "/auth/reset-password",
        form: { token, password: "Kitas!Slapt4", confirmPassword: "Kitas!Slapt4" },
      };
    },
    async extra(w, run) {
      const forged = { token: "A".repeat(43), password: "Kitas!Slapt4", confirmPassword: "Kitas!Slapt4" };
      const { result, changed } = await run(this, { path: "/auth/reset-password", form: forged }, undefined);
      expect(answerOf(result), "a forged reset token").toBe("refused");
      expect(changed, "a forged reset token changed the database").toEqual([]);
    },
  },
  {
    route: "_auth+/auth.callback",
    kind: "loader",
    expect: EVERYONE,
    why: "the e-mail confirmation link: its token is the credential",
    async setup(w) {
      const { id } = await createUser(w.ctx, { confirmed: false });
      return { path: `/auth/callback?token=${await issueEmailToken(w.ctx.db, id, "confirm_email")}` };
    },
    async extra(w, run) {
      const { result, changed } = await run(this, { path: `/auth/callback?token=${"A".repeat(43)}` }, w.party.cookie);
      expect(answerOf(result), "a forged confirmation token").toBe("refused");
      expect(changed, "a forged confirmation token changed the database").toEqual([]);
    },
  },

  // --- bookings --------------------------------------------------------------------------------------------------
  {
    route: "_bookings+/booking-cancelled",
    kind: "loader",
    expect: OWN_PAGE,
    why: "the spec's page is silent about a booking that is not the viewer's: it shows no card",
    async setup(w) {
      const { car, bookingId } = await partyBooking(w, "pending");
      return { path: `/booking-cancelled?booking_id=${bookingId}`, secrets: [car.model] };
    },
  },
  {
    route: "_bookings+/booking-success",
    kind: "loader",
    expect: guarded("notFound", "allowed", "notFound"),
    why: "someone else's booking gets the same 404 as one that does not exist",
    async setup(w) {
      const { car, bookingId } = await partyBooking(w, "pending", { paymentStatus: "authorized" });
      return { path: `/booking-success?booking_id=${bookingId}`, secrets: [car.model] };
    },
  },
  {
    route: "_bookings+/bookings",
    kind: "loader",
    expect: OWN_PAGE,
    async setup(w) {
      const { car } = await partyBooking(w, "confirmed");
      return { path: "/bookings", secrets: [car.model] };
    },
  },
  {
    route: "_bookings+/bookings",
    kind: "action",
    expect: PARTY_ONLY,
    why: "the renter cancels their request; an admin may not cancel someone else's booking",
    async setup(w) {
      const { bookingId } = await partyBooking(w, "pending");
      return { path: "/bookings", form: { intent: "cancel", bookingId } };
    },
  },
  {
    route: "_bookings+/bookings.$bookingId.agreement",
    kind: "loader",
    expect: PARTY_ONLY,
    async setup(w) {
      const { car, bookingId } = await partyBooking(w, "confirmed");
      return { path: `/bookings/${bookingId}/agreement`, params: { bookingId }, secrets: [car.model] };
    },
  },
  {
    route: "_bookings+/bookings.$bookingId.agreement",
    kind: "action",
    expect: PARTY_ONLY,
    why: "the renter signs their side",
    async setup(w) {
      const { bookingId } = await partyBooking(w, "confirmed");
      return {
        path: `/bookings/${bookingId}/agreement`,
        params: { bookingId },
        form: { intent: "sign", termsVersion: termsVersion(AGREEMENT_DEFAULTS) },
      };
    },
  },
  {
    route: "_bookings+/bookings.$bookingId.agreement[.html]",
    kind: "loader",
    expect: PARTY_ONLY,
    async setup(w) {
      const { car, bookingId } = await partyBooking(w, "confirmed");
      return { path: `/bookings/${bookingId}/agreement.html`, params: { bookingId }, secrets: [car.model] };
    },
  },
  {
    route: "_bookings+/bookings_.$bookingId_.cancel",
    kind: "loader",
    expect: PARTY_ONLY,
    async setup(w) {
      const { car, bookingId } = await partyBooking(w, "confirmed");
      return { path: `/bookings/${bookingId}/cancel`, params: { bookingId }, secrets: [car.model] };
    },
  },
  {
    route: "_bookings+/bookings_.$bookingId_.cancel",
    kind: "action",
    expect: PARTY_ONLY,
    why: "the renter cancels their confirmed booking (nothing was charged: nothing to refund); an admin may not",
    async setup(w) {
      const { bookingId } = await partyBooking(w, "confirmed");
      return { path: `/bookings/${bookingId}/cancel`, params: { bookingId }, form: { expectedRefund: "0" } };
    },
  },
  {
    route: "_bookings+/bookings.$bookingId.review",
    kind: "loader",
    expect: PARTY_ONLY,
    async setup(w) {
      const { car, bookingId } = await partyBooking(w, "completed");
      return { path: `/bookings/${bookingId}/review`, params: { bookingId }, secrets: [car.model] };
    },
  },
  {
    route: "_bookings+/bookings.$bookingId.review",
    kind: "action",
    expect: PARTY_ONLY,
    async setup(w) {
      const { bookingId } = await partyBooking(w, "completed");
      return {
        path: `/bookings/${bookingId}/review`,
        params: { bookingId },
        form: {
          rating: "5",
          cleanlinessRating: "5",
          communicationRating: "5",
          accuracyRating: "5",
          content: "Puiku.",
        },
      };
    },
  },

  // --- the trip (decision 022) ------------------------------------------------------------------------------------------
  {
    route: "_bookings+/bookings_.$bookingId",
    kind: "loader",
    expect: guarded("forbidden", "allowed", "allowed"),
    why: "the trip page: its two parties; admins read it (claims and disputes), read-only",
    async setup(w) {
      const { car, bookingId } = await partyBooking(w, "active", { paymentStatus: "captured" });
      return { path: `/bookings/${bookingId}`, params: { bookingId }, secrets: [car.model] };
    },
  },
  {
    route: "_bookings+/bookings_.$bookingId",
    kind: "action",
    expect: PARTY_ONLY,
    why: "the renter confirms the host's check-in; an admin reads the trip but never answers for a party",
    async setup(w) {
      const { bookingId } = await partyBooking(w, "active", { paymentStatus: "captured" });
      await w.ctx.db.insert(tripRecords).values({
        bookingId,
        kind: "check_in",
        recordedBy: w.counterpart.id,
        odometerKm: 1000,
        fuelLevel: 8,
        recordedAt: new Date(),
      });
      return { path: `/bookings/${bookingId}`, params: { bookingId }, form: { intent: "confirm", kind: "check_in" } };
    },
  },

  // --- damage claims (decision 022): the trip's parties on /bookings/{id}/claim, admins read it and decide at /admin ---
  {
    route: "_bookings+/bookings_.$bookingId_.claim",
    kind: "loader",
    expect: guarded("forbidden", "allowed", "allowed"),
    why: "the renter and the host see the claim; admins read it (and decide it at /admin/claims)",
    async setup(w) {
      const { bookingId, description } = await claimCase(w, "awaiting_renter");
      return { path: `/bookings/${bookingId}/claim`, params: { bookingId }, secrets: [description] };
    },
  },
  {
    route: "_bookings+/bookings_.$bookingId_.claim",
    kind: "action",
    expect: PARTY_ONLY,
    why: "the renter answers the host's claim; admins only read here",
    async setup(w) {
      const { bookingId } = await claimCase(w, "awaiting_renter");
      return { path: `/bookings/${bookingId}/claim`, params: { bookingId }, form: { intent: "accept" } };
    },
  },
  {
    route: "_bookings+/bookings_.$bookingId_.photos.$photoId",
    kind: "loader",
    expect: guarded("forbidden", "allowed", "allowed"),
    why: "a trip photo is private to the trip's two parties and admins",
    async setup(w) {
      const { bookingId } = await claimCase(w, "awaiting_renter");
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#246" } })
        .png()
        .toBuffer();
      const rows = await storeTripPhotoFiles(w.ctx.context.env, {
        bookingId,
        subject: "claim",
        uploadedBy: w.counterpart.id,
        files: [{ file: new File([new Uint8Array(png)], "dent.png", { type: "image/png" }), angle: "other" }],
        now: new Date(),
      });
      await w.ctx.db.insert(tripPhotos).values(rows);
      const photoId = rows[0]!.id;
      return { path: `/bookings/${bookingId}/photos/${photoId}`, params: { bookingId, photoId } };
    },
  },
  {
    route: "_admin+/admin.claims",
    kind: "loader",
    expect: ADMIN_ONLY,
    why: "the party's own claim and refund are listed, and still only admins see the queue",
    async setup(w) {
      const { bookingId } = await claimCase(w, "disputed");
      await failedRefund(w, bookingId);
      return { path: "/admin/claims" };
    },
  },
  {
    route: "_admin+/admin.claims",
    kind: "action",
    expect: ADMIN_ONLY,
    why: "retries a failed refund of the party's booking",
    async setup(w) {
      const { bookingId } = await claimCase(w, "accepted");
      return { path: "/admin/claims", form: { refundId: await failedRefund(w, bookingId) } };
    },
  },
  ...(["loader", "action"] as const).map((kind): Entry => ({
    route: "_admin+/admin.claims.$claimId",
    kind,
    expect: ADMIN_ONLY,
    async setup(w) {
      const { claimId, description } = await claimCase(w, "disputed");
      return {
        path: `/admin/claims/${claimId}`,
        params: { claimId },
        secrets: kind === "loader" ? [description] : undefined,
        form: kind === "action" ? { amount: "10", reason: "Compared the photos" } : undefined,
      };
    },
  })),

  // --- payouts (decision 023): admins list and retry the hosts' payouts, and refund on a booking's money page ---------
  ...((): Entry[] => {
    /** The party's completed, captured trip on the counterpart's car, with the counterpart's payout in `status`. */
    async function payoutCase(w: World, status: "failed" | "held" | "paid") {
      const { bookingId } = await partyBooking(w, "completed", {
        depositAmount: 30_000,
        totalAmount: 42_640,
        paymentStatus: "captured",
        stripePaymentIntentId: `pi_${secret("matrix")}`,
        depositStatus: "returned",
      });
      const payoutId = crypto.randomUUID();
      const lastError = secret("StripeSays");
      const now = Date.now();
      await w.ctx.client.execute({
        sql: `insert into payouts (id, booking_id, host_id, gross, host_share, claim_kept, amount, sent_amount, status,
                idempotency_key, attempts, last_error, next_attempt_at, stripe_transfer_id, settled_at, paid_at,
                created_at, updated_at)
              values (?, ?, ?, 12000, 11760, 0, 11760, 11760, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          payoutId,
          bookingId,
          w.counterpart.id,
          status === "held" ? "failed" : status,
          `payout-${bookingId}`,
          status === "paid" ? null : lastError,
          status === "failed" ? now + 600_000 : null,
          status === "paid" ? `tr_${secret("matrix")}` : null,
          now - 86_400_000,
          status === "paid" ? now - 3_600_000 : null,
          now,
          now,
        ],
      });
      return { bookingId, payoutId, lastError };
    }
    return [
      {
        route: "_admin+/admin.payouts",
        kind: "loader",
        expect: ADMIN_ONLY,
        why: "the party's booking's payout (and Stripe's reason) is listed, and still only admins see the list",
        async setup(w) {
          const { lastError } = await payoutCase(w, "failed");
          return { path: "/admin/payouts?status=failed", secrets: [lastError] };
        },
      },
      {
        route: "_admin+/admin.held-money",
        kind: "loader",
        expect: ADMIN_ONLY,
        why: "the party's booking's payout held for an admin (and Stripe's reason) is listed, and only admins see it",
        async setup(w) {
          const { lastError } = await payoutCase(w, "held");
          return { path: "/admin/held-money", secrets: [lastError] };
        },
      },
      {
        route: "_admin+/admin.held-money",
        kind: "action",
        expect: ADMIN_ONLY,
        why: "retries the held payout of the party's booking",
        async setup(w) {
          const { payoutId } = await payoutCase(w, "held");
          return { path: "/admin/held-money", form: { intent: "retry", kind: "payout", id: payoutId } };
        },
      },
      {
        route: "_admin+/admin.payouts",
        kind: "action",
        expect: ADMIN_ONLY,
        why: "retries the failed payout of the party's booking",
        async setup(w) {
          const { payoutId } = await payoutCase(w, "failed");
          return { path: "/admin/payouts", form: { intent: "retry", payoutId } };
        },
      },
      ...(["loader", "action"] as const).map((kind): Entry => ({
        route: "_admin+/admin.payouts_.$bookingId",
        kind,
        expect: ADMIN_ONLY,
        why: "a booking's money (and an admin's refund of it) is for admins, not for its renter or host",
        async setup(w) {
          const { bookingId, lastError } = await payoutCase(w, "paid");
          await w.ctx.db.insert(refunds).values({
            bookingId,
            kind: "deposit",
            amount: 30_000,
            status: "failed",
            idempotencyKey: `refund-${bookingId}-deposit`,
            lastError,
          });
          return {
            path: `/admin/payouts/${bookingId}`,
            params: { bookingId },
            secrets: kind === "loader" ? [lastError] : undefined,
            form:
              kind === "action"
                ? { intent: "confirm", amount: "40", hostPart: "20", reason: "Neveikė kondicionierius" }
                : undefined,
          };
        },
      })),
    ];
  })(),

  // --- cars --------------------------------------------------------------------------------------------------------
  {
    route: "_cars+/car.$id",
    kind: "loader",
    expect: { guest: "notFound", other: "notFound", party: "allowed", admin: "allowed" },
    why: "approved cars are public; a pending one only to its owner and admins",
    async setup(w) {
      const car = await hiddenCar(w, w.party.id);
      return { path: `/car/${car.id}`, params: { id: car.id }, secrets: [car.model] };
    },
  },
  ...(["loader", "action"] as const).map((kind): Entry => ({
    route: "_cars+/car.$id.book",
    kind,
    expect: guarded("allowed", "notFound", "allowed"),
    why: "anyone signed in books a public car, never their own",
    async setup(w) {
      const car = await createCar(w.ctx, w.party.id, { dailyPrice: 5000 });
      return { path: `/car/${car.id}/book`, params: { id: car.id }, form: bookingChoice };
    },
  })),
  ...(["loader", "action"] as const).map((kind): Entry => ({
    route: "_cars+/car.$id.contact",
    kind,
    expect: guarded("allowed", "notFound", "allowed"),
    why: "anyone signed in writes to a public car's owner, never to themselves",
    async setup(w) {
      const car = await createCar(w.ctx, w.party.id);
      return {
        path: `/car/${car.id}/contact`,
        params: { id: car.id },
        form: { type: "general", subject: "Klausimas", content: "Ar dar laisvas?" },
      };
    },
  })),
  {
    route: "_cars+/favorites",
    kind: "loader",
    expect: OWN_PAGE,
    async setup(w) {
      const name = secret("Search");
      await w.ctx.db.insert(savedSearches).values({ userId: w.party.id, name, query: `/cars?q=${name}` });
      return { path: "/favorites", secrets: [name] };
    },
  },
  {
    route: "_cars+/favorites",
    kind: "action",
    expect: SIGNED_IN,
    why: "each adds a public car to their own favourites",
    async setup(w) {
      const car = await createCar(w.ctx, w.counterpart.id);
      return { path: "/favorites", form: { carId: car.id, intent: "add" } };
    },
  },

  // --- dashboards ------------------------------------------------------------------------------------------------
  {
    route: "_dashboard+/dashboard",
    kind: "loader",
    expect: OWN_PAGE,
    async setup(w) {
      const { car } = await partyBooking(w, "confirmed", { startDate: day(5), endDate: day(8) });
      return { path: "/dashboard", secrets: [car.model] };
    },
  },
  {
    route: "_dashboard+/host-dashboard",
    kind: "loader",
    expect: OWN_PAGE,
    async setup(w) {
      const car = await hiddenCar(w, w.party.id);
      await createBooking(w.ctx, { carId: car.id, renterId: w.counterpart.id, ownerId: w.party.id }, "confirmed", {
        startDate: day(-3),
        endDate: day(-1),
        paymentStatus: "captured",
        confirmedAt: new Date(),
      });
      return { path: "/host-dashboard", secrets: [car.model] };
    },
  },
  // The host's payout statement and its CSV (decision 023): always the caller's own payouts, there is no host parameter;
  // the party's payout (its car's model a secret) is never in anyone else's.
  ...(["_dashboard+/host-dashboard_.payouts", "_dashboard+/host-dashboard_.payouts[.csv]"] as const).map(
    (route): Entry => ({
      route,
      kind: "loader",
      expect: OWN_PAGE,
      async setup(w) {
        // Imported here so this block stays one piece of the file (several helpers edit it).
        const { payouts } = await import("#db/schema");
        const car = await hiddenCar(w, w.party.id);
        const bookingId = await createBooking(
          w.ctx,
          { carId: car.id, renterId: w.counterpart.id, ownerId: w.party.id },
          "completed",
          { paymentStatus: "captured", completedAt: new Date("2026-10-02T10:00:00Z") },
        );
        await w.ctx.db.insert(payouts).values({
          bookingId,
          hostId: w.party.id,
          gross: 12_000,
          hostShare: 10_200,
          amount: 10_200,
          status: "scheduled",
          idempotencyKey: `payout-${bookingId}`,
          settledAt: new Date("2026-10-05T10:00:00Z"),
        });
        const path = route.endsWith("[.csv]") ? "/host-dashboard/payouts.csv" : "/host-dashboard/payouts";
        return { path: `${path}?month=2026-10`, secrets: [car.model] };
      },
    }),
  ),

  // --- the local stand-ins (dev only) ------------------------------------------------------------------------------
  ...(["loader", "action"] as const).map((kind): Entry => ({
    route: "_dev+/dev.checkout.$sessionId",
    kind,
    expect: guarded("notFound", "allowed", "notFound"),
    why: "only the renter who opened the checkout may pay it; 404 in production",
    devOnly: true,
    async setup(w) {
      const sessionId = `cs_standin_${crypto.randomUUID()}`;
      const { car } = await partyBooking(w, "pending", { stripeCheckoutSessionId: sessionId });
      return {
        path: `/dev/checkout/${sessionId}`,
        params: { sessionId },
        form: { intent: "pay" },
        secrets: [car.model],
      };
    },
  })),
  {
    route: "_dev+/dev.mailbox",
    kind: "loader",
    expect: EVERYONE,
    why: "the local inbox of every e-mail the app sent: there only while no e-mail API is set, never in production",
    devOnly: true,
    async setup() {
      return { path: "/dev/mailbox" };
    },
  },

  // --- messages and notifications --------------------------------------------------------------------------------
  {
    route: "_messages+/messages",
    kind: "loader",
    expect: OWN_PAGE,
    why: "the inbox beside an open thread: someone else's conversation id marks nothing read and shows nothing",
    async setup(w) {
      const { conversationId, content } = await partyConversation(w);
      return { path: `/messages/${conversationId}`, params: { conversationId }, secrets: [content] };
    },
  },
  {
    route: "_messages+/messages.$conversationId",
    kind: "loader",
    expect: PARTY_ONLY,
    why: "admins do not read people's messages",
    async setup(w) {
      const { conversationId, content } = await partyConversation(w);
      return { path: `/messages/${conversationId}`, params: { conversationId }, secrets: [content] };
    },
  },
  {
    route: "_messages+/messages.$conversationId",
    kind: "action",
    expect: PARTY_ONLY,
    async setup(w) {
      const { conversationId } = await partyConversation(w);
      return { path: `/messages/${conversationId}`, params: { conversationId }, form: { content: "Ačiū, tinka." } };
    },
  },
  {
    route: "_messages+/notifications",
    kind: "loader",
    expect: OWN_PAGE,
    async setup(w) {
      const { content } = await partyConversation(w);
      return { path: "/notifications", secrets: [content] };
    },
  },
  {
    route: "_messages+/notifications",
    kind: "action",
    expect: guarded("notFound", "allowed", "notFound"),
    why: "opening a notification marks it read for its owner; another's id is not found",
    async setup(w) {
      const { conversationId } = await partyConversation(w);
      // One unread line per conversation: the message just sent is on it.
      const [note] = await w.ctx.db
        .select({ id: notifications.id, data: notifications.data })
        .from(notifications)
        .where(and(eq(notifications.userId, w.party.id), eq(notifications.read, false)))
        .then((rows) =>
          rows.filter((r) => (r.data as { conversation_id?: string }).conversation_id === conversationId),
        );
      return { path: "/notifications", form: { intent: "open", id: note!.id } };
    },
  },

  // --- own listings ----------------------------------------------------------------------------------------------
  {
    route: "_my-listings+/my-listings",
    kind: "loader",
    expect: OWN_PAGE,
    async setup(w) {
      const car = await hiddenCar(w, w.party.id);
      return { path: "/my-listings", secrets: [car.model] };
    },
  },
  {
    route: "_my-listings+/my-listings",
    kind: "action",
    expect: PARTY_ONLY,
    why: "availability of the owner's car; admins moderate in /admin instead",
    async setup(w) {
      const car = await createCar(w.ctx, w.party.id);
      return { path: "/my-listings", form: { intent: "availability", carId: car.id, available: "false" } };
    },
  },
  ...(["loader", "action"] as const).map((kind): Entry => ({
    route: "_my-listings+/my-listings.new",
    kind,
    expect: guarded("notFound", "allowed", "notFound"),
    why: "anyone signed in starts a listing; a draft is its owner's alone (others: 404)",
    async setup(w) {
      const make = secret("Make");
      const draft = await saveDraft(w.ctx.db, w.party.id, null, { ...newListingValues("sale"), make });
      return {
        path: `/my-listings/new?draft=${draft}&step=2`,
        form: { step: "1", intent: "next", listingType: "sale", draft },
        secrets: [make],
      };
    },
  })),
  ...(["loader", "action"] as const).map((kind): Entry => ({
    route: "_my-listings+/my-listings.$carId.delete",
    kind,
    expect: PARTY_ONLY,
    async setup(w) {
      const car = await hiddenCar(w, w.party.id);
      return { path: `/my-listings/${car.id}/delete`, params: { carId: car.id }, form: {}, secrets: [car.model] };
    },
  })),
  {
    route: "_my-listings+/my-listings.$carId.edit",
    kind: "loader",
    expect: PARTY_ONLY,
    async setup(w) {
      const car = await hiddenCar(w, w.party.id);
      return { path: `/my-listings/${car.id}/edit`, params: { carId: car.id }, secrets: [car.model] };
    },
  },
  {
    route: "_my-listings+/my-listings.$carId.edit",
    kind: "action",
    expect: PARTY_ONLY,
    async setup(w) {
      const car = await createCar(w.ctx, w.party.id, { status: "approved", dailyPrice: 5000 });
      const values = fromCar((await findCarForOwner(w.ctx.db, car.id))!, []) as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string")) as Record<
        string,
        string
      >;
      return {
        path: `/my-listings/${car.id}/edit`,
        params: { carId: car.id },
        form: { ...fields, intent: "save", dailyPrice: "42" },
      };
    },
    why: "the owner's listing; its calendar form (block and unblock days) is guarded the same (CALENDAR_FORM)",
    async extra(_w, _run, checkRole) {
      for (const role of ROLES) await checkRole(CALENDAR_FORM, role);
    },
  },
  ...(["loader", "action"] as const).map((kind): Entry => ({
    route: "_my-listings+/pricing.$carId",
    kind,
    expect: PARTY_ONLY,
    why: "the suggested price and taking it are the owner's",
    async setup(w) {
      const car = await createCar(w.ctx, w.party.id, {
        category: "sport",
        fuelType: "diesel",
        year: 2021,
        dailyPrice: 8000,
        model: secret("Model"),
      });
      return { path: `/pricing/${car.id}`, params: { carId: car.id }, form: {} };
    },
  })),

  // --- information pages' forms ----------------------------------------------------------------------------------
  {
    route: "_pages+/contact",
    kind: "action",
    expect: EVERYONE,
    async setup() {
      return {
        path: "/contact",
        form: {
          type: "general",
          name: "Ona Onaitė",
          email: uniqueEmail("contact"),
          subject: "Klausimas",
          message: "Kaip išsinuomoti automobilį savaitgaliui?",
        },
      };
    },
  },
  {
    route: "_pages+/cookies",
    kind: "action",
    expect: EVERYONE,
    writesNothing: "the choice is a cookie",
    async setup() {
      return { path: "/cookies", form: { intent: "accept-all" } };
    },
  },
  {
    route: "_pages+/newsletter",
    kind: "action",
    expect: EVERYONE,
    async setup() {
      return { path: "/newsletter", form: { email: uniqueEmail("news"), inline: "1" } };
    },
  },
  {
    route: "_pages+/newsletter_.confirm",
    kind: "loader",
    expect: EVERYONE,
    why: "the double opt-in link: its token is the credential",
    async setup(w) {
      const token = await requestNewsletterSubscription(w.ctx.db, uniqueEmail("news"), "lt");
      return { path: `/newsletter/confirm?token=${token}` };
    },
    async extra(w, run) {
      const { result, changed } = await run(this, { path: `/newsletter/confirm?token=${"A".repeat(43)}` }, undefined);
      expect((result.data as { email: string | null }).email, "a forged newsletter token").toBeNull();
      expect(changed, "a forged newsletter token changed the database").toEqual([]);
    },
  },
  {
    route: "_pages+/newsletter_.unsubscribe",
    kind: "action",
    expect: EVERYONE,
    why: "the link's HMAC of the subscription is the credential",
    async setup(w) {
      const id = await subscriber(w);
      return {
        path: "/newsletter/unsubscribe",
        form: { id, token: await unsubscribeToken(w.ctx.context.env.sessionSecrets, id) },
      };
    },
    async extra(w, run) {
      const forged = { id: await subscriber(w), token: "A".repeat(43) };
      const { result, changed } = await run(this, { path: "/newsletter/unsubscribe", form: forged }, undefined);
      expect(answerOf(result), "a forged unsubscribe link").toBe("refused");
      expect(changed, "a forged unsubscribe link changed the database").toEqual([]);
    },
  },

  // --- profiles --------------------------------------------------------------------------------------------------
  {
    route: "_profiles+/profile._index",
    kind: "loader",
    expect: OWN_PAGE,
    async setup(w) {
      const bio = secret("Bio");
      await w.ctx.db.update(profiles).set({ bio }).where(eq(profiles.id, w.party.id));
      return { path: "/profile", secrets: [bio] };
    },
  },
  {
    route: "_profiles+/profile._index",
    kind: "action",
    expect: SIGNED_IN,
    why: "each edits their own profile (a fresh account per call)",
    async setup(w, role) {
      const me = await w.fresh(role);
      return {
        path: "/profile?index&edit=1",
        form: { intent: "update", fullName: "Ona Onaitė", phone: "+370 612 34567", location: "Kaunas", bio: "Labas." },
        cookie: me.cookie,
      };
    },
  },
  {
    route: "_profiles+/profile.verification",
    kind: "loader",
    expect: OWN_PAGE,
    async setup(w) {
      const fileName = `${secret("Document")}.pdf`;
      await createDocument(w.ctx, w.party.id, { kind: "driving_licence", fileName });
      return { path: "/profile/verification", secrets: [fileName] };
    },
  },
  {
    route: "_profiles+/profile.verification",
    kind: "action",
    expect: SIGNED_IN,
    why: "each uploads their own document (a fresh, unverified account per call)",
    async setup(w, role) {
      const me = await w.fresh(role);
      return {
        path: "/profile/verification",
        form: multipart({ intent: "upload", kind: "identity", document: pdf("identity") }),
        cookie: me.cookie,
      };
    },
  },
  ...(["loader", "action"] as const).map((kind): Entry => ({
    route: "_profiles+/profile.$userId.message",
    kind,
    expect: guarded("allowed", "notFound", "allowed"),
    why: "anyone signed in may write to a person, not to themselves",
    async setup(w) {
      return {
        path: `/profile/${w.party.id}/message`,
        params: { userId: w.party.id },
        form: { content: "Laba diena!" },
      };
    },
  })),
  // Payouts (decision 023): each user's own payout account; the stand-in onboarding only for the account's host.
  ...((): Entry[] => {
    /** A fresh host whose payout account was made by the page's button, and the stand-in's account id. */
    async function hostWithPayoutAccount(w: World) {
      const host = await w.fresh("party");
      const started = await callRoute(
        functionOf("_profiles+/profile.payouts", "action"),
        formRequest("/profile/payouts", { intent: "start" }, { cookie: host.cookie }),
        w.ctx.context,
      );
      return { host, accountId: new URL(started.location!).pathname.split("/").at(-1)! };
    }
    const ownAccount = (route: string, kind: Kind, path: string): Entry => ({
      route,
      kind,
      expect: OWN_PAGE,
      why: "each reads (or renews the link of) their own payout account; without one nothing is made",
      async setup(w, role) {
        const { host } = await hostWithPayoutAccount(w);
        return { path, cookie: role === "party" ? host.cookie : undefined };
      },
    });
    return [
      ownAccount("_profiles+/profile.payouts", "loader", "/profile/payouts"),
      {
        route: "_profiles+/profile.payouts",
        kind: "action",
        expect: SIGNED_IN,
        why: "each sets up their own payout account (a fresh account per call)",
        async setup(w, role) {
          const me = await w.fresh(role);
          return { path: "/profile/payouts", form: { intent: "start" }, cookie: me.cookie };
        },
      },
      ownAccount("_profiles+/profile.payouts_.return", "loader", "/profile/payouts/return"),
      ownAccount("_profiles+/profile.payouts_.refresh", "loader", "/profile/payouts/refresh"),
      ...(["loader", "action"] as const).map((kind): Entry => ({
        route: "_dev+/dev.connect.$accountId",
        kind,
        expect: guarded("notFound", "allowed", "notFound"),
        why: "only the account's host may complete its stand-in onboarding; 404 in production",
        devOnly: true,
        async setup(w, role) {
          const { host, accountId } = await hostWithPayoutAccount(w);
          return {
            path: `/dev/connect/${accountId}`,
            params: { accountId },
            form: { legalName: "Ona Onaitė", iban: "LT121000011101001000", outcome: "enabled" },
            cookie: role === "party" ? host.cookie : undefined,
          };
        },
      })),
    ];
  })(),

  // --- resources -------------------------------------------------------------------------------------------------
  {
    route: "_resources+/documents.$documentId",
    kind: "loader",
    expect: guarded("forbidden", "allowed", "allowed"),
    why: "identity documents: their owner and the admins who check them",
    async setup(w) {
      const text = secret("Passport");
      const documentId = await createDocument(w.ctx, w.party.id, { text });
      return { path: `/documents/${documentId}`, params: { documentId }, secrets: [text] };
    },
  },
  {
    route: "_resources+/resources.saved-searches",
    kind: "action",
    expect: OWN_PAGE,
    why: "deleting a saved search deletes only one's own: another's id changes nothing",
    async setup(w) {
      const [row] = await w.ctx.db
        .insert(savedSearches)
        .values({ userId: w.party.id, name: "BMW", query: `/cars?q=${secret("bmw")}` })
        .returning({ id: savedSearches.id });
      return { path: "/resources/saved-searches", form: { intent: "delete", id: row!.id } };
    },
  },
  {
    route: "_resources+/resources.theme",
    kind: "action",
    expect: EVERYONE,
    writesNothing: "the choice is a cookie",
    async setup() {
      return { path: "/resources/theme", form: { theme: "dark" } };
    },
  },
  {
    route: "_resources+/webhooks.stripe",
    kind: "action",
    expect: { guest: "refused", other: "refused", party: "refused", admin: "refused" },
    why: "Stripe's signature is the only credential: an unsigned event is refused whoever's cookie it carries",
    stripe: true,
    async setup(w) {
      const { bookingId } = await partyBooking(w, "pending");
      const body = JSON.stringify(checkoutCompleted(bookingId));
      return { path: "/webhooks/stripe", raw: { body, headers: { "Content-Type": "application/json" } } };
    },
    async extra(w, run) {
      const { bookingId } = await partyBooking(w, "pending");
      const signed = (secret: string) => {
        const { body, signature } = signWebhook(checkoutCompleted(bookingId), secret);
        return { path: "/webhooks/stripe", raw: { body, headers: { "Stripe-Signature": signature } } };
      };
      const refused = await run(this, signed("whsec_wrong"), undefined, "stripe");
      expect(answerOf(refused.result), "a webhook signed with the wrong secret").toBe("refused");
      expect(refused.changed, "a webhook signed with the wrong secret changed the database").toEqual([]);
      const accepted = await run(this, signed(WEBHOOK_SECRET), undefined, "stripe");
      expect(accepted.result.status, "a signed webhook").toBe(200);
      expect(accepted.changed.length, "a signed webhook did nothing").toBeGreaterThan(0);
    },
  },

  // --- the catch-all ---------------------------------------------------------------------------------------------
  {
    route: "$",
    kind: "action",
    expect: { guest: "notFound", other: "notFound", party: "notFound", admin: "notFound" },
    why: "a POST to a URL no route claims",
    async setup() {
      return { path: "/no/such/page", form: {} };
    },
  },
];

function checkoutCompleted(bookingId: string) {
  return {
    id: `evt_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: `cs_test_${crypto.randomUUID().replace(/-/g, "")}`,
        object: "checkout.session",
        payment_intent: `pi_${crypto.randomUUID().replace(/-/g, "")}`,
        payment_status: "unpaid",
        metadata: { booking_id: bookingId },
      },
    },
  };
}

export function functionOf(route: string, kind: Kind) {
  const fn = MODULES.get(route)?.[kind];
  if (!fn) throw new Error(`${route} has no ${kind}`);
  return fn as Parameters<typeof callRoute>[0];
}

/** The four people every entry uses, and rows the pricing page's suggestion needs. */
export async function createWorld(ctx: TestContext): Promise<World> {
  async function person(options: Parameters<typeof createUser>[1], fullName: string): Promise<Person> {
    const user = await createUser(ctx, { ...options, fullName });
    await ctx.db
      .update(profiles)
      .set({ dateOfBirth: "1990-05-05", phone: "+37061234567" })
      .where(eq(profiles.id, user.id));
    return {
      id: user.id,
      email: user.email,
      cookie: await sessionCookieFor(ctx, user.id),
      isAdmin: Boolean(options?.isAdmin),
    };
  }
  const [party, counterpart, other, admin] = await Promise.all([
    person({ verified: true, isHost: true }, "Party Person"),
    person({ verified: true, isHost: true }, "Counterpart Person"),
    person({}, "Other Person"),
    person({ isAdmin: true }, "Admin Person"),
  ]);
  // Three public rentals like the party's priced car, for the pricing page's suggestion.
  for (const dailyPrice of [3000, 4000, 9000]) {
    await createCar(ctx, counterpart.id, { category: "sport", fuelType: "diesel", year: 2020, dailyPrice });
  }
  return {
    ctx,
    party,
    counterpart,
    other,
    admin,
    async fresh(role, options = {}) {
      return person({ ...options, isAdmin: role === "admin" || options.isAdmin }, options.fullName ?? "Fresh Person");
    },
  };
}
