// The demo data set: people, listings, bookings, reviews, conversations, notifications and statistics that tell
// one consistent story. Everything is built in memory from a seeded PRNG, the photos are uploaded, and then every
// row is written in one atomic batch, so a failed run leaves the database as it was.
import type { Client } from "@libsql/client";
import { inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { hashPassword } from "../../app/accounts/password.server";
import { parseEnv, type WorkerEnv } from "../../app/env.server";
import {
  depositFor,
  priceBooking,
  rentalCharge,
  roundCents,
  type CarPrices,
  type InsuranceChoice,
  type PricingPeriod,
} from "../../app/pricing/booking-price";
import * as schema from "../../db/schema";
import {
  askingPriceCents,
  catalogueModel,
  driverPrices,
  makePlate,
  makeVin,
  marketValueEuros,
  pickFeatures,
  pickMileage,
  pickPaint,
  pickYear,
  rentalPrices,
  type CatalogueModel,
  type Engine,
} from "./catalogue";
import {
  BLOCKED_DAY_PLANS,
  BOOKING_PLANS,
  CAR_PLANS,
  CONVERSATIONS,
  DEMO_PASSWORD,
  FAVORITE_PLANS,
  PEOPLE,
  SAVED_SEARCHES,
  type CarPlan,
  type DemoPerson,
  type InsuranceKey,
  type PersonKey,
} from "./demo-data";
import { rowRentalChargeId } from "../../app/payments/charges.server";
import { demoMoney } from "./demo-money";
import { buildDemoPayouts, demoPayoutSince, type DemoPayouts } from "./demo-payouts";
import { buildDemoTrips, type DemoTrips } from "./demo-trips";
import type { PhotoStore } from "./photo-store";
import { samplePdf } from "./sample-document";
import { BACKGROUNDS, renderAvatar, renderPhoto, type Background, type BodyShape, type PhotoSpec } from "./photos";
import { BORDER_SPOTS, CITIES, type Spot } from "./places";
import { createRandom, type Random } from "./random";
import { carForText, conditionText, describeCar, rentalRules, reviewText, type Language } from "./texts";
import { addDays, atLocalHour, DAY, daysBetween, HOUR, isWeekend, mapLimit, MINUTE, vilniusDay } from "./time";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];
type UserRow = Insert<typeof schema.users>;
type ProfileRow = Insert<typeof schema.profiles>;
type CarRow = Insert<typeof schema.cars> & { id: string };
type CarImageRow = Insert<typeof schema.carImages>;
type PickupRow = Insert<typeof schema.pickupPoints> & { id: string };
type InsuranceRow = Insert<typeof schema.insurancePackages> & { id: string };
type BookingRow = Insert<typeof schema.bookings> & { id: string };
type BookingInsuranceRow = Insert<typeof schema.bookingInsurance>;
type AgreementRow = Insert<typeof schema.rentalAgreements>;
type ReviewRow = Insert<typeof schema.reviews>;
type FavoriteRow = Insert<typeof schema.favorites>;
type SavedSearchRow = Insert<typeof schema.savedSearches>;
type ConversationRow = Insert<typeof schema.conversations>;
type MessageRow = Insert<typeof schema.messages>;
type NotificationRow = Insert<typeof schema.notifications>;
type StatsRow = Insert<typeof schema.listingDailyStats>;
type DocumentRow = Insert<typeof schema.verificationDocuments>;
type ContactRow = Insert<typeof schema.contactMessages>;
type BlockedDayRow = Insert<typeof schema.carBlockedDays>;

export const DEMO_SEED = "ratai-demo-v1";

/** The pepper the local Worker uses: PASSWORD_PEPPER when set, else the development default of env.server. */
export function localPasswordPepper(env: Record<string, string | undefined> = process.env): string {
  const raw = { PASSWORD_PEPPER: env.PASSWORD_PEPPER || undefined } as unknown as WorkerEnv;
  return parseEnv(raw).passwordPepper;
}

export interface SeedDemoOptions {
  /** "Now" for every relative date; tests pin it. */
  now?: Date;
  pepper?: string;
  seed?: string;
}

export interface DemoCounts {
  users: number;
  cars: number;
  publicCars: number;
  carImages: number;
  pickupPoints: number;
  insurancePackages: number;
  bookings: number;
  reviews: number;
  conversations: number;
  messages: number;
  notifications: number;
  favorites: number;
  savedSearches: number;
  dailyStats: number;
  photoObjects: number;
  photoBytes: number;
}

export type SeedDemoResult =
  { status: "seeded"; counts: DemoCounts } | { status: "already-seeded"; existingEmails: string[] };

/** Demo e-mails already in the database; the demo is never written twice. */
export async function existingDemoEmails(client: Client): Promise<string[]> {
  const db = drizzle(client);
  const rows = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(
      inArray(
        schema.users.email,
        PEOPLE.map((p) => p.email),
      ),
    );
  return rows.map((r) => r.email);
}

export async function seedDemo(
  client: Client,
  photos: PhotoStore,
  options: SeedDemoOptions = {},
): Promise<SeedDemoResult> {
  const existing = await existingDemoEmails(client);
  if (existing.length > 0) return { status: "already-seeded", existingEmails: existing };

  const now = options.now ?? new Date();
  const data = buildDemo(now, createRandom(options.seed ?? DEMO_SEED));
  const pepper = options.pepper ?? localPasswordPepper();

  const [photoTotals, hashes] = await Promise.all([
    uploadPhotos(photos, data.photoJobs, data.avatarJobs),
    Promise.all(data.users.map(() => hashPassword(DEMO_PASSWORD, pepper))),
    Promise.all(data.documentJobs.map((job) => photos.put(job.key, job.bytes))),
  ]);
  data.users.forEach((user, i) => (user.passwordHash = hashes[i] as string));

  await writeAll(client, data);
  return {
    status: "seeded",
    counts: {
      users: data.users.length,
      cars: data.cars.length,
      publicCars: data.cars.filter((c) => c.status === "approved" && c.available !== false).length,
      carImages: data.carImages.length,
      pickupPoints: data.pickupPoints.length,
      insurancePackages: data.insurance.length,
      bookings: data.bookings.length,
      reviews: data.reviews.length,
      conversations: data.conversations.length,
      messages: data.messages.length,
      notifications: data.notifications.length,
      favorites: data.favorites.length,
      savedSearches: data.savedSearches.length,
      dailyStats: data.stats.length,
      ...photoTotals,
    },
  };
}

// ------------------------------------------------------------------ photos

interface PhotoJob {
  prefix: string;
  spec: PhotoSpec;
}

interface AvatarJob {
  key: string;
  person: DemoPerson;
}

interface DocumentJob {
  key: string;
  bytes: Uint8Array;
}

async function uploadPhotos(store: PhotoStore, photoJobs: PhotoJob[], avatarJobs: AvatarJob[]) {
  let photoObjects = 0;
  let photoBytes = 0;
  // Renders are CPU-bound in sharp's thread pool; a few at a time keeps every core busy without queueing hundreds.
  await mapLimit(photoJobs, 4, async (job) => {
    const photo = await renderPhoto(job.spec);
    await Promise.all([
      store.put(`${job.prefix}/card.webp`, photo.card),
      store.put(`${job.prefix}/medium.webp`, photo.medium),
      store.put(`${job.prefix}/full.webp`, photo.full),
    ]);
    photoObjects += 3;
    photoBytes += photo.card.byteLength + photo.medium.byteLength + photo.full.byteLength;
  });
  await mapLimit(avatarJobs, 4, async (job) => {
    if (!job.person.avatar) return;
    const bytes = await renderAvatar(job.person.avatar);
    await store.put(job.key, bytes);
    photoObjects += 1;
    photoBytes += bytes.byteLength;
  });
  return { photoObjects, photoBytes };
}

// ------------------------------------------------------------------ building the data set

