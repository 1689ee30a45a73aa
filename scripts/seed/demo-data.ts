// Who is in the demo and what they own, rent, write and read. Everything that is not drawn from the PRNG is here,
// so the story of the demo (who booked what, who talks to whom) can be read in one place.
import type { Fuel, Transmission } from "./catalogue";
import type { AvatarSpec } from "./photos";
import type { CityName } from "./places";

export const DEMO_PASSWORD = "Demo!pass1";
export const DEMO_ADMIN_EMAIL = "admin@demo.lt";

export type PersonKey =
  | "admin"
  | "host"
  | "renter"
  | "newbie"
  | "company"
  | "jonas"
  | "rasa"
  | "darius"
  | "aiste"
  | "mantas"
  | "justina"
  | "paulius"
  | "gintare"
  | "vytautas"
  | "ieva"
  | "karolis"
  | "laura"
  | "edvinas"
  | "simona"
  | "algirdas"
  | "zivile"
  | "tadas";

export interface DemoPerson {
  key: PersonKey;
  email: string;
  fullName: string;
  /** Lithuanian greets by the vocative: "Sveiki, Mindaugai". */
  vocative: string;
  accountType: "person" | "company";
  companyName?: string;
  companyNumber?: string;
  city: CityName;
  phone?: string;
  dateOfBirth?: string;
  bio?: string;
  verification: "pending" | "verified" | "rejected";
  verificationNote?: string;
  /** Sent identity documents for review this many days ago (the admin's verification queue). */
  documentsInReviewDaysAgo?: number;
  isAdmin?: boolean;
  isHost?: boolean;
  /** Months since sign-up. */
  joinedMonthsAgo: number;
  marketingConsent?: boolean;
  /** Writes listings in English (the company serves tourists). */
  writesEnglish?: boolean;
  avatar?: AvatarSpec;
}

const SKIN = ["#f1c9a5", "#e8b990", "#f5d6bc", "#d9a47c"] as const;
const avatar = (
  background: string,
  hairStyle: AvatarSpec["hairStyle"],
  hair: string,
  shirt: string,
  skin: string = SKIN[0],
): AvatarSpec => ({ background, hairStyle, hair, shirt, skin });

