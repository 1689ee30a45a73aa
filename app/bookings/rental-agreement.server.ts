// A booking's rental agreement in the database. Who does what (decided here, against the booking row, whatever the
// form says): the host sets the terms, both parties sign. The spec's dialog let anyone edit anything and its
// "send for signature" only showed a message; a marketplace needs terms that one side proposes and both accept, so:
// - the host edits the terms while neither party has signed; the renter reads them; the cancellation policy is not
//   among them: it is the booking's, copied from the listing when it was requested, shown read-only;
// - each party signs only their own side, once; a signature records the time;
// - the first signature locks the terms (both signatures are over the same terms), and with both the agreement
//   is final. A signature names the terms' version the signer saw, so nobody signs terms that changed meanwhile.
// Every check that matters is in the write's WHERE clause, so two tabs or two people at once cannot get around it.
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { bookings, profiles, rentalAgreements } from "#db/schema";
import { hasAgreement, roleIn, type BookingRole, type BookingStatus } from "~/bookings/booking-rules";
import { termsVersion, type AgreementTerms } from "~/bookings/rental-agreement";
import type { Db } from "~/db.server";
import { displayName } from "~/profiles/display-name";

export interface AgreementBooking {
  id: string;
  status: BookingStatus;
  renterId: string;
  ownerId: string;
}

const columns = {
  bookingId: rentalAgreements.bookingId,
  mileageLimitPerDay: rentalAgreements.mileageLimitPerDay,
  fuelPolicy: rentalAgreements.fuelPolicy,
  damagePolicy: rentalAgreements.damagePolicy,
  lateReturnFee: rentalAgreements.lateReturnFee,
  excessKmFee: rentalAgreements.excessKmFee,
  additionalTerms: rentalAgreements.additionalTerms,
  renterSignedAt: rentalAgreements.renterSignedAt,
  hostSignedAt: rentalAgreements.hostSignedAt,
};

export type Agreement = AgreementTerms & {
  bookingId: string;
  renterSignedAt: Date | null;
  hostSignedAt: Date | null;
};

export const termsOf = (agreement: Agreement): AgreementTerms => ({
  mileageLimitPerDay: agreement.mileageLimitPerDay,
  fuelPolicy: agreement.fuelPolicy,
  damagePolicy: agreement.damagePolicy,
  lateReturnFee: agreement.lateReturnFee,
  excessKmFee: agreement.excessKmFee,
  additionalTerms: agreement.additionalTerms,
});

/** Nobody has signed: the host may still change the terms. */
export const isEditable = (agreement: Pick<Agreement, "renterSignedAt" | "hostSignedAt">) =>
  agreement.renterSignedAt === null && agreement.hostSignedAt === null;

const signedColumn = (role: BookingRole) =>
  role === "renter" ? rentalAgreements.renterSignedAt : rentalAgreements.hostSignedAt;

/** The stored terms are exactly these (null-safe for the additional terms). */
function termsAre(terms: AgreementTerms): SQL {
  return and(
    eq(rentalAgreements.mileageLimitPerDay, terms.mileageLimitPerDay),
    eq(rentalAgreements.fuelPolicy, terms.fuelPolicy),
    eq(rentalAgreements.damagePolicy, terms.damagePolicy),
    eq(rentalAgreements.lateReturnFee, terms.lateReturnFee),
    eq(rentalAgreements.excessKmFee, terms.excessKmFee),
    sql`${rentalAgreements.additionalTerms} is ${terms.additionalTerms}`,
  )!;
}

/**
 * The booking's agreement, made with the defaults (part 2 §9) the first time either party opens it. The caller
 * has checked that the booking has one (confirmed, active or completed). Its cancellation policy column keeps the
 * booking's (the term the renter booked under); the page reads the booking's, which nobody edits.
 */
export async function getOrCreateAgreement(db: Db, bookingId: string): Promise<Agreement> {
  const [, [row]] = await db.batch([
    db
      .insert(rentalAgreements)
      .values({
        bookingId,
        cancellationPolicy: sql`(select ${bookings.cancellationPolicy} from ${bookings} where ${bookings.id} = ${bookingId})`,
      })
      .onConflictDoNothing(),
    db.select(columns).from(rentalAgreements).where(eq(rentalAgreements.bookingId, bookingId)).limit(1),
  ]);
  return row!;
}

/**
 * The booking's agreement if someone opened it already, else null: a read, so a page can ask for it beside its other
 * reads and write (getOrCreateAgreement) only the first time.
 */
export async function findAgreement(db: Db, bookingId: string): Promise<Agreement | null> {
  const [row] = await db
    .select(columns)
    .from(rentalAgreements)
    .where(eq(rentalAgreements.bookingId, bookingId))
    .limit(1);
  return row ?? null;
}