/** The order of places a car of this shape and colour is photographed in, and which side faces the camera. */
function photoShoot(shape: BodyShape, colour: string): Array<{ background: Background; mirrored: boolean }> {
  const random = createRandom(`shoot:${shape}:${colour}`);
  return random.shuffle(BACKGROUNDS).map((background) => ({ background, mirrored: random.chance(0.4) }));
}

interface BuiltCar {
  plan: CarPlan;
  row: CarRow;
  model: CatalogueModel;
  engine: Engine;
  owner: DemoPerson;
  ownerId: string;
  rentalPrices: CarPrices;
  driverPrices: CarPrices | null;
  pickups: PickupRow[];
  approvedDay: string | null;
}

interface DemoData {
  users: UserRow[];
  profiles: ProfileRow[];
  insurance: InsuranceRow[];
  cars: CarRow[];
  carImages: CarImageRow[];
  pickupPoints: PickupRow[];
  bookings: BookingRow[];
  bookingInsurance: BookingInsuranceRow[];
  agreements: AgreementRow[];
  reviews: ReviewRow[];
  favorites: FavoriteRow[];
  savedSearches: SavedSearchRow[];
  conversations: ConversationRow[];
  messages: MessageRow[];
  notifications: NotificationRow[];
  stats: StatsRow[];
  photoJobs: PhotoJob[];
  avatarJobs: AvatarJob[];
  documents: DocumentRow[];
  documentJobs: DocumentJob[];
  contactMessages: ContactRow[];
  blockedDays: BlockedDayRow[];
  trips: DemoTrips;
  payouts: DemoPayouts;
  stripeEvents: Insert<typeof schema.stripeEvents>[];
  charges: { charges: Insert<typeof schema.charges>[]; lineItems: Insert<typeof schema.chargeLineItems>[] };
}

type PackageKey = Exclude<InsuranceKey, "none">;
type PackageText = Pick<InsuranceRow, "name" | "description"> & {
  coverageDetails: NonNullable<InsuranceRow["coverageDetails"]>;
};

/**
 * The packages a renter chooses from, in both languages. "No additional insurance" is the booking page's own choice,
 * not a package (a free package would offer it twice). db/migrations/0011 translates these same English texts.
 */
const INSURANCE: Record<
  PackageKey,
  Omit<
    InsuranceRow,
    | "id"
    | "createdAt"
    | "updatedAt"
    | "name"
    | "nameLt"
    | "nameEn"
    | "description"
    | "descriptionLt"
    | "descriptionEn"
    | "coverageDetails"
    | "coverageDetailsLt"
    | "coverageDetailsEn"
  > & { en: PackageText; lt: PackageText; choice: (carValue: number | null) => InsuranceChoice }
> = {
  basic: {
    provider: "BTA Baltic Insurance Company",
    pricePerDay: 900,
    deductible: 150000,
    maxCoverage: 2500000,
    isPopular: false,
    sortOrder: 1,
    en: {
      name: "Basic Protection",
      description: "Covers collision damage and theft with a moderate deductible. A sensible minimum for city driving.",
      coverageDetails: {
        coverage: ["Collision damage to the rented car", "Theft and attempted theft", "Fire and natural hazards"],
        features: ["24/7 claims hotline +370 700 55 400", "Emergency contact in Lithuanian and English"],
        exclusions: ["Glass, tyres and wheels", "Damage while driving under the influence", "Personal belongings"],
      },
    },
    lt: {
      name: "Bazinė apsauga",
      description:
        "Apima susidūrimo žalą ir vagystę, taikoma vidutinė išskaita. Protingas minimumas važinėjant mieste.",
      coverageDetails: {
        coverage: [
          "Nuomojamo automobilio susidūrimo žala",
          "Vagystė ir pasikėsinimas pavogti",
          "Gaisras ir gamtos reiškiniai",
        ],
        features: [
          "Žalų registravimo linija visą parą +370 700 55 400",
          "Pagalba nelaimės atveju lietuvių ir anglų kalbomis",
        ],
        exclusions: ["Stiklai, padangos ir ratai", "Žala vairuojant apsvaigus", "Asmeniniai daiktai"],
      },
    },
    choice: () => ({ kind: "per-day", pricePerDay: 900 }),
  },
  standard: {
    provider: "Lietuvos draudimas",
    pricePerDay: 1500,
    deductible: 50000,
    maxCoverage: 5000000,
    isPopular: true,
    sortOrder: 2,
    en: {
      name: "Standard Coverage",
      description:
        "Our most chosen plan: a low deductible, glass and tyres included, and roadside assistance across the Baltics.",
      coverageDetails: {
        coverage: [
          "Collision damage to the rented car",
          "Theft and vandalism",
          "Glass, tyres and wheels",
          "Fire and natural hazards",
        ],
        features: [
          "Roadside assistance in Lithuania, Latvia and Estonia",
          "24/7 claims hotline +370 700 55 500",
          "Replacement car after 24 hours",
        ],
        exclusions: ["Damage while driving under the influence", "Track days and racing", "Personal belongings"],
      },
    },
    lt: {
      name: "Standartinė apsauga",
      description:
        "Dažniausiai renkamas planas: maža išskaita, stiklai ir padangos įskaičiuoti, pagalba kelyje visose Baltijos šalyse.",
      coverageDetails: {
        coverage: [
          "Nuomojamo automobilio susidūrimo žala",
          "Vagystė ir vandalizmas",
          "Stiklai, padangos ir ratai",
          "Gaisras ir gamtos reiškiniai",
        ],
        features: [
          "Pagalba kelyje Lietuvoje, Latvijoje ir Estijoje",
          "Žalų registravimo linija visą parą +370 700 55 500",
          "Pakaitinis automobilis po 24 valandų",
        ],
        exclusions: ["Žala vairuojant apsvaigus", "Važiavimas trasose ir lenktynės", "Asmeniniai daiktai"],
      },
    },
    choice: () => ({ kind: "per-day", pricePerDay: 1500 }),
  },
  premium: {
    provider: "ERGO Insurance SE",
    pricePerDay: null,
    pricePercentage: 0.5,
    deductible: 0,
    maxCoverage: 15000000,
    isPopular: false,
    sortOrder: 3,
    en: {
      name: "Premium Plus",
      description:
        "Full cover with no deductible, priced as a share of the car's value for the whole rental. Recommended for sports, exotic and classic cars.",
      coverageDetails: {
        coverage: [
          "All damage to the rented car with no deductible",
          "Theft and vandalism",
          "Glass, tyres, wheels and underbody",
          "Personal accident cover for driver and passengers",
        ],
        features: [
          "Roadside assistance across the EU",
          "Replacement car of the same class",
          "24/7 claims hotline +370 700 55 600",
          "Dedicated claims manager",
        ],
        exclusions: ["Driving under the influence", "Racing and timed events"],
      },
    },
    lt: {
      name: "Premium Plius",
      description:
        "Visiška apsauga be išskaitos; kaina – automobilio vertės dalis už visą nuomą. Rekomenduojama sportiniams, egzotiniams ir klasikiniams automobiliams.",
      coverageDetails: {
        coverage: [
          "Visa nuomojamo automobilio žala be išskaitos",
          "Vagystė ir vandalizmas",
          "Stiklai, padangos, ratai ir dugnas",
          "Vairuotojo ir keleivių draudimas nuo nelaimingų atsitikimų",
        ],
        features: [
          "Pagalba kelyje visoje ES",
          "Tos pačios klasės pakaitinis automobilis",
          "Žalų registravimo linija visą parą +370 700 55 600",
          "Asmeninis žalų vadybininkas",
        ],
        exclusions: ["Vairavimas apsvaigus", "Lenktynės ir laiko varžybos"],
      },
    },
    choice: (carValue) => ({ kind: "percentage", percent: 0.5, carValue }),
  },
};