export const PEOPLE: readonly DemoPerson[] = [
  {
    key: "admin",
    email: DEMO_ADMIN_EMAIL,
    fullName: "Eglė Norkutė",
    vocative: "Egle",
    accountType: "person",
    city: "Vilnius",
    phone: "+370 600 10001",
    bio: "Ratai platformos administratorė. Tikrinu naujus skelbimus ir padedu išspręsti ginčus.",
    verification: "verified",
    isAdmin: true,
    joinedMonthsAgo: 20,
    avatar: avatar("#5b6b8c", "bun", "#3b2a20", "#1f2a3a"),
  },
  {
    key: "host",
    email: "host@demo.lt",
    fullName: "Mindaugas Jankauskas",
    vocative: "Mindaugai",
    accountType: "person",
    city: "Vilnius",
    phone: "+370 612 45871",
    dateOfBirth: "1986-03-14",
    bio: "Automobilius nuomoju nuo 2019 m. Visi mano automobiliai prižiūrimi oficialiuose servisuose, o perdavimas trunka ne ilgiau nei 10 minučių. Atsakau per valandą.",
    verification: "verified",
    isHost: true,
    joinedMonthsAgo: 18,
    marketingConsent: true,
    avatar: avatar("#2f6f8f", "short", "#4a3222", "#23303f"),
  },
  {
    key: "renter",
    email: "renter@demo.lt",
    fullName: "Greta Stankevičiūtė",
    vocative: "Greta",
    accountType: "person",
    city: "Vilnius",
    phone: "+370 612 34567",
    dateOfBirth: "1994-05-17",
    bio: "Mėgstu keliauti po Lietuvą ir Baltijos šalis. Automobilį nuomojuosi savaitgaliams prie jūros ir kelionėms su draugais.",
    verification: "verified",
    joinedMonthsAgo: 10,
    avatar: avatar("#b5677d", "long", "#7a4a26", "#f0e6da", SKIN[2]),
  },
  {
    key: "newbie",
    email: "newbie@demo.lt",
    fullName: "Lukas Žukauskas",
    vocative: "Lukai",
    accountType: "person",
    city: "Kaunas",
    verification: "pending",
    joinedMonthsAgo: 0,
  },
  {
    key: "company",
    email: "company@demo.lt",
    fullName: "Andrius Paulauskas",
    vocative: "Andriau",
    accountType: "company",
    companyName: "UAB Baltic Drive",
    companyNumber: "305123456",
    city: "Vilnius",
    phone: "+370 700 55123",
    bio: "UAB Baltic Drive – automobilių nuoma Vilniuje, Kaune, Klaipėdoje ir Palangoje. Naujas autoparkas, pristatymas į oro uostus, aptarnavimas lietuvių, anglų ir rusų kalbomis.",
    verification: "verified",
    isHost: true,
    joinedMonthsAgo: 16,
    writesEnglish: true,
    avatar: avatar("#1f4f7a", "short", "#1e1e1e", "#0f2236"),
  },
  {
    key: "jonas",
    email: "jonas.kazlauskas@example.lt",
    fullName: "Jonas Kazlauskas",
    vocative: "Jonai",
    accountType: "person",
    city: "Kaunas",
    phone: "+370 686 21459",
    bio: "Kaunietis, automobilių entuziastas. Nuomoju savo automobilius, kai jais nevažinėju – prižiūriu kaip savo.",
    verification: "verified",
    isHost: true,
    joinedMonthsAgo: 14,
    avatar: avatar("#6f8f4f", "short", "#8a6a3a", "#3a3a3a", SKIN[1]),
  },
  {
    key: "rasa",
    email: "rasa.petrauskaite@example.lt",
    fullName: "Rasa Petrauskaitė",
    vocative: "Rasa",
    accountType: "person",
    city: "Vilnius",
    phone: "+370 645 11820",
    dateOfBirth: "1991-11-02",
    bio: "Dirbu rinkodaroje, dažnai važinėju komandiruotėse po Lietuvą.",
    verification: "verified",
    joinedMonthsAgo: 9,
    avatar: avatar("#c98b4a", "long", "#2b1d14", "#7a2f3f"),
  },
  {
    key: "darius",
    email: "darius.stankevicius@example.lt",
    fullName: "Darius Stankevičius",
    vocative: "Dariau",
    accountType: "person",
    city: "Klaipėda",
    phone: "+370 699 40215",
    bio: "Klaipėdietis. Nuomoju automobilius pajūrio svečiams – galiu pristatyti į keltų terminalą ar Palangos oro uostą.",
    verification: "verified",
    isHost: true,
    joinedMonthsAgo: 12,
    avatar: avatar("#3f7f7f", "bald", "#5a4a3a", "#2e3d2e", SKIN[1]),
  },
  {
    key: "aiste",
    email: "aiste.vasiliauskiene@example.lt",
    fullName: "Aistė Vasiliauskienė",
    vocative: "Aiste",
    accountType: "person",
    city: "Šiauliai",
    phone: "+370 614 77302",
    bio: "Parduodu šeimos automobilius – keičiame į didesnį.",
    verification: "verified",
    joinedMonthsAgo: 5,
  },
  {
    key: "mantas",
    email: "mantas.zilinskas@example.lt",
    fullName: "Mantas Žilinskas",
    vocative: "Mantai",
    accountType: "person",
    city: "Panevėžys",
    phone: "+370 620 93114",
    bio: "Turiu nedidelį automobilių parką Panevėžyje: nuomoju ir kartais parduodu. Visi automobiliai su žieminėmis padangomis.",
    verification: "verified",
    isHost: true,
    joinedMonthsAgo: 13,
    avatar: avatar("#7f5f9f", "short", "#2a2a2a", "#4a5a6a"),
  },
  {
    key: "justina",
    email: "justina.butkute@example.lt",
    fullName: "Justina Butkutė",
    vocative: "Justina",
    accountType: "person",
    city: "Alytus",
    phone: "+370 652 30981",
    dateOfBirth: "1998-07-23",
    verification: "verified",
    joinedMonthsAgo: 7,
    avatar: avatar("#d48f9f", "bun", "#c9a064", "#ffffff", SKIN[2]),
  },
  {
    key: "paulius",
    email: "paulius.urbonas@example.lt",
    fullName: "Paulius Urbonas",
    vocative: "Pauliau",
    accountType: "person",
    city: "Palanga",
    phone: "+370 618 55027",
    bio: "Vasarą – Palangoje, žiemą – Vilniuje. Nuomoju sportinius automobilius pajūrio savaitgaliams.",
    verification: "verified",
    isHost: true,
    joinedMonthsAgo: 11,
    avatar: avatar("#e0a030", "short", "#d8b070", "#1c2c4c", SKIN[1]),
  },
  {
    key: "gintare",
    email: "gintare.kavaliauskaite@example.lt",
    fullName: "Gintarė Kavaliauskaitė",
    vocative: "Gintare",
    accountType: "person",
    city: "Druskininkai",
    phone: "+370 677 81240",
    bio: "Druskininkuose nuomoju automobilius SPA svečiams ir vestuvėms.",
    verification: "verified",
    isHost: true,
    joinedMonthsAgo: 8,
    avatar: avatar("#4f9f8f", "long", "#a0522d", "#2f4f4f", SKIN[0]),
  },
  {
    key: "vytautas",
    email: "vytautas.navickas@example.lt",
    fullName: "Vytautas Navickas",
    vocative: "Vytautai",
    accountType: "person",
    city: "Utena",
    phone: "+370 601 22478",
    verification: "pending",
    documentsInReviewDaysAgo: 1,
    joinedMonthsAgo: 2,
  },
  {
    key: "ieva",
    email: "ieva.ramanauskaite@example.lt",
    fullName: "Ieva Ramanauskaitė",
    vocative: "Ieva",
    accountType: "person",
    city: "Marijampolė",
    phone: "+370 633 64019",
    bio: "Marijampolė – arti Lenkijos, todėl mano automobiliais galima keliauti ir į Suvalkus ar Augustavą (iš anksto suderinus).",
    verification: "verified",
    isHost: true,
    joinedMonthsAgo: 9,
    avatar: avatar("#8f6fbf", "long", "#3b2414", "#e8d8c8", SKIN[2]),
  },
  {
    key: "karolis",
    email: "karolis.sakalauskas@example.lt",
    fullName: "Karolis Sakalauskas",
    vocative: "Karoli",
    accountType: "person",
    city: "Vilnius",
    phone: "+370 659 10734",
    dateOfBirth: "1989-01-30",
    bio: "Programuotojas, savaitgaliais – trasų dienos ir kelionės.",
    verification: "verified",
    joinedMonthsAgo: 11,
    avatar: avatar("#3f5f9f", "short", "#1b1b1b", "#9f3f3f", SKIN[1]),
  },
  {
    key: "laura",
    email: "laura.jakstaite@example.lt",
    fullName: "Laura Jakštaitė",
    vocative: "Laura",
    accountType: "person",
    city: "Kaunas",
    phone: "+370 640 88215",
    dateOfBirth: "1996-09-12",
    verification: "verified",
    joinedMonthsAgo: 6,
  },
  {
    key: "edvinas",
    email: "edvinas.mockus@example.lt",
    fullName: "Edvinas Mockus",
    vocative: "Edvinai",
    accountType: "person",
    city: "Šiauliai",
    phone: "+370 615 47720",
    bio: "Šiauliai. Galingi automobiliai tiems, kurie vertina vairavimo malonumą.",
    verification: "verified",
    isHost: true,
    joinedMonthsAgo: 10,
    avatar: avatar("#5f5f5f", "bald", "#6a5a4a", "#b03030", SKIN[3]),
  },
  {
    key: "simona",
    email: "simona.grigaite@example.lt",
    fullName: "Simona Grigaitė",
    vocative: "Simona",
    accountType: "person",
    city: "Klaipėda",
    phone: "+370 687 36291",
    verification: "verified",
    joinedMonthsAgo: 4,
    avatar: avatar("#df7f5f", "long", "#e2c078", "#3a6a8a", SKIN[2]),
  },
  {
    key: "algirdas",
    email: "algirdas.simkus@example.lt",
    fullName: "Algirdas Šimkus",
    vocative: "Algirdai",
    accountType: "person",
    city: "Vilnius",
    phone: "+370 698 11245",
    bio: "Klasikinių automobilių kolekcininkas nuo 1995 m. Automobilius nuomoju vestuvėms ir filmavimams, kartais parduodu kolekcijos dalį.",
    verification: "verified",
    isHost: true,
    joinedMonthsAgo: 17,
    avatar: avatar("#8f7f5f", "bald", "#bbbbbb", "#3f3f5f", SKIN[0]),
  },
  {
    key: "zivile",
    email: "zivile.adomaitiene@example.lt",
    fullName: "Živilė Adomaitienė",
    vocative: "Živile",
    accountType: "person",
    city: "Panevėžys",
    phone: "+370 624 70358",
    dateOfBirth: "1983-04-05",
    verification: "verified",
    joinedMonthsAgo: 8,
  },
  {
    key: "tadas",
    email: "tadas.vaitkevicius@example.lt",
    fullName: "Tadas Vaitkevičius",
    vocative: "Tadai",
    accountType: "person",
    city: "Alytus",
    phone: "+370 611 58230",
    verification: "rejected",
    verificationNote: "Asmens dokumento nuotrauka neryški – įkelkite aiškesnę nuotrauką.",
    joinedMonthsAgo: 3,
  },
];