/**
 * What the agreement's page and its download read beside the booking's row, by the booking's id alone: the agreement
 * if it was made already, and the two parties' profiles (one round trip with the session's lookup, decision 002).
 */
export function findAgreementReads(db: Db, bookingId: string) {
  return Promise.all([findAgreement(db, bookingId), findPartyProfiles(db, bookingId)]);
}

/**
 * The agreement and the parties' names (a company by its name), once the booking's row showed the reader a party and
 * that it has an agreement: the first opening makes it, a write after the check (one round trip more).
 */
export async function openAgreement(
  db: Db,
  booking: Pick<AgreementBooking, "id" | "renterId" | "ownerId">,
  [found, profiles]: Awaited<ReturnType<typeof findAgreementReads>>,
) {
  return { agreement: found ?? (await getOrCreateAgreement(db, booking.id)), parties: partyNames(profiles, booking) };
}

/**
 * The two parties' profiles of a booking by its id alone (a subquery of its renter and owner), to read beside the
 * booking's own row in one round trip; partyNames turns them into names once the booking is known.
 */
export function findPartyProfiles(db: Db, bookingId: string) {
  const party = (column: typeof bookings.renterId | typeof bookings.ownerId) =>
    db.select({ id: column }).from(bookings).where(eq(bookings.id, bookingId));
  return partyProfiles(
    db,
    or(inArray(profiles.id, party(bookings.renterId)), inArray(profiles.id, party(bookings.ownerId))),
  );
}

function partyProfiles(db: Db, which: SQL | undefined) {
  return db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      accountType: profiles.accountType,
      email: profiles.email,
    })
    .from(profiles)
    .where(which);
}

export function partyNames(
  rows: Awaited<ReturnType<typeof partyProfiles>>,
  booking: Pick<AgreementBooking, "renterId" | "ownerId">,
) {
  const nameOf = (id: string) => {
    const row = rows.find((r) => r.id === id);
    return displayName(row) || row?.email || "";
  };
  return { renter: nameOf(booking.renterId), host: nameOf(booking.ownerId) };
}

export type SaveTermsOutcome =
  | { status: "saved"; agreement: Agreement }
  | { status: "not-host" }
  | { status: "not-available" }
  | { status: "locked" };

/** The host changes the terms; refused once anyone has signed. Saving signs nothing and clears nothing. */
export async function saveAgreementTerms(
  db: Db,
  booking: AgreementBooking,
  userId: string,
  terms: AgreementTerms,
): Promise<SaveTermsOutcome> {
  if (roleIn(booking, userId) !== "host") return { status: "not-host" };
  if (!hasAgreement(booking.status)) return { status: "not-available" };
  await getOrCreateAgreement(db, booking.id);
  const [saved] = await db
    .update(rentalAgreements)
    .set(terms)
    .where(
      and(
        eq(rentalAgreements.bookingId, booking.id),
        isNull(rentalAgreements.renterSignedAt),
        isNull(rentalAgreements.hostSignedAt),
      ),
    )
    .returning(columns);
  return saved ? { status: "saved", agreement: saved } : { status: "locked" };
}

export type SignOutcome =
  | { status: "signed"; agreement: Agreement; role: BookingRole }
  | { status: "not-party" }
  | { status: "not-available" }
  | { status: "already-signed" }
  | { status: "terms-changed" };

/** A party signs their own side of the terms whose version they saw; the time is `now`, set once. */
export async function signAgreement(
  db: Db,
  booking: AgreementBooking,
  userId: string,
  seenVersion: string,
  now: Date = new Date(),
): Promise<SignOutcome> {
  const role = roleIn(booking, userId);
  if (!role) return { status: "not-party" };
  if (!hasAgreement(booking.status)) return { status: "not-available" };
  const current = await getOrCreateAgreement(db, booking.id);
  const own = role === "renter" ? current.renterSignedAt : current.hostSignedAt;
  if (own) return { status: "already-signed" };
  if (termsVersion(termsOf(current)) !== seenVersion) return { status: "terms-changed" };
  const column = signedColumn(role);
  const [signed] = await db
    .update(rentalAgreements)
    .set(role === "renter" ? { renterSignedAt: now } : { hostSignedAt: now })
    .where(and(eq(rentalAgreements.bookingId, booking.id), isNull(column), termsAre(termsOf(current))))
    .returning(columns);
  if (signed) return { status: "signed", agreement: signed, role };
  // Someone was quicker: this side was signed in another tab, or the host changed the terms.
  const after = await getOrCreateAgreement(db, booking.id);
  return (role === "renter" ? after.renterSignedAt : after.hostSignedAt)
    ? { status: "already-signed" }
    : { status: "terms-changed" };
}