function buildDemo(now: Date, random: Random): DemoData {
  const nowMs = now.getTime();
  const today = vilniusDay(now);
  const currentYear = Number(today.slice(0, 4));
  const idRandom = random.fork("ids");
  const clampPast = (ms: number) => Math.min(ms, nowMs - MINUTE);

  // ---------------------------------------------------------------- people
  const people = new Map<PersonKey, { person: DemoPerson; id: string; createdAt: number }>();
  const users: UserRow[] = [];
  const profiles: ProfileRow[] = [];
  const avatarJobs: AvatarJob[] = [];
  const peopleRandom = random.fork("people");
  for (const person of PEOPLE) {
    const id = idRandom.uuid();
    const createdAt =
      person.joinedMonthsAgo === 0
        ? nowMs - 2 * DAY - peopleRandom.int(0, 20) * HOUR
        : nowMs - person.joinedMonthsAgo * 30 * DAY - peopleRandom.int(0, 20) * DAY;
    people.set(person.key, { person, id, createdAt });
    users.push({
      id,
      email: person.email,
      passwordHash: "",
      emailConfirmedAt: new Date(createdAt + peopleRandom.int(2, 40) * MINUTE),
      isAdmin: person.isAdmin ?? false,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    });
    let avatarKey: string | null = null;
    if (person.avatar) {
      avatarKey = `avatars/${id}/${idRandom.uuid()}`;
      avatarJobs.push({ key: `${avatarKey}/avatar.webp`, person });
    }
    profiles.push({
      id,
      email: person.email,
      accountType: person.accountType,
      fullName: person.fullName,
      companyName: person.companyName ?? null,
      companyNumber: person.companyNumber ?? null,
      avatarKey,
      phone: person.phone ?? null,
      bio: person.bio ?? null,
      location: person.city,
      dateOfBirth: person.dateOfBirth ?? null,
      verificationStatus: person.verification,
      verificationNote: person.verificationNote ?? null,
      verificationSubmittedAt:
        person.documentsInReviewDaysAgo === undefined
          ? null
          : new Date(clampPast(nowMs - person.documentsInReviewDaysAgo * DAY - peopleRandom.int(1, 8) * HOUR)),
      isHost: person.isHost ?? false,
      hostSince: person.isHost ? new Date(createdAt + peopleRandom.int(5, 30) * DAY) : null,
      termsAcceptedAt: new Date(createdAt),
      privacyAcceptedAt: new Date(createdAt),
      marketingConsent: person.marketingConsent ?? false,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    });
  }
  // Identity documents waiting for an admin: sample PDFs in the private part of the bucket, as an upload leaves them.
  const documents: DocumentRow[] = [];
  const documentJobs: DocumentJob[] = [];
  const documentRandom = random.fork("documents");
  for (const { person, id } of people.values()) {
    if (person.documentsInReviewDaysAgo === undefined) continue;
    const kinds = [
      ["identity", "Asmens tapatybes kortele", "asmens-tapatybes-kortele.pdf"],
      ["driving_licence", "Vairuotojo pazymejimas", "vairuotojo-pazymejimas.pdf"],
    ] as const;
    for (const [kind, title, fileName] of kinds) {
      const key = `private/verification/${id}/${documentRandom.uuid()}`;
      const bytes = samplePdf([
        `${title} - PAVYZDYS / SAMPLE`,
        person.fullName,
        `Gimimo data: ${person.dateOfBirth ?? "1988-04-12"}`,
        "Ratai demonstracinis dokumentas: ne tikras asmens dokumentas.",
      ]);
      documentJobs.push({ key, bytes });
      documents.push({
        id: documentRandom.uuid(),
        userId: id,
        kind,
        storageKey: key,
        contentType: "application/pdf",
        sizeBytes: bytes.byteLength,
        fileName,
        createdAt: new Date(clampPast(nowMs - person.documentsInReviewDaysAgo * DAY - 10 * HOUR)),
      });
    }
  }

  const who = (key: PersonKey) => {
    const entry = people.get(key);
    if (!entry) throw new Error(`Unknown person ${key}`);
    return entry;
  };
  const admin = who("admin");

  // ---------------------------------------------------------------- insurance packages
  const packagesCreated = admin.createdAt + 2 * DAY;
  const insuranceIds = {} as Record<PackageKey, string>;
  const insurance: InsuranceRow[] = (Object.keys(INSURANCE) as PackageKey[]).map((key) => {
    const { choice: _choice, en, lt, ...row } = INSURANCE[key];
    const id = idRandom.uuid();
    insuranceIds[key] = id;
    return {
      ...row,
      id,
      nameLt: lt.name,
      nameEn: en.name,
      name: en.name,
      descriptionLt: lt.description,
      descriptionEn: en.description,
      description: en.description,
      coverageDetailsLt: lt.coverageDetails,
      coverageDetailsEn: en.coverageDetails,
      coverageDetails: en.coverageDetails,
      active: true,
      createdAt: new Date(packagesCreated),
      updatedAt: new Date(packagesCreated),
    };
  });

  // ---------------------------------------------------------------- cars
  // The first and last booking of each car decide how early it must have been approved and its day limits.
  const bookingSpan = new Map<string, { earliest: number; shortest: number; longest: number }>();
  for (const plan of BOOKING_PLANS) {
    const span = bookingSpan.get(plan.car) ?? { earliest: Infinity, shortest: Infinity, longest: 0 };
    span.earliest = Math.min(span.earliest, plan.start);
    span.shortest = Math.min(span.shortest, plan.days);
    span.longest = Math.max(span.longest, plan.days);
    bookingSpan.set(plan.car, span);
  }

  const cars: BuiltCar[] = [];
  const carImages: CarImageRow[] = [];
  const pickupPoints: PickupRow[] = [];
  const photoJobs: PhotoJob[] = [];
  for (const plan of CAR_PLANS) {
    const carRandom = random.fork(`car:${plan.ref}`);
    const owner = who(plan.owner);
    const model = catalogueModel(plan.model);
    const engines = model.engines.filter(
      (e) => (!plan.fuel || e.fuel === plan.fuel) && (!plan.transmission || e.transmission === plan.transmission),
    );
    if (engines.length === 0)
      throw new Error(`${plan.ref}: ${model.key} has no ${plan.fuel ?? ""} ${plan.transmission ?? ""} engine`);
    if (model.saleOnly && plan.type !== "sale") throw new Error(`${plan.ref}: ${model.key} is sold, not rented`);
    const engine = carRandom.pick(engines);
    const year = pickYear(model, carRandom, currentYear);
    const mileage = pickMileage(model, engine, year, carRandom, currentYear);
    const paint = pickPaint(model, carRandom);
    const valueEuros = marketValueEuros(model, year, mileage, carRandom, currentYear);
    const rents = plan.type !== "sale";
    const sells = plan.type !== "rental";
    const salePrice = sells ? askingPriceCents(valueEuros) : null;
    const prices = rents ? rentalPrices(model, year, carRandom, currentYear) : null;
    const driver = rents && plan.driver && prices ? driverPrices(prices, carRandom) : null;
    const features = pickFeatures(model, engine, year, salePrice ?? Math.round(valueEuros * 100), carRandom);

    // Timeline: created, submitted and approved between the owner's sign-up and the first booking.
    const span = bookingSpan.get(plan.ref);
    const latestApproval = Math.min(
      nowMs - 12 * DAY,
      span ? atLocalHour(addDays(today, span.earliest), 9).getTime() - 8 * DAY : Infinity,
    );
    const earliestApproval = owner.createdAt + 3 * DAY;
    let approvedAt: number | null = null;
    let createdAt: number;
    if (plan.status === "pending") {
      createdAt = nowMs - carRandom.int(6, 140) * HOUR;
    } else if (plan.status === "rejected") {
      createdAt = nowMs - carRandom.int(5, 30) * DAY;
    } else {
      approvedAt = plan.fresh
        ? nowMs - carRandom.int(4, 40) * DAY - carRandom.int(0, 10) * HOUR
        : earliestApproval + carRandom.next() * Math.max(0, latestApproval - earliestApproval);
      createdAt = approvedAt - carRandom.int(2, 60) * HOUR;
    }
    createdAt = Math.max(createdAt, owner.createdAt + HOUR);
    if (approvedAt !== null) approvedAt = Math.max(approvedAt, createdAt + HOUR);
    const updatedAt =
      plan.status === "rejected"
        ? createdAt + carRandom.int(3, 30) * HOUR
        : plan.status === "suspended" || plan.unavailable
          ? nowMs - carRandom.int(3, 12) * DAY
          : (approvedAt ?? createdAt);

    const language: Language = owner.person.writesEnglish || carRandom.chance(0.12) ? "en" : "lt";
    const city = CITIES[plan.city];
    const textCar = carForText(model, engine, {
      year,
      mileage,
      paint,
      listingType: plan.type,
      city,
      features,
      driver: plan.driver ?? "none",
    });

    const sporty = model.category === "sport" || model.category === "exotic";
    const minDays = Math.min(
      span?.shortest ?? 30,
      model.category === "exotic" || model.category === "classic" ? 1 : carRandom.pick([1, 1, 1, 2, 3]),
    );
    const maxDays = Math.max(
      span?.longest ?? 1,
      model.category === "classic" ? 3 : sporty ? carRandom.pick([7, 14]) : carRandom.pick([30, 30, 60, 90, 365]),
      minDays,
    );
    const id = idRandom.uuid();
    const row: CarRow = {
      id,
      ownerId: owner.id,
      make: model.make,
      model: model.model,
      year,
      mileage,
      location: plan.city,
      // Not drawn from the car's random stream, which would change every field after it.
      cancellationPolicy: cancellationPolicyFor(model.category, plan.ref),
      instantBook: rents && Boolean(plan.instantBook),
      category: model.category,
      fuelType: engine.fuel,
      transmission: engine.transmission,
      horsepower: engine.horsepower,
      engineSize: engine.engineSize,
      seats: model.seats,
      doors: model.doors,
      condition: conditionText(model.category, currentYear - year, language),
      vin: model.category !== "classic" && carRandom.chance(0.45) ? makeVin(model, year, carRandom) : null,
      licensePlate: model.category !== "classic" && carRandom.chance(0.5) ? makePlate(carRandom) : null,
      listingType: plan.type,
      dailyPrice: prices?.dailyPrice ?? null,
      weeklyPrice: prices?.weeklyPrice ?? null,
      monthlyPrice: prices && maxDays >= 28 ? prices.monthlyPrice : null,
      dailyPriceWithDriver: driver?.dailyPriceWithDriver ?? null,
      weeklyPriceWithDriver: driver?.weeklyPriceWithDriver ?? null,
      monthlyPriceWithDriver: driver && maxDays >= 28 ? driver.monthlyPriceWithDriver : null,
      driverPricePerHour: driver?.driverPricePerHour ?? null,
      minimumRentalHours:
        plan.driver === "only"
          ? carRandom.int(3, 6)
          : model.category === "exotic"
            ? 48
            : carRandom.pick([4, 4, 4, 12, 24, 48]),
      minRentalDays: minDays,
      maxRentalDays: maxDays,
      salePrice,
      depositAmount: prices?.depositAmount ?? null,
      weeklyDeposit: prices?.weeklyDeposit ?? null,
      monthlyDeposit: prices && maxDays >= 28 ? prices.monthlyDeposit : null,
      driverAvailable: Boolean(plan.driver),
      driverOnly: plan.driver === "only",
      features,
      description: describeCar(textCar, language, carRandom),
      rules: rents ? rentalRules(textCar, language, carRandom) : null,
      status: plan.status ?? "approved",
      rejectionReason: plan.rejectionReason ?? null,
      available: !plan.unavailable,
      verified: plan.status === undefined && owner.person.verification === "verified" && carRandom.chance(0.75),
      submittedAt: new Date(createdAt),
      approvedAt: approvedAt === null ? null : new Date(approvedAt),
      approvedBy: approvedAt === null ? null : admin.id,
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    };

    // Photos: one shoot per car in places that suit its city, the first one the cover. Cars of the same shape and
    // colour share their shoot order, so the renderer's cache serves most of them.
    const count = carRandom.int(3, 5);
    const coastal = plan.city === "Klaipėda" || plan.city === "Palanga";
    const preferred: Background[] = coastal ? ["coast"] : model.category === "classic" ? ["studio"] : [];
    const shoot = photoShoot(model.shape, paint.hex);
    const ordered = [
      ...shoot.filter((p) => preferred.includes(p.background)),
      ...shoot.filter((p) => !preferred.includes(p.background)),
    ];
    ordered.slice(0, count).forEach(({ background, mirrored }, index) => {
      const imageId = idRandom.uuid();
      const storageKey = `cars/${id}/${imageId}`;
      carImages.push({
        id: imageId,
        carId: id,
        storageKey,
        width: 1600,
        height: 1200,
        isPrimary: index === 0,
        sortOrder: index,
        createdAt: new Date(createdAt),
      });
      photoJobs.push({ prefix: storageKey, spec: { shape: model.shape, colour: paint.hex, background, mirrored } });
    });

    // Pickup points for anything that rents: one to three local places, a border point for two cars.
    const pickups: PickupRow[] = [];
    if (rents) {
      const spots: Spot[] = carRandom.sample(city.spots, carRandom.int(1, Math.min(3, city.spots.length)));
      if (plan.borderSpot) spots.push(BORDER_SPOTS[plan.borderSpot]);
      spots.forEach((spot, index) => {
        pickups.push({
          id: idRandom.uuid(),
          carId: id,
          name: spot.name,
          address: spot.address,
          city: spot.city,
          country: spot.country,
          instructions: language === "lt" ? spot.instructionsLt : spot.instructionsEn,
          availableHours: index === 0 && carRandom.chance(0.3) ? "24/7" : spot.hours,
          contactPhone: owner.person.phone ?? null,
          isPrimary: index === 0,
          latitude: spot.latitude,
          longitude: spot.longitude,
          sortOrder: index,
          createdAt: new Date(createdAt),
        });
      });
      pickupPoints.push(...pickups);
    }

    cars.push({
      plan,
      row,
      model,
      engine,
      owner: owner.person,
      ownerId: owner.id,
      rentalPrices: {
        dailyPrice: row.dailyPrice ?? null,
        weeklyPrice: row.weeklyPrice ?? null,
        monthlyPrice: row.monthlyPrice ?? null,
      },
      driverPrices: driver
        ? {
            dailyPrice: row.dailyPriceWithDriver ?? null,
            weeklyPrice: row.weeklyPriceWithDriver ?? null,
            monthlyPrice: row.monthlyPriceWithDriver ?? null,
          }
        : null,
      pickups,
      approvedDay: approvedAt === null ? null : vilniusDay(approvedAt),
    });
  }
  const carByRef = new Map(cars.map((car) => [car.plan.ref, car]));
  const car = (ref: string) => {
    const found = carByRef.get(ref);
    if (!found) throw new Error(`Unknown car ${ref}`);
    return found;
  };

  // ---------------------------------------------------------------- bookings, insurance, agreements, reviews
  const bookingRandom = random.fork("bookings");
  const money = demoMoney(random.fork("money"));
  const bookings: BookingRow[] = [];
  const bookingInsurance: BookingInsuranceRow[] = [];
  const agreements: AgreementRow[] = [];
  const reviews: ReviewRow[] = [];
  const blocking = new Map<string, Array<[string, string]>>();
  const bookingByPlan = new Map<(typeof BOOKING_PLANS)[number], BookingRow>();
  for (const plan of BOOKING_PLANS) {
    const booked = car(plan.car);
    const renter = who(plan.renter);
    if (booked.plan.type === "sale" || booked.row.status !== "approved")
      throw new Error(`${plan.car} cannot be booked`);
    if (renter.id === booked.ownerId) throw new Error(`${plan.renter} cannot book their own ${plan.car}`);
    const startDate = addDays(today, plan.start);
    const endDate = addDays(startDate, plan.days);
    if (plan.status === "confirmed" || plan.status === "active") {
      const taken = blocking.get(booked.row.id) ?? [];
      if (taken.some(([s, e]) => s < endDate && startDate < e)) throw new Error(`${plan.car}: overlapping bookings`);
      taken.push([startDate, endDate]);
      blocking.set(booked.row.id, taken);
    }
    const period: PricingPeriod = plan.period ?? "daily";
    const withDriver = plan.withDriver ?? booked.row.driverOnly ?? false;
    const carPrices = withDriver ? booked.driverPrices : booked.rentalPrices;
    const rental = carPrices ? rentalCharge(carPrices, period, plan.days) : null;
    if (!rental) throw new Error(`${plan.car}: no ${period} price for ${plan.days} days`);
    const deposit = depositFor(
      {
        depositAmount: booked.row.depositAmount ?? null,
        weeklyDeposit: booked.row.weeklyDeposit ?? null,
        monthlyDeposit: booked.row.monthlyDeposit ?? null,
      },
      period,
    );
    const choice: InsuranceChoice =
      plan.insurance === "none" ? { kind: "none" } : INSURANCE[plan.insurance].choice(booked.row.salePrice ?? null);
    const price = priceBooking({ rental, days: plan.days, insurance: choice, deposit });

    const startMs = atLocalHour(startDate, 10).getTime();
    const endMs = atLocalHour(endDate, 10).getTime();
    const createdAt =
      plan.status === "pending"
        ? nowMs - bookingRandom.int(2, 20) * HOUR
        : Math.min(startMs - bookingRandom.int(2, 20) * DAY, nowMs - 26 * HOUR);
    const confirmed = plan.status === "confirmed" || plan.status === "active" || plan.status === "completed";
    const confirmedAt = confirmed ? clampPast(createdAt + bookingRandom.int(1, 8) * HOUR) : null;
    const completedAt = plan.status === "completed" ? clampPast(endMs + bookingRandom.int(0, 4) * HOUR) : null;
    const cancelledAt = plan.status === "cancelled" ? clampPast(createdAt + bookingRandom.int(2, 30) * HOUR) : null;
    const pickup = booked.pickups[0];
    const id = idRandom.uuid();
    const row: BookingRow = {
      id,
      carId: booked.row.id,
      renterId: renter.id,
      ownerId: booked.ownerId,
      pricingPeriod: period,
      status: plan.status,
      startDate,
      endDate,
      totalDays: price.totalDays,
      dailyRate: price.dailyRate,
      periodCount: price.rental.periods,
      periodPrice: price.rental.periodPrice,
      extraDays: price.rental.extraDays,
      subtotal: price.subtotal,
      insuranceCost: price.insuranceCost,
      platformFee: price.platformFee,
      paymentProcessorFee: price.paymentProcessorFee,
      hostEarnings: price.hostEarnings,
      totalAmount: price.total,
      depositAmount: price.deposit,
      cancellationPolicy: booked.row.cancellationPolicy,
      pickupPointId: pickup?.id ?? null,
      pickupLocation: pickup ? `${pickup.name}, ${pickup.address}, ${pickup.city}` : booked.row.location,
      dropoffLocation:
        bookingRandom.chance(0.2) && booked.pickups[1]
          ? `${booked.pickups[1].name}, ${booked.pickups[1].address}`
          : null,
      specialRequests: plan.specialRequests ?? null,
      withDriver,
      ...money.payment({ id, status: plan.status, cancelledBy: plan.cancelledBy, requestedAt: createdAt }),
      cancelledBy: plan.cancelledBy ? (plan.cancelledBy === "renter" ? renter.id : booked.ownerId) : null,
      confirmedAt: confirmedAt === null ? null : new Date(confirmedAt),
      cancelledAt: cancelledAt === null ? null : new Date(cancelledAt),
      completedAt: completedAt === null ? null : new Date(completedAt),
      createdAt: new Date(createdAt),
      updatedAt: new Date(Math.max(createdAt, confirmedAt ?? 0, completedAt ?? 0, cancelledAt ?? 0)),
    };
    bookings.push(row);
    bookingByPlan.set(plan, row);

    if (plan.insurance !== "none") {
      bookingInsurance.push({
        id: idRandom.uuid(),
        bookingId: id,
        insurancePackageId: insuranceIds[plan.insurance],
        packageName: INSURANCE[plan.insurance].en.name,
        packageNameLt: INSURANCE[plan.insurance].lt.name,
        packageNameEn: INSURANCE[plan.insurance].en.name,
        dailyCost: choice.kind === "per-day" ? choice.pricePerDay : roundCents(price.insuranceCost / plan.days),
        totalCost: price.insuranceCost,
        createdAt: new Date(createdAt),
      });
    }
    if (confirmedAt !== null) {
      const signed = confirmedAt + bookingRandom.int(1, 20) * HOUR;
      agreements.push({
        bookingId: id,
        mileageLimitPerDay: booked.model.category === "sport" || booked.model.category === "exotic" ? 200 : 300,
        fuelPolicy:
          booked.engine.fuel === "electric"
            ? "return_same_level"
            : bookingRandom.pick(["return_same_level", "return_full"] as const),
        // The booking's, copied from the listing (the pick keeps the random stream of what follows as it was).
        cancellationPolicy: (bookingRandom.pick(["24_hours", "48_hours"] as const), row.cancellationPolicy),
        damagePolicy: plan.insurance === "none" ? "renter_responsible" : "insurance_covered",
        lateReturnFee: booked.model.category === "exotic" ? 20000 : 5000,
        additionalTerms: null,
        renterSignedAt: new Date(clampPast(signed)),
        hostSignedAt:
          plan.status === "confirmed" && bookingRandom.chance(0.5) ? null : new Date(clampPast(signed + 2 * HOUR)),
        createdAt: new Date(confirmedAt),
        updatedAt: new Date(clampPast(signed + 2 * HOUR)),
      });
    }
    if (plan.status === "completed" && completedAt !== null) {
      const categoryRating = (rating: number) =>
        Math.max(1, Math.min(5, rating + bookingRandom.pick([0, 0, 0, -1, 1])));
      if (plan.renterRating) {
        const text = reviewText("renter", plan.renterRating, bookingRandom);
        reviews.push({
          id: idRandom.uuid(),
          bookingId: id,
          reviewerId: renter.id,
          revieweeId: booked.ownerId,
          carId: booked.row.id,
          rating: plan.renterRating,
          title: text.title,
          content: text.content,
          cleanlinessRating: categoryRating(plan.renterRating),
          communicationRating: categoryRating(plan.renterRating),
          accuracyRating: categoryRating(plan.renterRating),
          createdAt: new Date(clampPast(completedAt + bookingRandom.int(3, 60) * HOUR)),
        });
      }
      if (plan.hostRating) {
        const text = reviewText("host", plan.hostRating, bookingRandom);
        reviews.push({
          id: idRandom.uuid(),
          bookingId: id,
          reviewerId: booked.ownerId,
          revieweeId: renter.id,
          carId: booked.row.id,
          rating: plan.hostRating,
          title: text.title,
          content: text.content,
          cleanlinessRating: null,
          communicationRating: categoryRating(plan.hostRating),
          accuracyRating: null,
          createdAt: new Date(clampPast(completedAt + bookingRandom.int(2, 40) * HOUR)),
        });
      }
    }
  }

  // ---------------------------------------------------------------- trips: check-in, check-out, deposits, a claim
  const tripRandom = random.fork("trips");
  const carById = new Map(cars.map((entry) => [entry.row.id, entry]));
  const agreementOf = new Map(agreements.map((agreement) => [agreement.bookingId, agreement]));
  const huracanTrip = bookings.find(
    (b) => b.carId === car("host-huracan").row.id && b.status === "completed" && b.renterId === who("renter").id,
  );
  const trips = buildDemoTrips({
    bookings,
    carOf: (booking) => {
      const entry = carById.get(booking.carId)!;
      const cover = photoJobs.find((job) => job.prefix.startsWith(`cars/${booking.carId}/`))!;
      const agreement = agreementOf.get(booking.id);
      return {
        mileage: entry.row.mileage,
        spec: cover.spec,
        electric: entry.engine.fuel === "electric",
        mileageLimitPerDay: agreement?.mileageLimitPerDay ?? 200,
        lateReturnFee: agreement?.lateReturnFee ?? 5000,
      };
    },
    start: (booking) => atLocalHour(booking.startDate, 10).getTime(),
    end: (booking) => atLocalHour(booking.endDate, 10).getTime(),
    nowMs,
    claimOn: huracanTrip ?? null,
    money,
    uuid: () => tripRandom.uuid(),
    pick: (low, high) => tripRandom.int(low, high),
  });

  // ---------------------------------------------------------------- payouts: the host paid, the company halfway
  const settling = bookings.map((b) => ({
    id: b.id,
    ownerId: b.ownerId,
    status: b.status ?? "pending",
    paymentStatus: b.paymentStatus ?? "unpaid",
    depositStatus: b.depositStatus ?? "none",
    cancelReason: b.cancelReason ?? null,
    startDate: b.startDate,
    endDate: b.endDate,
    completedAt: b.completedAt instanceof Date ? b.completedAt : null,
    cancelledAt: b.cancelledAt instanceof Date ? b.cancelledAt : null,
    claimWindowEndsAt: b.claimWindowEndsAt instanceof Date ? b.claimWindowEndsAt : null,
    totalAmount: b.totalAmount,
    depositAmount: b.depositAmount ?? 0,
    depositKept: b.depositKept ?? 0,
    insuranceCost: b.insuranceCost ?? 0,
    platformFee: b.platformFee,
    dailyRate: b.dailyRate,
    subtotal: b.subtotal,
    hostEarnings: b.hostEarnings,
    cancellationPolicy: b.cancellationPolicy ?? "24_hours",
  }));
  const hostsFirstSettlement = Math.min(
    ...settling
      .filter((b) => b.ownerId === who("host").id && b.claimWindowEndsAt !== null)
      .map((b) => b.claimWindowEndsAt!.getTime()),
    nowMs,
  );
  const payoutRandom = random.fork("payouts");
  const demoPayouts = buildDemoPayouts({
    bookings: settling,
    hosts: [
      {
        userId: who("host").id,
        businessType: "individual",
        state: "enabled",
        since: demoPayoutSince.enabled(hostsFirstSettlement),
      },
      {
        userId: who("company").id,
        businessType: "company",
        state: "details_needed",
        since: demoPayoutSince.unfinished(nowMs),
      },
    ],
    nowMs,
    money,
    uuid: () => payoutRandom.uuid(),
    pick: (low, high) => payoutRandom.int(low, high),
  });

  // ---------------------------------------------------------------- favourites and saved searches
  const favoriteRandom = random.fork("favorites");
  const favorites: FavoriteRow[] = [];
  for (const [key, refs] of Object.entries(FAVORITE_PLANS) as Array<[PersonKey, string[]]>) {
    const person = who(key);
    for (const ref of refs) {
      const favourite = car(ref);
      const since = Math.max(
        person.createdAt,
        favourite.row.approvedAt instanceof Date ? favourite.row.approvedAt.getTime() : nowMs - 30 * DAY,
      );
      // Most favourites are recent, so the 60-day statistics show them.
      const at = clampPast(
        Math.max(since + HOUR, nowMs - favoriteRandom.int(1, 75) * DAY - favoriteRandom.int(0, 23) * HOUR),
      );
      favorites.push({ id: idRandom.uuid(), userId: person.id, carId: favourite.row.id, createdAt: new Date(at) });
    }
  }
  const savedSearches: SavedSearchRow[] = SAVED_SEARCHES.map((search) => ({
    id: idRandom.uuid(),
    userId: who(search.person).id,
    name: search.name,
    query: search.query,
    createdAt: new Date(nowMs - favoriteRandom.int(3, 50) * DAY),
  }));

  // ---------------------------------------------------------------- conversations and messages
  const messageRandom = random.fork("messages");
  const conversations: ConversationRow[] = [];
  const messages: MessageRow[] = [];
  const conversationIdOf = new Map<string, string>();
  for (const plan of CONVERSATIONS) {
    const [first, second] = plan.between.map(who) as [ReturnType<typeof who>, ReturnType<typeof who>];
    const [userA, userB] = first.id < second.id ? [first, second] : [second, first];
    const id = idRandom.uuid();
    conversationIdOf.set(plan.between.join("|"), id);
    const about = plan.car ? car(plan.car) : null;
    const times: number[] = [];
    plan.messages.forEach((message) => {
      const sender = who(message.from);
      const recipient = sender.id === first.id ? second : first;
      const createdAt = clampPast(nowMs - message.hoursAgo * HOUR);
      times.push(createdAt);
      messages.push({
        id: idRandom.uuid(),
        conversationId: id,
        senderId: sender.id,
        recipientId: recipient.id,
        carId: about?.row.id ?? null,
        messageType: message.inquiry ? "booking_inquiry" : "general",
        subject: message.subject ?? null,
        content: message.text,
        bookingStartDate: message.inquiry ? addDays(today, message.inquiry.start) : null,
        bookingEndDate: message.inquiry ? addDays(today, message.inquiry.end) : null,
        pickupLocation: message.inquiry?.pickup ?? null,
        createdAt: new Date(createdAt),
        readAt: message.read ? new Date(clampPast(createdAt + messageRandom.int(5, 120) * MINUTE)) : null,
      });
    });
    conversations.push({
      id,
      userAId: userA.id,
      userBId: userB.id,
      lastMessageAt: new Date(Math.max(...times)),
      createdAt: new Date(Math.min(...times)),
    });
  }

  // ---------------------------------------------------------------- notifications
  const notifications: NotificationRow[] = [];
  const notify = (
    key: PersonKey,
    type: NotificationRow["type"],
    at: number,
    read: boolean,
    data: NotificationRow["data"] = null,
    text?: { title: string; message: string },
  ) =>
    notifications.push({
      id: idRandom.uuid(),
      userId: who(key).id,
      type,
      title: text?.title ?? null,
      message: text?.message ?? null,
      data,
      read,
      createdAt: new Date(clampPast(at)),
    });
  const bookingData = (row: BookingRow, extra: Record<string, string | number | null> = {}) => {
    const booked = cars.find((c) => c.row.id === row.carId) as BuiltCar;
    return {
      booking_id: row.id,
      car_id: row.carId,
      car_make: booked.row.make,
      car_model: booked.row.model,
      start_date: row.startDate,
      end_date: row.endDate,
      ...extra,
    };
  };
  const planned = (carRef: string, renter: PersonKey, status: BookingRow["status"]) => {
    const plan = BOOKING_PLANS.find((p) => p.car === carRef && p.renter === renter && p.status === status);
    const row = plan && bookingByPlan.get(plan);
    if (!row) throw new Error(`No ${status} booking of ${carRef} by ${renter}`);
    return row;
  };
  const messageNotification = (key: PersonKey, from: PersonKey, read: boolean) => {
    const conversation = CONVERSATIONS.find((c) => c.between.includes(key) && c.between.includes(from));
    const last = conversation?.messages.filter((m) => m.from === from).at(-1);
    if (!conversation || !last) throw new Error(`No message from ${from} to ${key}`);
    notify(key, "new_message", nowMs - last.hoursAgo * HOUR, read, {
      conversation_id: conversationIdOf.get(conversation.between.join("|")) ?? null,
      sender_name: who(from).person.fullName,
    });
  };
  const msOf = (value: Date | null | undefined) => (value instanceof Date ? value.getTime() : nowMs);

  const renter911 = planned("host-911", "renter", "confirmed");
  notify("renter", "booking_confirmed", msOf(renter911.confirmedAt), false, bookingData(renter911));
  const cayman = planned("paulius-cayman", "renter", "completed");
  notify("renter", "booking_completed", msOf(cayman.completedAt), true, bookingData(cayman));
  messageNotification("renter", "host", false);
  messageNotification("renter", "company", false);
  messageNotification("renter", "simona", false);
  const e60 = car("host-e60");
  const newPrice = e60.row.salePrice as number;
  notify("renter", "price_drop", nowMs - 2 * DAY - 3 * HOUR, false, {
    car_id: e60.row.id,
    car_make: e60.row.make,
    car_model: e60.row.model,
    old_price: newPrice + 50000,
    new_price: newPrice,
  });
  const x5Completed = planned("host-x5", "renter", "completed");
  const hostReview = reviews.find((r) => r.bookingId === x5Completed.id && r.revieweeId === who("renter").id);
  if (hostReview)
    notify("renter", "review_received", msOf(hostReview.createdAt), true, {
      review_id: hostReview.id ?? null,
      rating: hostReview.rating,
      reviewer_name: who("host").person.fullName,
    });
  const xc90 = car("host-xc90");
  notify("renter", "saved_search_match", nowMs - 9 * DAY, true, {
    car_id: xc90.row.id,
    car_make: xc90.row.make,
    car_model: xc90.row.model,
    saved_search_name: "Visureigiai Vilniuje",
  });

  for (const [carRef, renter] of [
    ["host-x5", "renter"],
    ["host-model3", "laura"],
    ["host-huracan", "karolis"],
  ] as const) {
    const row = planned(carRef, renter, "pending");
    notify(
      "host",
      "booking_requested",
      msOf(row.createdAt),
      false,
      bookingData(row, { renter_name: who(renter).person.fullName }),
    );
  }
  messageNotification("host", "rasa", false);
  messageNotification("host", "karolis", false);
  messageNotification("host", "company", false);
  for (const review of reviews.filter((r) => r.revieweeId === who("host").id)) {
    notify("host", "review_received", msOf(review.createdAt), true, {
      review_id: review.id ?? null,
      rating: review.rating,
      car_id: review.carId,
    });
  }
  const huracan = car("host-huracan");
  notify("host", "listing_approved", msOf(huracan.row.approvedAt), true, {
    car_id: huracan.row.id,
    car_make: huracan.row.make,
    car_model: huracan.row.model,
  });
  const leaf = car("host-leaf");
  notify("host", "listing_rejected", msOf(leaf.row.updatedAt), true, {
    car_id: leaf.row.id,
    car_make: leaf.row.make,
    car_model: leaf.row.model,
    reason: leaf.row.rejectionReason ?? null,
  });
  const cancelled = planned("host-model3", "zivile", "cancelled");
  notify(
    "host",
    "booking_cancelled",
    msOf(cancelled.cancelledAt),
    false,
    bookingData(cancelled, { cancelled_by: who("zivile").person.fullName }),
  );
  notify("host", "verification_approved", who("host").createdAt + 2 * DAY, true);

  const kodiaqRequest = planned("co-kodiaq", "rasa", "pending");
  notify(
    "company",
    "booking_requested",
    msOf(kodiaqRequest.createdAt),
    false,
    bookingData(kodiaqRequest, { renter_name: who("rasa").person.fullName }),
  );
  const urus = car("co-urus");
  notify("company", "listing_approved", msOf(urus.row.approvedAt), false, {
    car_id: urus.row.id,
    car_make: urus.row.make,
    car_model: urus.row.model,
  });
  for (const review of reviews.filter((r) => r.revieweeId === who("company").id)) {
    notify("company", "review_received", msOf(review.createdAt), true, {
      review_id: review.id ?? null,
      rating: review.rating,
      car_id: review.carId,
    });
  }
  notify("newbie", "system", who("newbie").createdAt + 5 * MINUTE, false, null, {
    title: "Sveiki prisijungę prie Ratai!",
    message: "Patvirtinkite savo tapatybę profilyje – tada galėsite nuomotis ir nuomoti automobilius.",
  });
  const pendingCount = cars.filter((c) => c.row.status === "pending").length;
  notify(
    "admin",
    "system",
    nowMs - 6 * HOUR,
    false,
    { pending_count: pendingCount },
    {
      title: "Skelbimai laukia peržiūros",
      message: `${pendingCount} nauji skelbimai laukia patvirtinimo.`,
    },
  );
  for (const [key, ref] of [
    ["jonas", "jonas-f8"],
    ["paulius", "paulius-720s"],
    ["algirdas", "algirdas-296"],
  ] as const) {
    const listing = car(ref);
    notify(key, "listing_approved", msOf(listing.row.approvedAt), true, {
      car_id: listing.row.id,
      car_make: listing.row.make,
      car_model: listing.row.model,
    });
  }

  // ---------------------------------------------------------------- statistics and the counters that sum them
  const statsRandom = random.fork("stats");
  const stats: StatsRow[] = [];
  const windowStart = addDays(today, -59);
  const perDay = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const favouritesByCarDay = new Map<string, number>();
  for (const f of favorites) perDay(favouritesByCarDay, `${f.carId}|${vilniusDay(f.createdAt as Date)}`);
  const contactsByCarDay = new Map<string, number>();
  const inquiriesByCarDay = new Map<string, number>();
  for (const m of messages) {
    if (!m.carId) continue;
    const about = cars.find((c) => c.row.id === m.carId);
    if (!about || m.recipientId !== about.ownerId) continue;
    perDay(
      m.messageType === "booking_inquiry" ? inquiriesByCarDay : contactsByCarDay,
      `${m.carId}|${vilniusDay(m.createdAt as Date)}`,
    );
  }
  const BASE_VIEWS: Record<string, number> = { exotic: 45, sport: 26, classic: 20, luxury: 16, electric: 17, suv: 15 };
  for (const built of cars) {
    const row = built.row;
    if (row.status !== "approved" || !built.approvedDay) {
      row.viewCount = row.status === "suspended" ? statsRandom.int(200, 900) : 0;
      continue;
    }
    const popularity = (BASE_VIEWS[row.category] ?? 15) * statsRandom.float(0.5, 1.5);
    const first = built.approvedDay > windowStart ? built.approvedDay : windowStart;
    const offDay = row.available === false ? vilniusDay(row.updatedAt as Date) : null;
    let total = 0;
    for (let day = first; day <= today; day = addDays(day, 1)) {
      const key = `${row.id}|${day}`;
      const favouritesToday = favouritesByCarDay.get(key) ?? 0;
      const fresh = daysBetween(built.approvedDay, day) < 7 ? 1.8 : 1;
      const hidden = offDay && day >= offDay ? 0.15 : 1;
      let views = Math.round(popularity * fresh * hidden * (isWeekend(day) ? 1.35 : 1) * statsRandom.float(0.55, 1.45));
      const contacts = Math.round(views * 0.025 * statsRandom.float(0, 2)) + (contactsByCarDay.get(key) ?? 0);
      const inquiries =
        (row.listingType === "sale" ? 0 : Math.round(views * 0.012 * statsRandom.float(0, 2))) +
        (inquiriesByCarDay.get(key) ?? 0);
      views = Math.max(views, contacts + inquiries + favouritesToday + 1);
      total += views;
      stats.push({ carId: row.id, day, views, contacts, inquiries, favorites: favouritesToday });
    }
    // Views before the 60-day window are no longer itemised, but still count towards the total.
    const before = Math.max(0, daysBetween(built.approvedDay, windowStart));
    row.viewCount = total + Math.round(before * popularity * statsRandom.float(0.6, 0.9));
  }

  const blockedDays: BlockedDayRow[] = BLOCKED_DAY_PLANS.flatMap((plan) => {
    const carId = car(plan.car).row.id!;
    return Array.from({ length: plan.days }, (_, i) => {
      const day = addDays(today, plan.start + i);
      if ((blocking.get(carId) ?? []).some(([s, e]) => s <= day && day < e))
        throw new Error(`${plan.car}: ${day} is booked`);
      return { carId, day, createdAt: new Date(nowMs) };
    });
  });

  applyAggregates(
    cars.map((c) => c.row),
    profiles,
    bookings,
    reviews,
  );

  // Every renter who paid has the Customer their checkouts saved the card to (decision 035).
  const payers = new Set(bookings.map((booking) => booking.renterId));
  for (const profile of profiles) if (payers.has(profile.id)) profile.stripeCustomerId = money.customer(profile.id);
  const insuranceCosts = new Map(bookingInsurance.map((row) => [row.bookingId, row.dailyCost]));
  return {
    users,
    profiles,
    insurance,
    cars: cars.map((c) => c.row),
    carImages,
    pickupPoints,
    bookings,
    bookingInsurance,
    agreements,
    reviews,
    favorites,
    savedSearches,
    conversations,
    messages,
    notifications,
    stats,
    photoJobs: [...photoJobs, ...trips.photoJobs],
    avatarJobs,
    documents,
    documentJobs,
    contactMessages: demoContactMessages(nowMs, clampPast).map((row) => ({ ...row, id: documentRandom.uuid() })),
    blockedDays,
    trips,
    payouts: demoPayouts,
    stripeEvents: money.events,
    charges: money.rentalCharges(bookings, (bookingId) => insuranceCosts.get(bookingId) ?? null),
  };
}