// ------------------------------------------------------------------ cars

export type ListingKind = "rental" | "sale" | "both";

export interface CarPlan {
  /** How bookings, favourites and messages refer to this car. */
  ref: string;
  owner: PersonKey;
  model: string;
  type: ListingKind;
  city: CityName;
  fuel?: Fuel;
  transmission?: Transmission;
  status?: "pending" | "rejected" | "suspended";
  rejectionReason?: string;
  /** Approved but switched off by the owner. */
  unavailable?: boolean;
  driver?: "available" | "only";
  borderSpot?: "latvia" | "poland";
  /** Listed recently: approved within the last few weeks. */
  fresh?: boolean;
  /** Instant book (decision 023): a verified renter's booking is confirmed as soon as the card is authorised. */
  instantBook?: boolean;
}

export const CAR_PLANS: readonly CarPlan[] = [
  // host@demo.lt: a bit of everything
  {
    ref: "host-x5",
    owner: "host",
    model: "bmw-x5",
    type: "rental",
    city: "Vilnius",
    fuel: "diesel",
    driver: "available",
  },
  { ref: "host-model3", owner: "host", model: "tesla-model-3", type: "rental", city: "Vilnius", instantBook: true },
  { ref: "host-eclass", owner: "host", model: "mercedes-e-w213", type: "both", city: "Vilnius", fuel: "hybrid" },
  { ref: "host-911", owner: "host", model: "porsche-911-992", type: "rental", city: "Vilnius" },
  { ref: "host-rav4", owner: "host", model: "toyota-rav4", type: "rental", city: "Palanga", instantBook: true },
  { ref: "host-e60", owner: "host", model: "bmw-5-e60", type: "sale", city: "Vilnius", fuel: "lpg" },
  { ref: "host-xc90", owner: "host", model: "volvo-xc90", type: "both", city: "Vilnius", fuel: "hybrid" },
  {
    ref: "host-w123",
    owner: "host",
    model: "mercedes-w123",
    type: "rental",
    city: "Vilnius",
    driver: "only",
    fuel: "diesel",
  },
  { ref: "host-huracan", owner: "host", model: "lambo-huracan", type: "rental", city: "Vilnius" },
  { ref: "host-q7", owner: "host", model: "audi-q7", type: "sale", city: "Vilnius", status: "pending" },
  { ref: "host-superb", owner: "host", model: "skoda-superb", type: "rental", city: "Vilnius", unavailable: true },
  {
    ref: "host-leaf",
    owner: "host",
    model: "nissan-leaf",
    type: "rental",
    city: "Vilnius",
    status: "rejected",
    rejectionReason:
      "Nuotraukose matyti kito automobilio valstybinis numeris. Įkelkite savo automobilio nuotraukas ir pateikite skelbimą iš naujo.",
  },
  // company@demo.lt: a rental fleet
  {
    ref: "co-kodiaq",
    owner: "company",
    model: "skoda-kodiaq",
    type: "rental",
    city: "Vilnius",
    transmission: "automatic",
  },
  { ref: "co-chr", owner: "company", model: "toyota-chr", type: "rental", city: "Vilnius" },
  { ref: "co-id4", owner: "company", model: "vw-id4", type: "rental", city: "Vilnius" },
  { ref: "co-s90", owner: "company", model: "volvo-s90", type: "rental", city: "Kaunas", driver: "available" },
  { ref: "co-modely", owner: "company", model: "tesla-model-y", type: "rental", city: "Klaipėda" },
  {
    ref: "co-sclass",
    owner: "company",
    model: "mercedes-s-w223",
    type: "rental",
    city: "Vilnius",
    driver: "available",
    fuel: "diesel",
  },
  { ref: "co-m4", owner: "company", model: "bmw-m4", type: "rental", city: "Vilnius", transmission: "automatic" },
  { ref: "co-duster", owner: "company", model: "dacia-duster", type: "rental", city: "Kaunas", fuel: "lpg" },
  { ref: "co-rrsport", owner: "company", model: "range-rover-sport", type: "rental", city: "Palanga" },
  { ref: "co-ghost", owner: "company", model: "rolls-ghost", type: "rental", city: "Vilnius", driver: "only" },
  { ref: "co-urus", owner: "company", model: "lambo-urus", type: "rental", city: "Vilnius", fresh: true },
  { ref: "co-enyaq", owner: "company", model: "skoda-enyaq", type: "rental", city: "Vilnius", status: "pending" },
  // Kaunas
  { ref: "jonas-a6", owner: "jonas", model: "audi-a6-c8", type: "rental", city: "Kaunas" },
  { ref: "jonas-m2", owner: "jonas", model: "bmw-m2", type: "rental", city: "Kaunas", transmission: "manual" },
  {
    ref: "jonas-forester",
    owner: "jonas",
    model: "subaru-forester",
    type: "rental",
    city: "Kaunas",
    transmission: "cvt",
    fuel: "petrol",
  },
  { ref: "jonas-a6old", owner: "jonas", model: "audi-a6-c6", type: "both", city: "Kaunas", fuel: "lpg" },
  { ref: "jonas-f8", owner: "jonas", model: "ferrari-f8", type: "rental", city: "Kaunas", fresh: true },
  { ref: "jonas-vantage", owner: "jonas", model: "aston-vantage", type: "both", city: "Kaunas" },
  { ref: "jonas-mustang", owner: "jonas", model: "ford-mustang", type: "rental", city: "Kaunas", status: "suspended" },
  // Klaipėda
  { ref: "darius-v90", owner: "darius", model: "volvo-v90", type: "rental", city: "Klaipėda" },
  { ref: "darius-mx5", owner: "darius", model: "mazda-mx5", type: "rental", city: "Klaipėda" },
  {
    ref: "darius-prado",
    owner: "darius",
    model: "toyota-prado",
    type: "rental",
    city: "Klaipėda",
    transmission: "automatic",
  },
  { ref: "darius-ioniq5", owner: "darius", model: "hyundai-ioniq5", type: "both", city: "Klaipėda" },
  // Šiauliai sellers and hosts
  { ref: "aiste-qashqai", owner: "aiste", model: "nissan-qashqai", type: "sale", city: "Šiauliai", fuel: "diesel" },
  { ref: "aiste-zoe", owner: "aiste", model: "renault-zoe", type: "sale", city: "Šiauliai" },
  {
    ref: "aiste-w211",
    owner: "aiste",
    model: "mercedes-e-w211",
    type: "sale",
    city: "Šiauliai",
    fuel: "lpg",
    status: "rejected",
    rejectionReason:
      "Nurodyta rida neatitinka techninės apžiūros duomenų (Regitra). Patikslinkite ridą ir pridėkite salono nuotraukų.",
  },
  { ref: "edvinas-rs6", owner: "edvinas", model: "audi-rs6", type: "rental", city: "Šiauliai" },
  { ref: "edvinas-models", owner: "edvinas", model: "tesla-model-s", type: "both", city: "Šiauliai" },
  { ref: "edvinas-xc90", owner: "edvinas", model: "volvo-xc90", type: "rental", city: "Šiauliai", fuel: "diesel" },
  { ref: "edvinas-c63", owner: "edvinas", model: "amg-c63", type: "rental", city: "Šiauliai" },
  // Panevėžys
  { ref: "mantas-xc90old", owner: "mantas", model: "volvo-xc90-old", type: "both", city: "Panevėžys", fuel: "lpg" },
  { ref: "mantas-outlander", owner: "mantas", model: "mitsubishi-outlander-phev", type: "rental", city: "Panevėžys" },
  { ref: "mantas-5series", owner: "mantas", model: "bmw-5-g30", type: "sale", city: "Panevėžys", fuel: "diesel" },
  {
    ref: "mantas-gr86",
    owner: "mantas",
    model: "toyota-gr86",
    type: "rental",
    city: "Panevėžys",
    transmission: "manual",
  },
  // Palanga
  {
    ref: "paulius-cayman",
    owner: "paulius",
    model: "porsche-cayman",
    type: "rental",
    city: "Palanga",
    transmission: "manual",
  },
  { ref: "paulius-i4", owner: "paulius", model: "bmw-i4", type: "rental", city: "Palanga", borderSpot: "latvia" },
  { ref: "paulius-golfr", owner: "paulius", model: "vw-golf-r", type: "rental", city: "Palanga" },
  { ref: "paulius-720s", owner: "paulius", model: "mclaren-720s", type: "rental", city: "Palanga", fresh: true },
  { ref: "paulius-gle", owner: "paulius", model: "mercedes-gle", type: "rental", city: "Palanga", status: "pending" },
  // Druskininkai
  { ref: "gintare-es", owner: "gintare", model: "lexus-es", type: "rental", city: "Druskininkai" },
  { ref: "gintare-rav4", owner: "gintare", model: "toyota-rav4", type: "both", city: "Druskininkai" },
  {
    ref: "gintare-amazon",
    owner: "gintare",
    model: "volvo-amazon",
    type: "rental",
    city: "Druskininkai",
    driver: "available",
  },
  // Utena
  { ref: "vytautas-2101", owner: "vytautas", model: "vaz-2101", type: "sale", city: "Utena" },
  { ref: "vytautas-duster", owner: "vytautas", model: "dacia-duster", type: "sale", city: "Utena", fuel: "diesel" },
  {
    ref: "vytautas-forester",
    owner: "vytautas",
    model: "subaru-forester",
    type: "sale",
    city: "Utena",
    status: "pending",
  },
  // Marijampolė
  {
    ref: "ieva-superb",
    owner: "ieva",
    model: "skoda-superb",
    type: "rental",
    city: "Marijampolė",
    borderSpot: "poland",
    transmission: "manual",
  },
  { ref: "ieva-ev6", owner: "ieva", model: "kia-ev6", type: "rental", city: "Marijampolė" },
  { ref: "ieva-chr", owner: "ieva", model: "toyota-chr", type: "both", city: "Marijampolė" },
  { ref: "ieva-artura", owner: "ieva", model: "mclaren-artura", type: "sale", city: "Marijampolė" },
  // Klaipėda seller
  { ref: "simona-model3", owner: "simona", model: "tesla-model-3", type: "sale", city: "Klaipėda" },
  { ref: "simona-mx5", owner: "simona", model: "mazda-mx5", type: "sale", city: "Klaipėda" },
  {
    ref: "simona-id4",
    owner: "simona",
    model: "vw-id4",
    type: "sale",
    city: "Klaipėda",
    status: "rejected",
    rejectionReason:
      "Pardavimo kaina akivaizdžiai per maža ir nurodyta tik el. pašto kontaktai už platformos ribų. Patikslinkite kainą ir bendraukite per Ratai žinutes.",
  },
  // Vilnius classics
  { ref: "algirdas-mustang", owner: "algirdas", model: "ford-mustang-67", type: "both", city: "Vilnius" },
  {
    ref: "algirdas-belair",
    owner: "algirdas",
    model: "chevrolet-bel-air",
    type: "rental",
    city: "Vilnius",
    driver: "only",
  },
  { ref: "algirdas-etype", owner: "algirdas", model: "jaguar-etype", type: "sale", city: "Vilnius" },
  { ref: "algirdas-pagoda", owner: "algirdas", model: "mercedes-pagoda", type: "both", city: "Vilnius" },
  { ref: "algirdas-volga", owner: "algirdas", model: "gaz-21", type: "rental", city: "Vilnius", driver: "available" },
  { ref: "algirdas-911", owner: "algirdas", model: "porsche-911-g", type: "sale", city: "Vilnius" },
  { ref: "algirdas-296", owner: "algirdas", model: "ferrari-296", type: "sale", city: "Vilnius", fresh: true },
  { ref: "algirdas-beetle", owner: "algirdas", model: "vw-beetle", type: "sale", city: "Vilnius", unavailable: true },
  // Alytus
  { ref: "tadas-e60", owner: "tadas", model: "bmw-5-e60", type: "sale", city: "Alytus", fuel: "diesel" },
  { ref: "tadas-w123", owner: "tadas", model: "mercedes-w123", type: "sale", city: "Alytus" },
  { ref: "tadas-leaf", owner: "tadas", model: "nissan-leaf", type: "sale", city: "Alytus" },
  { ref: "gintare-zoe", owner: "gintare", model: "renault-zoe", type: "rental", city: "Alytus" },
];

