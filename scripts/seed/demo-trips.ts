// The demo's trips (decision 022): what a newcomer sees after `npm start` — active bookings with their check-in recorded
// (photos by side, odometer, fuel, confirmed by the renter), the last month's completed trips with both ends recorded
// and their deposits returned by refunds, and one trip of the demo renter with the demo host that came back late and
// over its kilometres, with the host's claim waiting for the renter's answer. Older trips predate the records.
import type * as schema from "../../db/schema";
import type { DemoMoney } from "./demo-money";
import type { PhotoSpec } from "./photos";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];
type BookingRow = Insert<typeof schema.bookings> & { id: string };
type RecordRow = Insert<typeof schema.tripRecords>;
type TripPhotoRow = Insert<typeof schema.tripPhotos>;
type ClaimRow = Insert<typeof schema.damageClaims>;
type RefundRow = Insert<typeof schema.refunds>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ANGLES = ["front", "back", "left", "right"] as const;

export interface TripCar {
  mileage: number;
  spec: PhotoSpec;
  electric: boolean;
  /** Per-day allowance and late fee of the booking's agreement (cents per hour). */
  mileageLimitPerDay: number;
  lateReturnFee: number;
}

export interface DemoTrips {
  records: RecordRow[];
  photos: TripPhotoRow[];
  photoJobs: Array<{ prefix: string; spec: PhotoSpec }>;
  claims: ClaimRow[];
  refunds: RefundRow[];
}

/**
 * Adds the trips to the bookings (their deposit_status, deposit_kept, claim_window_ends_at are set here) and
 * returns the rows and photo jobs they need. `claimOn` is the booking that gets the waiting claim.
 */
export function buildDemoTrips(input: {
  bookings: BookingRow[];
  carOf: (booking: BookingRow) => TripCar;
  start: (booking: BookingRow) => number;
  end: (booking: BookingRow) => number;
  nowMs: number;
  claimOn: BookingRow | null;
  /** The refunds' ids, as the stand-in gives them. */
  money: Pick<DemoMoney, "id">;
  uuid: () => string;
  pick: (low: number, high: number) => number;
}): DemoTrips {
  const trips: DemoTrips = { records: [], photos: [], photoJobs: [], claims: [], refunds: [] };
  const recent = (booking: BookingRow) => input.end(booking) > input.nowMs - 30 * DAY;

  const record = (
    booking: BookingRow,
    kind: "check_in" | "check_out",
    at: number,
    odometerKm: number,
    fuel: number,
  ) => {
    const car = input.carOf(booking);
    const byHost = kind === "check_in" || input.pick(0, 1) === 0;
    const recordedBy = byHost ? booking.ownerId : booking.renterId;
    const other = byHost ? booking.renterId : booking.ownerId;
    trips.records.push({
      id: input.uuid(),
      bookingId: booking.id,
      kind,
      recordedBy,
      odometerKm,
      fuelLevel: fuel,
      note: null,
      recordedAt: new Date(at),
      confirmedBy: at + 2 * HOUR < input.nowMs ? other : null,
      confirmedAt: at + 2 * HOUR < input.nowMs ? new Date(at + input.pick(10, 90) * 60_000) : null,
    });
    ANGLES.forEach((angle, position) => {
      const storageKey = `private/trips/${booking.id}/${input.uuid()}`;
      trips.photos.push({
        id: input.uuid(),
        bookingId: booking.id,
        subject: kind,
        angle,
        uploadedBy: recordedBy,
        storageKey,
        width: 1600,
        height: 1200,
        position,
        createdAt: new Date(at),
      });
      // The renderer draws a car from its side: the four sides are its two sides in two places.
      trips.photoJobs.push({
        prefix: storageKey,
        spec: {
          ...car.spec,
          mirrored: angle === "left" || angle === "back",
          background: angle === "front" || angle === "back" ? "city" : car.spec.background,
        },
      });
    });
  };

  const returnDeposit = (booking: BookingRow, checkedOutAt: number) => {
    const returnedAt = checkedOutAt + DAY + input.pick(1, 9) * 60_000;
    booking.depositStatus = "returned";
    trips.refunds.push({
      id: input.uuid(),
      bookingId: booking.id,
      kind: "deposit",
      amount: booking.depositAmount ?? 0,
      status: "succeeded",
      idempotencyKey: `refund-${booking.id}-deposit`,
      attempts: 1,
      stripeRefundId: input.money.id("re"),
      succeededAt: new Date(returnedAt),
      createdAt: new Date(returnedAt),
    });
  };

  for (const booking of input.bookings) {
    const deposit = booking.depositAmount ?? 0;
    if (booking.paymentStatus === "captured" && deposit > 0) booking.depositStatus = "held";
    const status = booking.status;
    if (status === "completed" && !recent(booking)) {
      // Before trips were recorded: the deposit went back a day after the rental.
      const completedAt = booking.completedAt instanceof Date ? booking.completedAt.getTime() : input.end(booking);
      booking.claimWindowEndsAt = new Date(completedAt + DAY);
      if (deposit > 0) returnDeposit(booking, completedAt);
      continue;
    }
    if (status !== "active" && status !== "completed") continue;

    const car = input.carOf(booking);
    const checkInAt = input.start(booking) + input.pick(-20, 25) * 60_000;
    const fuelOut = car.electric ? input.pick(6, 8) : 8;
    record(booking, "check_in", Math.min(checkInAt, input.nowMs - HOUR), car.mileage, fuelOut);
    if (status !== "completed") continue;

    const claimed = booking === input.claimOn;
    const allowance = car.mileageLimitPerDay * booking.totalDays;
    // The claimed trip came back two hours late and 112 km over its allowance; the others on time and within it.
    const driven = claimed ? allowance + 112 : input.pick(60, allowance - 20);
    const checkOutAt = claimed ? input.end(booking) + 2 * HOUR : input.end(booking) + input.pick(-40, 10) * 60_000;
    record(booking, "check_out", checkOutAt, car.mileage + driven, claimed ? 3 : fuelOut);
    booking.completedAt = new Date(checkOutAt);
    booking.claimWindowEndsAt = new Date(checkOutAt + DAY);
    if (deposit === 0) continue;
    if (claimed) {
      // 112 km × 0.20 € and 2 hours × the agreement's late fee, as the claim form proposes them.
      const amount = Math.min(deposit, 112 * 20 + 2 * car.lateReturnFee);
      const filedAt = checkOutAt + 5 * HOUR;
      booking.depositStatus = "claimed";
      trips.claims.push({
        id: input.uuid(),
        bookingId: booking.id,
        filedBy: booking.ownerId,
        description:
          "Automobilis grąžintas 2 valandomis vėliau ir su 112 km viršyta rida. / The car came back two hours late and 112 km over the allowance.",
        amount,
        categories: ["excess_km", "late_return"],
        excessKm: 112,
        lateHours: 2,
        status: "awaiting_renter",
        respondBy: new Date(filedAt + 72 * HOUR),
        createdAt: new Date(filedAt),
      });
    } else if (checkOutAt + DAY < input.nowMs) {
      returnDeposit(booking, checkOutAt);
    }
  }
  return trips;
}