/** What visitors wrote through /contact, waiting for an admin (one from a member, one from a company). */
function demoContactMessages(nowMs: number, clampPast: (ms: number) => number): ContactRow[] {
  return [
    {
      name: "Rūta Petraitė",
      email: "ruta.petraite@example.lt",
      subject: "Sąskaita faktūra už nuomą",
      message:
        "Laba diena, praėjusią savaitę nuomojausi automobilį Klaipėdoje. Ar galėčiau gauti sąskaitą faktūrą įmonės vardu? Ačiū.",
      type: "support",
      language: "lt",
      createdAt: new Date(clampPast(nowMs - 26 * HOUR)),
    },
    {
      name: "Mark Jensen",
      email: "mark.jensen@example.dk",
      subject: "Fleet partnership in Vilnius",
      message:
        "Hello, we run a small fleet of electric vans in Vilnius and would like to list them on Ratai as a company. Who can we talk to about terms?",
      type: "business",
      language: "en",
      createdAt: new Date(clampPast(nowMs - 5 * HOUR)),
    },
  ];
}

/** Averages are stored to two decimals, as the pages show one. */
export function averageRating(ratings: number[]): number {
  if (ratings.length === 0) return 0;
  return Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100;
}

/**
 * The denormalised counters, exactly as the rows say:
 * - a car's rating and review_count come from the renters' reviews of it (reviewee = the car's owner);
 * - booking_count counts confirmed, active and completed bookings; favorite_count the favourites (by trigger);
 * - a profile's rating and review_count come from every review about that person;
 * - total_bookings and total_earnings are the completed bookings as host and the host earnings from them.
 */