// ------------------------------------------------------------------ bookings

export type InsuranceKey = "none" | "basic" | "standard" | "premium";

export interface BookingPlan {
  car: string;
  renter: PersonKey;
  status: "pending" | "confirmed" | "active" | "completed" | "cancelled";
  /** Start day relative to today (Europe/Vilnius). */
  start: number;
  days: number;
  period?: "weekly" | "monthly";
  insurance: InsuranceKey;
  withDriver?: boolean;
  cancelledBy?: "renter" | "owner";
  /** Ratings left after a completed booking: by the renter about the car and host, by the host about the renter. */
  renterRating?: number;
  hostRating?: number;
  specialRequests?: string;
}

export const BOOKING_PLANS: readonly BookingPlan[] = [
  // completed
  {
    car: "host-x5",
    renter: "renter",
    status: "completed",
    start: -80,
    days: 5,
    insurance: "standard",
    renterRating: 5,
    hostRating: 5,
    specialRequests: "Reikės vaikiškos kėdutės (9–18 kg).",
  },
  {
    car: "co-kodiaq",
    renter: "renter",
    status: "completed",
    start: -52,
    days: 7,
    period: "weekly",
    insurance: "basic",
    renterRating: 5,
    hostRating: 5,
  },
  {
    car: "jonas-a6",
    renter: "renter",
    status: "completed",
    start: -120,
    days: 3,
    insurance: "none",
    renterRating: 4,
    hostRating: 5,
  },
  {
    car: "host-model3",
    renter: "rasa",
    status: "completed",
    start: -40,
    days: 4,
    insurance: "standard",
    renterRating: 5,
    hostRating: 4,
  },
  {
    car: "host-911",
    renter: "karolis",
    status: "completed",
    start: -30,
    days: 2,
    insurance: "premium",
    renterRating: 5,
    hostRating: 5,
  },
  {
    car: "jonas-forester",
    renter: "laura",
    status: "completed",
    start: -66,
    days: 10,
    period: "weekly",
    insurance: "basic",
    renterRating: 4,
    hostRating: 4,
  },
  {
    car: "gintare-es",
    renter: "justina",
    status: "completed",
    start: -25,
    days: 3,
    insurance: "standard",
    renterRating: 5,
    hostRating: 5,
  },
  {
    car: "mantas-outlander",
    renter: "zivile",
    status: "completed",
    start: -95,
    days: 30,
    period: "monthly",
    insurance: "basic",
    renterRating: 3,
    hostRating: 4,
  },
  {
    car: "paulius-cayman",
    renter: "renter",
    status: "completed",
    start: -20,
    days: 2,
    insurance: "premium",
    renterRating: 5,
    hostRating: 5,
  },
  {
    car: "darius-prado",
    renter: "host",
    status: "completed",
    start: -100,
    days: 6,
    insurance: "standard",
    renterRating: 4,
    hostRating: 5,
  },
  {
    car: "co-sclass",
    renter: "karolis",
    status: "completed",
    start: -15,
    days: 1,
    insurance: "none",
    withDriver: true,
    renterRating: 5,
    specialRequests: "Pasitikimas Vilniaus oro uoste 14:30, reiso numeris LO 771.",
  },
  {
    car: "co-m4",
    renter: "rasa",
    status: "completed",
    start: -60,
    days: 2,
    insurance: "premium",
    renterRating: 2,
    hostRating: 3,
  },
  {
    car: "host-xc90",
    renter: "laura",
    status: "completed",
    start: -45,
    days: 5,
    insurance: "standard",
    renterRating: 5,
    hostRating: 5,
  },
  {
    car: "host-w123",
    renter: "justina",
    status: "completed",
    start: -35,
    days: 1,
    insurance: "none",
    withDriver: true,
    renterRating: 5,
    specialRequests: "Vestuvės: ceremonija Trakuose 15 val., reikės papuošti automobilį kaspinais.",
  },
  // Came back yesterday, late and over its kilometres: the host's claim waits for the renter (demo-trips.ts).
  { car: "host-huracan", renter: "renter", status: "completed", start: -2, days: 1, insurance: "premium" },
  {
    car: "darius-v90",
    renter: "zivile",
    status: "completed",
    start: -140,
    days: 4,
    insurance: "basic",
    renterRating: 5,
    hostRating: 5,
  },
  // active
  { car: "co-id4", renter: "rasa", status: "active", start: -2, days: 5, insurance: "basic" },
  { car: "darius-v90", renter: "karolis", status: "active", start: -1, days: 4, insurance: "standard" },
  {
    car: "host-rav4",
    renter: "renter",
    status: "active",
    start: -3,
    days: 7,
    period: "weekly",
    insurance: "standard",
    specialRequests: "Ar galima pasiimti dviračių laikiklį?",
  },
  { car: "ieva-ev6", renter: "laura", status: "active", start: 0, days: 3, insurance: "none" },
  // confirmed
  { car: "host-911", renter: "renter", status: "confirmed", start: 5, days: 3, insurance: "premium" },
  { car: "co-s90", renter: "justina", status: "confirmed", start: 9, days: 2, insurance: "none", withDriver: true },
  { car: "jonas-m2", renter: "zivile", status: "confirmed", start: 14, days: 2, insurance: "standard" },
  {
    car: "host-x5",
    renter: "karolis",
    status: "confirmed",
    start: 20,
    days: 8,
    period: "weekly",
    insurance: "standard",
  },
  {
    car: "paulius-i4",
    renter: "rasa",
    status: "confirmed",
    start: 30,
    days: 28,
    period: "monthly",
    insurance: "basic",
  },
  // pending
  {
    car: "host-x5",
    renter: "renter",
    status: "pending",
    start: 40,
    days: 4,
    insurance: "standard",
    specialRequests: "Atvyksime vėlai vakare, apie 22 val. – ar galima atsiimti oro uoste?",
  },
  { car: "host-model3", renter: "laura", status: "pending", start: 7, days: 3, insurance: "none" },
  { car: "co-kodiaq", renter: "rasa", status: "pending", start: 12, days: 5, insurance: "basic" },
  { car: "darius-mx5", renter: "justina", status: "pending", start: 18, days: 2, insurance: "standard" },
  { car: "host-huracan", renter: "karolis", status: "pending", start: 25, days: 1, insurance: "premium" },
  // cancelled
  {
    car: "co-chr",
    renter: "renter",
    status: "cancelled",
    start: 3,
    days: 3,
    insurance: "basic",
    cancelledBy: "renter",
  },
  {
    car: "host-911",
    renter: "laura",
    status: "cancelled",
    start: -12,
    days: 2,
    insurance: "premium",
    cancelledBy: "owner",
  },
  {
    car: "host-model3",
    renter: "zivile",
    status: "cancelled",
    start: 15,
    days: 2,
    insurance: "none",
    cancelledBy: "renter",
  },
  {
    car: "jonas-a6",
    renter: "karolis",
    status: "cancelled",
    start: -55,
    days: 3,
    insurance: "standard",
    cancelledBy: "renter",
  },
];