function applyAggregates(cars: CarRow[], profiles: ProfileRow[], bookings: BookingRow[], reviews: ReviewRow[]) {
  for (const row of cars) {
    const carReviews = reviews.filter((r) => r.carId === row.id && r.revieweeId === row.ownerId).map((r) => r.rating);
    row.rating = averageRating(carReviews);
    row.reviewCount = carReviews.length;
    row.bookingCount = bookings.filter(
      (b) => b.carId === row.id && ["confirmed", "active", "completed"].includes(b.status ?? ""),
    ).length;
    // favorite_count is kept by a trigger on favorites (migration 0003): the rows inserted below count themselves.
    row.favoriteCount = 0;
  }
  for (const profile of profiles) {
    const about = reviews.filter((r) => r.revieweeId === profile.id).map((r) => r.rating);
    profile.rating = averageRating(about);
    profile.reviewCount = about.length;
    const completed = bookings.filter((b) => b.ownerId === profile.id && b.status === "completed");
    profile.totalBookings = completed.length;
    profile.totalEarnings = completed.reduce((sum, b) => sum + b.hostEarnings, 0);
  }
}

// ------------------------------------------------------------------ writing

function chunk<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function writeAll(client: Client, data: DemoData) {
  const db = drizzle(client, { schema });
  // Rows per statement stay well under SQLite's bound-parameter limit even for the 55-column cars table.
  const inserts = <T extends Parameters<typeof db.insert>[0]>(table: T, rows: T["$inferInsert"][], size = 100) =>
    chunk(rows, size).map((part) => db.insert(table).values(part));
  const statements = [
    ...inserts(schema.users, data.users),
    ...inserts(schema.profiles, data.profiles),
    ...inserts(schema.insurancePackages, data.insurance),
    ...inserts(schema.cars, data.cars, 25),
    ...inserts(schema.carImages, data.carImages),
    ...inserts(schema.pickupPoints, data.pickupPoints),
    ...inserts(schema.bookings, data.bookings, 50),
    ...inserts(schema.bookingInsurance, data.bookingInsurance),
    ...inserts(schema.charges, data.charges.charges, 50),
    ...inserts(schema.chargeLineItems, data.charges.lineItems, 100),
    ...inserts(schema.rentalAgreements, data.agreements),
    ...inserts(schema.reviews, data.reviews),
    ...inserts(schema.favorites, data.favorites),
    ...inserts(schema.savedSearches, data.savedSearches),
    ...inserts(schema.conversations, data.conversations),
    ...inserts(schema.messages, data.messages),
    ...inserts(schema.notifications, data.notifications),
    ...inserts(schema.listingDailyStats, data.stats, 500),
    ...inserts(schema.verificationDocuments, data.documents),
    ...inserts(schema.contactMessages, data.contactMessages),
    ...inserts(schema.carBlockedDays, data.blockedDays),
    ...inserts(schema.tripRecords, data.trips.records),
    ...inserts(schema.tripPhotos, data.trips.photos),
    ...inserts(schema.damageClaims, data.trips.claims),
    ...inserts(
      schema.refunds,
      data.trips.refunds.map((refund) => ({ ...refund, chargeId: rowRentalChargeId(refund.bookingId) })),
    ),
    ...inserts(schema.payoutAccounts, data.payouts.accounts),
    ...inserts(
      schema.payouts,
      data.payouts.payouts.map((payout) => ({ ...payout, chargeId: rowRentalChargeId(payout.bookingId) })),
    ),
    ...inserts(schema.stripeEvents, data.stripeEvents),
  ];
  const [first, ...rest] = statements;
  if (!first) return;
  await db.batch([first, ...rest]);
}

/**
 * The listing's cancellation policy: the rarest cars keep three days' notice, sports cars two, one chauffeured
 * limousine takes no cancellations (the driver's day is booked), the rest the usual 24 hours.
 */
function cancellationPolicyFor(category: string, ref: string) {
  if (ref === "co-sclass") return "no_cancellation" as const;
  if (category === "exotic") return "72_hours" as const;
  if (category === "sport") return "48_hours" as const;
  return "24_hours" as const;
}