/**
 * Days the host took a car off its calendar (from `start` days after today, `days` of them), so the host calendar and
 * the car page show some on `npm start`. Clear of the car's confirmed bookings (the seed checks, as the triggers do).
 */
export const BLOCKED_DAY_PLANS: readonly { car: string; start: number; days: number }[] = [
  { car: "host-911", start: 10, days: 3 },
];

// ------------------------------------------------------------------ favourites, searches, conversations

export const FAVORITE_PLANS: Partial<Record<PersonKey, string[]>> = {
  renter: [
    "host-x5",
    "co-rrsport",
    "paulius-cayman",
    "algirdas-mustang",
    "host-e60",
    "simona-model3",
    "edvinas-models",
  ],
  host: ["algirdas-etype", "jonas-f8"],
  rasa: ["host-911", "co-modely", "gintare-es"],
  karolis: ["host-huracan", "paulius-720s", "edvinas-rs6", "jonas-m2"],
  laura: ["host-xc90", "darius-ioniq5"],
  justina: ["algirdas-belair", "gintare-amazon"],
  zivile: ["mantas-5series"],
  newbie: ["mantas-gr86"],
};

export const SAVED_SEARCHES: Array<{ person: PersonKey; name: string; query: string }> = [
  { person: "renter", name: "Visureigiai Vilniuje", query: "listingType=rental&category=suv&location=Vilnius" },
  { person: "renter", name: "Elektromobiliai pardavimui", query: "listingType=sale&fuelType=electric" },
  {
    person: "renter",
    name: "Kabrioletai ir sportiniai pajūryje",
    query: "listingType=rental&category=sport&location=Palanga",
  },
  { person: "karolis", name: "Egzotiniai automobiliai", query: "listingType=rental&category=exotic" },
  {
    person: "laura",
    name: "Automatinė pavarų dėžė Kaune",
    query: "listingType=rental&transmission=automatic&location=Kaunas",
  },
];

export interface MessagePlan {
  from: PersonKey;
  text: string;
  /** Hours before now. */
  hoursAgo: number;
  read: boolean;
  subject?: string;
  inquiry?: { start: number; end: number; pickup: string };
}

export interface ConversationPlan {
  between: [PersonKey, PersonKey];
  car?: string;
  messages: MessagePlan[];
}

export const CONVERSATIONS: readonly ConversationPlan[] = [
  {
    between: ["renter", "host"],
    car: "host-x5",
    messages: [
      {
        from: "renter",
        subject: "Užklausa dėl BMW X5",
        text: "Sveiki, Mindaugai! Norėtume išsinuomoti X5 keturioms dienoms – važiuojame visa šeima į Nidą. Ar galėčiau atsiimti automobilį oro uoste vėlai vakare?",
        hoursAgo: 30,
        read: true,
        inquiry: { start: 40, end: 44, pickup: "Vilniaus oro uostas, Rodūnios kel. 10A" },
      },
      {
        from: "host",
        text: "Sveiki, Greta! Taip, oro uoste galiu perduoti iki 24 val. Užklausą matau, patvirtinsiu šiandien vakare.",
        hoursAgo: 26,
        read: true,
      },
      {
        from: "renter",
        text: "Puiku, ačiū! Dar klausimas – ar galima su šunimi? Jis nedidelis, turime apsauginį užtiesalą.",
        hoursAgo: 25,
        read: true,
      },
      {
        from: "host",
        text: "Su užtiesalu – jokių problemų. Tik prašyčiau grąžinti išsiurbtą saloną 🙂",
        hoursAgo: 3,
        read: false,
      },
    ],
  },
  {
    between: ["renter", "company"],
    car: "co-kodiaq",
    messages: [
      {
        from: "renter",
        subject: "Škoda Kodiaq",
        text: "Laba diena, ar Kodiaq turi kablį dviračių laikikliui?",
        hoursAgo: 24 * 60,
        read: true,
      },
      {
        from: "company",
        text: "Laba diena! Taip, Kodiaq su kabliu, dviračių laikiklį (3 dviračiams) galime pridėti už 10 €/parą.",
        hoursAgo: 24 * 60 - 2,
        read: true,
      },
      {
        from: "company",
        text: "Greta, ačiū, kad keliavote su Baltic Drive! Jei patiko – būsime dėkingi už atsiliepimą.",
        hoursAgo: 24 * 43,
        read: true,
      },
      {
        from: "company",
        text: "Birželio savaitgaliams dar turime laisvų Kodiaq ir Model Y. Nuolatiniams klientams – 10 % nuolaida.",
        hoursAgo: 20,
        read: false,
      },
    ],
  },
  {
    between: ["rasa", "host"],
    car: "host-911",
    messages: [
      {
        from: "rasa",
        subject: "911 savaitgaliui",
        text: "Sveiki, ar 911 laisvas kitą mėnesį savaitgaliui? Norėčiau padovanoti vyrui gimtadienio proga.",
        hoursAgo: 5,
        read: false,
        inquiry: { start: 33, end: 35, pickup: "Katedros aikštė, Gedimino pr. 1" },
      },
    ],
  },
  {
    between: ["karolis", "host"],
    car: "host-eclass",
    messages: [
      {
        from: "karolis",
        subject: "E-Class pardavimas",
        text: "Laba diena, ar E-Class dar parduodamas? Kokia tiksli baterijos talpa ir ar kraunate namuose?",
        hoursAgo: 50,
        read: true,
      },
      {
        from: "host",
        text: "Laba, taip, dar parduodamas. Kraunu namuose iš 11 kW stotelės, elektra nuvažiuoja apie 50 km. Galite atvažiuoti apžiūrėti šeštadienį.",
        hoursAgo: 47,
        read: true,
      },
      {
        from: "karolis",
        text: "Šeštadienį 11 val. tiktų? Atsivežčiau ir savo meistrą patikrai.",
        hoursAgo: 8,
        read: false,
      },
    ],
  },
  {
    between: ["renter", "algirdas"],
    car: "algirdas-mustang",
    messages: [
      {
        from: "renter",
        subject: "Mustang 1967",
        text: "Sveiki, Algirdai, kokia būtų kaina Mustang'ui vestuvėms rugpjūtį, visai dienai su vairuotoju?",
        hoursAgo: 24 * 12,
        read: true,
      },
      {
        from: "algirdas",
        text: "Sveiki! Šis Mustang'as nuomojamas be vairuotojo, bet galiu pasiūlyti Bel Air su vairuotoju – 8 val. už 380 €. Papuošimus turiu savo.",
        hoursAgo: 24 * 12 - 5,
        read: true,
      },
    ],
  },
  {
    between: ["laura", "jonas"],
    car: "jonas-forester",
    messages: [
      {
        from: "laura",
        subject: "Forester dešimčiai dienų",
        text: "Laba, Jonai, ieškau visureigio dešimčiai dienų kelionei po Latviją. Ar galima išvažiuoti į užsienį?",
        hoursAgo: 24 * 70,
        read: true,
        inquiry: { start: -66, end: -56, pickup: "PC Akropolis Kaunas, Karaliaus Mindaugo pr. 49" },
      },
      {
        from: "jonas",
        text: "Laba, Laura! Į Latviją ir Estiją galima, tik perspėkite iš anksto – išrašysiu žaliąją kortelę.",
        hoursAgo: 24 * 70 - 3,
        read: true,
      },
    ],
  },
  {
    between: ["newbie", "host"],
    messages: [
      {
        from: "newbie",
        subject: "Kaip pradėti nuomoti?",
        text: "Sveiki, kaip jums pavyko tapti patvirtintu nuomotoju? Mano paskyra vis dar laukia patvirtinimo.",
        hoursAgo: 72,
        read: true,
      },
      {
        from: "host",
        text: "Sveiki, Lukai! Profilyje įkelkite vairuotojo pažymėjimą ir asmens dokumentą – man patvirtino per dvi dienas.",
        hoursAgo: 70,
        read: true,
      },
    ],
  },
  {
    between: ["justina", "gintare"],
    car: "gintare-es",
    messages: [
      {
        from: "justina",
        subject: "Lexus SPA savaitgaliui",
        text: "Sveiki, norėčiau Lexus trims dienoms, atvyksiu autobusu į Druskininkus. Ar galite pasitikti stotyje?",
        hoursAgo: 24 * 28,
        read: true,
        inquiry: { start: -25, end: -22, pickup: "Druskininkų autobusų stotis, Gardino g. 1" },
      },
      {
        from: "gintare",
        text: "Žinoma, pasitiksiu stotyje. Gero poilsio Druskininkuose!",
        hoursAgo: 24 * 28 - 1,
        read: true,
      },
    ],
  },
  {
    between: ["zivile", "mantas"],
    car: "mantas-5series",
    messages: [
      {
        from: "zivile",
        subject: "BMW 520d",
        text: "Laba diena, ar galima derėtis dėl kainos? Ar automobilis nedaužtas?",
        hoursAgo: 24 * 4,
        read: true,
      },
      {
        from: "mantas",
        text: "Laba diena, nedaužtas, visa serviso istorija BMW. Nedidelė nuolaida galima apžiūros metu.",
        hoursAgo: 24 * 4 - 6,
        read: true,
      },
    ],
  },
  {
    between: ["host", "company"],
    messages: [
      {
        from: "company",
        subject: "Bendradarbiavimas",
        text: "Sveiki, Mindaugai, gal domintų bendradarbiavimas – jūsų automobiliai mūsų klientams oro uoste, kai mūsų parkas užimtas? Komisinis 10 %.",
        hoursAgo: 12,
        read: false,
      },
    ],
  },
  {
    between: ["renter", "simona"],
    car: "simona-model3",
    messages: [
      {
        from: "renter",
        subject: "Tesla Model 3",
        text: "Sveiki, kokia baterijos būklė? Ar yra žieminės padangos?",
        hoursAgo: 24 * 6,
        read: true,
      },
      {
        from: "simona",
        text: "Sveiki, baterijos būklė 94 %, žieminės padangos ant atskirų ratlankių įeina į kainą.",
        hoursAgo: 24 * 6 - 4,
        read: false,
      },
    ],
  },
];
