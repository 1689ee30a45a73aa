// Makes and models as they are sold and rented in Lithuania, with specs that belong together (an electric car
// has no engine size, a classic is old, LPG is a conversion on a common older car) and price anchors in euros.
// Both the demo seed and the bulk seed draw cars from here.
import {
  FEATURE_GROUPS,
  LUXURY_MIN_SALE_PRICE_CENTS,
  type FeatureCode,
  type FeatureGroupCode,
} from "../../app/cars/feature-catalogue";
import type { CAR_CATEGORIES, DOOR_COUNTS, FUEL_TYPES, SEAT_COUNTS, TRANSMISSIONS } from "../../db/schema";
import type { BodyShape } from "./photos";
import type { Random } from "./random";

export type Category = (typeof CAR_CATEGORIES)[number];
export type Fuel = (typeof FUEL_TYPES)[number];
export type Transmission = (typeof TRANSMISSIONS)[number];
export type Seats = (typeof SEAT_COUNTS)[number];
export type Doors = (typeof DOOR_COUNTS)[number];

export interface Engine {
  fuel: Fuel;
  transmission: Transmission;
  horsepower: number;
  /** Litres with one decimal; null for electric cars. */
  engineSize: number | null;
}

/** How well equipped a model usually is; decides how many premium features it gets. */
export type Tier = "budget" | "mid" | "premium" | "top";

export interface CatalogueModel {
  key: string;
  make: string;
  model: string;
  category: Category;
  shape: BodyShape;
  /** Model years of this generation. */
  years: [number, number];
  seats: Seats;
  doors: Doors;
  engines: Engine[];
  /** Price new in euros; classics give their market value instead and do not depreciate. */
  priceNew: number;
  /** What a daily rental of a three-year-old car costs, in euros. */
  dailyRate: number;
  tier: Tier;
  allWheelDrive?: boolean;
  /** Classics and collector cars that owners sell but would not rent out. */
  saleOnly?: boolean;
  /** VIN world manufacturer identifier. */
  wmi: string;
}

const petrol = (transmission: Transmission, horsepower: number, engineSize: number): Engine => ({
  fuel: "petrol",
  transmission,
  horsepower,
  engineSize,
});
const diesel = (transmission: Transmission, horsepower: number, engineSize: number): Engine => ({
  fuel: "diesel",
  transmission,
  horsepower,
  engineSize,
});
const hybrid = (transmission: Transmission, horsepower: number, engineSize: number): Engine => ({
  fuel: "hybrid",
  transmission,
  horsepower,
  engineSize,
});
const lpg = (transmission: Transmission, horsepower: number, engineSize: number): Engine => ({
  fuel: "lpg",
  transmission,
  horsepower,
  engineSize,
});
const ev = (horsepower: number): Engine => ({
  fuel: "electric",
  transmission: "automatic",
  horsepower,
  engineSize: null,
});

export const CATALOGUE: readonly CatalogueModel[] = [
  // ---------------------------------------------------------------- luxury
  {
    key: "bmw-5-g30",
    make: "BMW",
    model: "5 Series",
    category: "luxury",
    shape: "sedan",
    years: [2017, 2023],
    seats: 5,
    doors: 4,
    engines: [diesel("automatic", 190, 2.0), hybrid("automatic", 292, 2.0), petrol("automatic", 340, 3.0)],
    priceNew: 62000,
    dailyRate: 95,
    tier: "premium",
    wmi: "WBA",
  },
  {
    key: "bmw-5-e60",
    make: "BMW",
    model: "5 Series",
    category: "luxury",
    shape: "sedan",
    years: [2004, 2010],
    seats: 5,
    doors: 4,
    engines: [lpg("automatic", 218, 2.5), diesel("manual", 177, 2.0), petrol("manual", 218, 2.5)],
    priceNew: 48000,
    dailyRate: 45,
    tier: "mid",
    wmi: "WBA",
  },
  {
    key: "mercedes-e-w213",
    make: "Mercedes-Benz",
    model: "E-Class",
    category: "luxury",
    shape: "sedan",
    years: [2016, 2023],
    seats: 5,
    doors: 4,
    engines: [diesel("automatic", 194, 2.0), hybrid("automatic", 320, 2.0), petrol("automatic", 258, 2.0)],
    priceNew: 60000,
    dailyRate: 95,
    tier: "premium",
    wmi: "WDD",
  },
  {
    key: "mercedes-e-w211",
    make: "Mercedes-Benz",
    model: "E-Class",
    category: "luxury",
    shape: "sedan",
    years: [2003, 2009],
    seats: 5,
    doors: 4,
    engines: [lpg("automatic", 163, 1.8), diesel("automatic", 170, 2.1)],
    priceNew: 45000,
    dailyRate: 40,
    tier: "mid",
    wmi: "WDB",
  },
  {
    key: "mercedes-s-w223",
    make: "Mercedes-Benz",
    model: "S-Class",
    category: "luxury",
    shape: "sedan",
    years: [2021, 2025],
    seats: 5,
    doors: 4,
    engines: [diesel("automatic", 286, 2.9), petrol("automatic", 503, 4.0), hybrid("automatic", 510, 3.0)],
    priceNew: 135000,
    dailyRate: 290,
    tier: "top",
    allWheelDrive: true,
    wmi: "W1K",
  },
  {
    key: "audi-a6-c8",
    make: "Audi",
    model: "A6 Avant",
    category: "luxury",
    shape: "estate",
    years: [2018, 2024],
    seats: 5,
    doors: 5,
    engines: [diesel("automatic", 204, 2.0), hybrid("automatic", 367, 2.0), diesel("automatic", 286, 3.0)],
    priceNew: 62000,
    dailyRate: 90,
    tier: "premium",
    allWheelDrive: true,
    wmi: "WAU",
  },
  {
    key: "audi-a6-c6",
    make: "Audi",
    model: "A6",
    category: "luxury",
    shape: "sedan",
    years: [2005, 2011],
    seats: 5,
    doors: 4,
    engines: [lpg("cvt", 177, 2.4), diesel("manual", 140, 2.0), diesel("automatic", 233, 3.0)],
    priceNew: 42000,
    dailyRate: 38,
    tier: "mid",
    wmi: "WAU",
  },
  {
    key: "audi-a8-d5",
    make: "Audi",
    model: "A8",
    category: "luxury",
    shape: "sedan",
    years: [2018, 2024],
    seats: 5,
    doors: 4,
    engines: [diesel("automatic", 286, 3.0), petrol("automatic", 340, 3.0)],
    priceNew: 110000,
    dailyRate: 230,
    tier: "top",
    allWheelDrive: true,
    wmi: "WAU",
  },
  {
    key: "volvo-s90",
    make: "Volvo",
    model: "S90",
    category: "luxury",
    shape: "sedan",
    years: [2017, 2024],
    seats: 5,
    doors: 4,
    engines: [hybrid("automatic", 250, 2.0), hybrid("automatic", 455, 2.0), diesel("automatic", 235, 2.0)],
    priceNew: 60000,
    dailyRate: 85,
    tier: "premium",
    wmi: "YV1",
  },
  {
    key: "volvo-v90",
    make: "Volvo",
    model: "V90",
    category: "luxury",
    shape: "estate",
    years: [2017, 2024],
    seats: 5,
    doors: 5,
    engines: [diesel("automatic", 197, 2.0), hybrid("automatic", 250, 2.0)],
    priceNew: 58000,
    dailyRate: 85,
    tier: "premium",
    wmi: "YV1",
  },
  {
    key: "lexus-es",
    make: "Lexus",
    model: "ES 300h",
    category: "luxury",
    shape: "sedan",
    years: [2019, 2025],
    seats: 5,
    doors: 4,
    engines: [hybrid("cvt", 218, 2.5)],
    priceNew: 55000,
    dailyRate: 80,
    tier: "premium",
    wmi: "JTH",
  },
  {
    key: "skoda-superb",
    make: "Škoda",
    model: "Superb Combi",
    category: "luxury",
    shape: "estate",
    years: [2016, 2023],
    seats: 5,
    doors: 5,
    engines: [diesel("automatic", 190, 2.0), diesel("manual", 150, 2.0), petrol("automatic", 272, 2.0)],
    priceNew: 42000,
    dailyRate: 60,
    tier: "mid",
    wmi: "TMB",
  },
  {
    key: "bentley-continental",
    make: "Bentley",
    model: "Continental GT",
    category: "luxury",
    shape: "coupe",
    years: [2018, 2024],
    seats: 4,
    doors: 2,
    engines: [petrol("automatic", 550, 4.0), petrol("automatic", 635, 6.0)],
    priceNew: 230000,
    dailyRate: 750,
    tier: "top",
    allWheelDrive: true,
    wmi: "SCB",
  },
  {
    key: "rolls-ghost",
    make: "Rolls-Royce",
    model: "Ghost",
    category: "luxury",
    shape: "sedan",
    years: [2021, 2025],
    seats: 5,
    doors: 4,
    engines: [petrol("automatic", 571, 6.7)],
    priceNew: 330000,
    dailyRate: 900,
    tier: "top",
    allWheelDrive: true,
    wmi: "SCA",
  },
  // ---------------------------------------------------------------- sport
  {
    key: "bmw-m4",
    make: "BMW",
    model: "M4 Competition",
    category: "sport",
    shape: "coupe",
    years: [2021, 2025],
    seats: 4,
    doors: 2,
    engines: [petrol("automatic", 510, 3.0), petrol("manual", 480, 3.0)],
    priceNew: 105000,
    dailyRate: 230,
    tier: "premium",
    wmi: "WBS",
  },
  {
    key: "bmw-m2",
    make: "BMW",
    model: "M2",
    category: "sport",
    shape: "coupe",
    years: [2023, 2025],
    seats: 4,
    doors: 2,
    engines: [petrol("manual", 460, 3.0), petrol("automatic", 460, 3.0)],
    priceNew: 80000,
    dailyRate: 190,
    tier: "premium",
    wmi: "WBS",
  },
  {
    key: "porsche-911-992",
    make: "Porsche",
    model: "911 Carrera",
    category: "sport",
    shape: "coupe",
    years: [2019, 2025],
    seats: 4,
    doors: 2,
    engines: [petrol("automatic", 385, 3.0), petrol("automatic", 450, 3.0), petrol("manual", 450, 3.0)],
    priceNew: 135000,
    dailyRate: 330,
    tier: "top",
    wmi: "WP0",
  },
  {
    key: "porsche-cayman",
    make: "Porsche",
    model: "718 Cayman",
    category: "sport",
    shape: "coupe",
    years: [2017, 2024],
    seats: 2,
    doors: 2,
    engines: [petrol("manual", 300, 2.0), petrol("automatic", 400, 4.0)],
    priceNew: 72000,
    dailyRate: 200,
    tier: "premium",
    wmi: "WP0",
  },
  {
    key: "amg-c63",
    make: "Mercedes-AMG",
    model: "C 63 S",
    category: "sport",
    shape: "sedan",
    years: [2016, 2021],
    seats: 5,
    doors: 4,
    engines: [petrol("automatic", 510, 4.0)],
    priceNew: 95000,
    dailyRate: 210,
    tier: "premium",
    wmi: "WDD",
  },
  {
    key: "ford-mustang",
    make: "Ford",
    model: "Mustang GT",
    category: "sport",
    shape: "coupe",
    years: [2018, 2024],
    seats: 4,
    doors: 2,
    engines: [petrol("manual", 450, 5.0), petrol("automatic", 450, 5.0)],
    priceNew: 62000,
    dailyRate: 160,
    tier: "mid",
    wmi: "1FA",
  },
  {
    key: "toyota-gr86",
    make: "Toyota",
    model: "GR86",
    category: "sport",
    shape: "coupe",
    years: [2022, 2025],
    seats: 4,
    doors: 2,
    engines: [petrol("manual", 234, 2.4), petrol("automatic", 234, 2.4)],
    priceNew: 38000,
    dailyRate: 110,
    tier: "mid",
    wmi: "JF1",
  },
  {
    key: "mazda-mx5",
    make: "Mazda",
    model: "MX-5",
    category: "sport",
    shape: "coupe",
    years: [2016, 2024],
    seats: 2,
    doors: 2,
    engines: [petrol("manual", 184, 2.0), petrol("manual", 132, 1.5)],
    priceNew: 33000,
    dailyRate: 85,
    tier: "mid",
    wmi: "JMZ",
  },
  {
    key: "vw-golf-r",
    make: "Volkswagen",
    model: "Golf R",
    category: "sport",
    shape: "hatchback",
    years: [2021, 2024],
    seats: 5,
    doors: 5,
    engines: [petrol("automatic", 320, 2.0)],
    priceNew: 55000,
    dailyRate: 120,
    tier: "premium",
    allWheelDrive: true,
    wmi: "WVW",
  },
  {
    key: "audi-rs6",
    make: "Audi",
    model: "RS 6 Avant",
    category: "sport",
    shape: "estate",
    years: [2020, 2025],
    seats: 5,
    doors: 5,
    engines: [petrol("automatic", 600, 4.0)],
    priceNew: 140000,
    dailyRate: 350,
    tier: "top",
    allWheelDrive: true,
    wmi: "WUA",
  },
  // ---------------------------------------------------------------- suv
  {
    key: "bmw-x5",
    make: "BMW",
    model: "X5",
    category: "suv",
    shape: "suv",
    years: [2019, 2024],
    seats: 5,
    doors: 5,
    engines: [diesel("automatic", 286, 3.0), hybrid("automatic", 394, 3.0), petrol("automatic", 530, 4.4)],
    priceNew: 90000,
    dailyRate: 150,
    tier: "premium",
    allWheelDrive: true,
    wmi: "5UX",
  },
  {
    key: "volvo-xc90",
    make: "Volvo",
    model: "XC90",
    category: "suv",
    shape: "suv",
    years: [2016, 2024],
    seats: 7,
    doors: 5,
    engines: [diesel("automatic", 235, 2.0), hybrid("automatic", 455, 2.0)],
    priceNew: 82000,
    dailyRate: 130,
    tier: "premium",
    allWheelDrive: true,
    wmi: "YV1",
  },
  {
    key: "volvo-xc90-old",
    make: "Volvo",
    model: "XC90",
    category: "suv",
    shape: "suv",
    years: [2004, 2012],
    seats: 7,
    doors: 5,
    engines: [lpg("automatic", 210, 2.5), diesel("automatic", 185, 2.4)],
    priceNew: 55000,
    dailyRate: 55,
    tier: "mid",
    allWheelDrive: true,
    wmi: "YV1",
  },
  {
    key: "toyota-rav4",
    make: "Toyota",
    model: "RAV4",
    category: "suv",
    shape: "suv",
    years: [2019, 2025],
    seats: 5,
    doors: 5,
    engines: [hybrid("cvt", 218, 2.5), hybrid("cvt", 306, 2.5)],
    priceNew: 42000,
    dailyRate: 65,
    tier: "mid",
    allWheelDrive: true,
    wmi: "JTM",
  },
  {
    key: "toyota-prado",
    make: "Toyota",
    model: "Land Cruiser Prado",
    category: "suv",
    shape: "suv",
    years: [2010, 2023],
    seats: 7,
    doors: 5,
    engines: [diesel("automatic", 177, 2.8), diesel("manual", 177, 2.8)],
    priceNew: 62000,
    dailyRate: 110,
    tier: "mid",
    allWheelDrive: true,
    wmi: "JTE",
  },
  {
    key: "audi-q7",
    make: "Audi",
    model: "Q7",
    category: "suv",
    shape: "suv",
    years: [2016, 2024],
    seats: 7,
    doors: 5,
    engines: [diesel("automatic", 286, 3.0), diesel("automatic", 231, 3.0)],
    priceNew: 85000,
    dailyRate: 140,
    tier: "premium",
    allWheelDrive: true,
    wmi: "WA1",
  },
  {
    key: "range-rover-sport",
    make: "Land Rover",
    model: "Range Rover Sport",
    category: "suv",
    shape: "suv",
    years: [2018, 2024],
    seats: 5,
    doors: 5,
    engines: [diesel("automatic", 300, 3.0), hybrid("automatic", 404, 2.0)],
    priceNew: 105000,
    dailyRate: 200,
    tier: "top",
    allWheelDrive: true,
    wmi: "SAL",
  },
  {
    key: "skoda-kodiaq",
    make: "Škoda",
    model: "Kodiaq",
    category: "suv",
    shape: "suv",
    years: [2017, 2024],
    seats: 7,
    doors: 5,
    engines: [diesel("automatic", 150, 2.0), diesel("manual", 150, 2.0), petrol("automatic", 190, 2.0)],
    priceNew: 40000,
    dailyRate: 60,
    tier: "mid",
    wmi: "TMB",
  },
  {
    key: "dacia-duster",
    make: "Dacia",
    model: "Duster",
    category: "suv",
    shape: "suv",
    years: [2018, 2024],
    seats: 5,
    doors: 5,
    engines: [lpg("manual", 100, 1.0), diesel("manual", 115, 1.5)],
    priceNew: 20000,
    dailyRate: 38,
    tier: "budget",
    wmi: "UU1",
  },
  {
    key: "subaru-forester",
    make: "Subaru",
    model: "Forester",
    category: "suv",
    shape: "suv",
    years: [2014, 2021],
    seats: 5,
    doors: 5,
    engines: [petrol("cvt", 150, 2.0), hybrid("cvt", 150, 2.0)],
    priceNew: 36000,
    dailyRate: 55,
    tier: "mid",
    allWheelDrive: true,
    wmi: "JF1",
  },
  {
    key: "nissan-qashqai",
    make: "Nissan",
    model: "Qashqai",
    category: "suv",
    shape: "suv",
    years: [2014, 2021],
    seats: 5,
    doors: 5,
    engines: [diesel("manual", 110, 1.5), petrol("cvt", 140, 1.3)],
    priceNew: 28000,
    dailyRate: 42,
    tier: "budget",
    wmi: "SJN",
  },
  {
    key: "mitsubishi-outlander-phev",
    make: "Mitsubishi",
    model: "Outlander PHEV",
    category: "suv",
    shape: "suv",
    years: [2014, 2021],
    seats: 5,
    doors: 5,
    engines: [hybrid("automatic", 224, 2.4)],
    priceNew: 42000,
    dailyRate: 60,
    tier: "mid",
    allWheelDrive: true,
    wmi: "JMB",
  },
  {
    key: "mercedes-gle",
    make: "Mercedes-Benz",
    model: "GLE",
    category: "suv",
    shape: "suv",
    years: [2019, 2025],
    seats: 5,
    doors: 5,
    engines: [diesel("automatic", 272, 2.9), hybrid("automatic", 333, 2.0)],
    priceNew: 92000,
    dailyRate: 160,
    tier: "premium",
    allWheelDrive: true,
    wmi: "4JG",
  },
  {
    key: "toyota-chr",
    make: "Toyota",
    model: "C-HR",
    category: "suv",
    shape: "suv",
    years: [2017, 2023],
    seats: 5,
    doors: 5,
    engines: [hybrid("cvt", 122, 1.8), hybrid("cvt", 184, 2.0)],
    priceNew: 32000,
    dailyRate: 48,
    tier: "mid",
    wmi: "NMT",
  },
  // ---------------------------------------------------------------- electric
  {
    key: "tesla-model-3",
    make: "Tesla",
    model: "Model 3",
    category: "electric",
    shape: "sedan",
    years: [2019, 2025],
    seats: 5,
    doors: 4,
    engines: [ev(283), ev(366), ev(498)],
    priceNew: 48000,
    dailyRate: 75,
    tier: "premium",
    wmi: "5YJ",
  },
  {
    key: "tesla-model-y",
    make: "Tesla",
    model: "Model Y",
    category: "electric",
    shape: "suv",
    years: [2021, 2025],
    seats: 5,
    doors: 5,
    engines: [ev(299), ev(514)],
    priceNew: 52000,
    dailyRate: 85,
    tier: "premium",
    allWheelDrive: true,
    wmi: "7SA",
  },
  {
    key: "tesla-model-s",
    make: "Tesla",
    model: "Model S",
    category: "electric",
    shape: "sedan",
    years: [2016, 2023],
    seats: 5,
    doors: 5,
    engines: [ev(423), ev(670)],
    priceNew: 95000,
    dailyRate: 150,
    tier: "top",
    allWheelDrive: true,
    wmi: "5YJ",
  },
  {
    key: "vw-id4",
    make: "Volkswagen",
    model: "ID.4",
    category: "electric",
    shape: "suv",
    years: [2021, 2025],
    seats: 5,
    doors: 5,
    engines: [ev(204), ev(299)],
    priceNew: 45000,
    dailyRate: 70,
    tier: "mid",
    wmi: "WVG",
  },
  {
    key: "hyundai-ioniq5",
    make: "Hyundai",
    model: "IONIQ 5",
    category: "electric",
    shape: "hatchback",
    years: [2021, 2025],
    seats: 5,
    doors: 5,
    engines: [ev(229), ev(325)],
    priceNew: 50000,
    dailyRate: 80,
    tier: "premium",
    wmi: "KMH",
  },
  {
    key: "nissan-leaf",
    make: "Nissan",
    model: "Leaf",
    category: "electric",
    shape: "hatchback",
    years: [2018, 2023],
    seats: 5,
    doors: 5,
    engines: [ev(150), ev(217)],
    priceNew: 33000,
    dailyRate: 42,
    tier: "budget",
    wmi: "SJN",
  },
  {
    key: "renault-zoe",
    make: "Renault",
    model: "Zoe",
    category: "electric",
    shape: "hatchback",
    years: [2019, 2023],
    seats: 5,
    doors: 5,
    engines: [ev(135)],
    priceNew: 32000,
    dailyRate: 36,
    tier: "budget",
    wmi: "VF1",
  },
  {
    key: "bmw-i4",
    make: "BMW",
    model: "i4",
    category: "electric",
    shape: "sedan",
    years: [2022, 2025],
    seats: 5,
    doors: 5,
    engines: [ev(340), ev(544)],
    priceNew: 62000,
    dailyRate: 110,
    tier: "premium",
    wmi: "WBY",
  },
  {
    key: "porsche-taycan",
    make: "Porsche",
    model: "Taycan",
    category: "electric",
    shape: "sedan",
    years: [2020, 2025],
    seats: 4,
    doors: 4,
    engines: [ev(408), ev(625)],
    priceNew: 110000,
    dailyRate: 290,
    tier: "top",
    wmi: "WP0",
  },
  {
    key: "kia-ev6",
    make: "Kia",
    model: "EV6",
    category: "electric",
    shape: "hatchback",
    years: [2022, 2025],
    seats: 5,
    doors: 5,
    engines: [ev(229), ev(325), ev(585)],
    priceNew: 50000,
    dailyRate: 80,
    tier: "premium",
    wmi: "KNA",
  },
  {
    key: "skoda-enyaq",
    make: "Škoda",
    model: "Enyaq",
    category: "electric",
    shape: "suv",
    years: [2021, 2025],
    seats: 5,
    doors: 5,
    engines: [ev(204), ev(265)],
    priceNew: 47000,
    dailyRate: 70,
    tier: "mid",
    wmi: "TMB",
  },
  // ---------------------------------------------------------------- classic
  {
    key: "mercedes-w123",
    make: "Mercedes-Benz",
    model: "W123 200 D",
    category: "classic",
    shape: "classic",
    years: [1976, 1985],
    seats: 5,
    doors: 4,
    engines: [diesel("manual", 55, 2.0), petrol("automatic", 109, 2.3)],
    priceNew: 12000,
    dailyRate: 120,
    tier: "budget",
    wmi: "WDB",
  },
  {
    key: "gaz-21",
    make: "GAZ",
    model: "21 Volga",
    category: "classic",
    shape: "classic",
    years: [1959, 1970],
    seats: 5,
    doors: 4,
    engines: [petrol("manual", 75, 2.4)],
    priceNew: 14000,
    dailyRate: 130,
    tier: "budget",
    wmi: "XTH",
  },
  {
    key: "vw-beetle",
    make: "Volkswagen",
    model: "Beetle 1300",
    category: "classic",
    shape: "classic",
    years: [1966, 1975],
    seats: 4,
    doors: 2,
    engines: [petrol("manual", 44, 1.3)],
    priceNew: 13000,
    dailyRate: 110,
    tier: "budget",
    wmi: "WVW",
  },
  {
    key: "ford-mustang-67",
    make: "Ford",
    model: "Mustang Fastback",
    category: "classic",
    shape: "classic",
    years: [1965, 1968],
    seats: 4,
    doors: 2,
    engines: [petrol("manual", 225, 4.7), petrol("automatic", 320, 6.4)],
    priceNew: 65000,
    dailyRate: 280,
    tier: "budget",
    wmi: "1FA",
  },
  {
    key: "chevrolet-bel-air",
    make: "Chevrolet",
    model: "Bel Air",
    category: "classic",
    shape: "classic",
    years: [1955, 1957],
    seats: 5,
    doors: 4,
    engines: [petrol("automatic", 220, 4.6)],
    priceNew: 55000,
    dailyRate: 250,
    tier: "budget",
    wmi: "1G1",
  },
  {
    key: "jaguar-etype",
    make: "Jaguar",
    model: "E-Type Series 1",
    category: "classic",
    shape: "classic",
    years: [1961, 1968],
    seats: 2,
    doors: 2,
    engines: [petrol("manual", 265, 4.2)],
    priceNew: 160000,
    dailyRate: 600,
    tier: "budget",
    saleOnly: true,
    wmi: "SAJ",
  },
  {
    key: "mercedes-pagoda",
    make: "Mercedes-Benz",
    model: "280 SL Pagoda",
    category: "classic",
    shape: "classic",
    years: [1968, 1971],
    seats: 2,
    doors: 2,
    engines: [petrol("automatic", 170, 2.8)],
    priceNew: 120000,
    dailyRate: 450,
    tier: "budget",
    wmi: "WDB",
  },
  {
    key: "volvo-amazon",
    make: "Volvo",
    model: "Amazon",
    category: "classic",
    shape: "classic",
    years: [1962, 1970],
    seats: 5,
    doors: 4,
    engines: [petrol("manual", 85, 1.8)],
    priceNew: 17000,
    dailyRate: 120,
    tier: "budget",
    wmi: "YV1",
  },
  {
    key: "vaz-2101",
    make: "VAZ",
    model: "2101 Žiguli",
    category: "classic",
    shape: "classic",
    years: [1971, 1983],
    seats: 5,
    doors: 4,
    engines: [petrol("manual", 64, 1.2)],
    priceNew: 6000,
    dailyRate: 70,
    tier: "budget",
    wmi: "XTA",
  },
  {
    key: "porsche-911-g",
    make: "Porsche",
    model: "911 Carrera 3.2",
    category: "classic",
    shape: "classic",
    years: [1984, 1989],
    seats: 4,
    doors: 2,
    engines: [petrol("manual", 231, 3.2)],
    priceNew: 95000,
    dailyRate: 380,
    tier: "budget",
    saleOnly: true,
    wmi: "WP0",
  },
  // ---------------------------------------------------------------- exotic
  {
    key: "lambo-huracan",
    make: "Lamborghini",
    model: "Huracán EVO",
    category: "exotic",
    shape: "supercar",
    years: [2019, 2024],
    seats: 2,
    doors: 2,
    engines: [petrol("automatic", 640, 5.2)],
    priceNew: 270000,
    dailyRate: 900,
    tier: "top",
    allWheelDrive: true,
    wmi: "ZHW",
  },
  {
    key: "lambo-urus",
    make: "Lamborghini",
    model: "Urus",
    category: "exotic",
    shape: "suv",
    years: [2018, 2024],
    seats: 5,
    doors: 5,
    engines: [petrol("automatic", 650, 4.0)],
    priceNew: 240000,
    dailyRate: 850,
    tier: "top",
    allWheelDrive: true,
    wmi: "ZPB",
  },
  {
    key: "mclaren-720s",
    make: "McLaren",
    model: "720S",
    category: "exotic",
    shape: "supercar",
    years: [2017, 2023],
    seats: 2,
    doors: 2,
    engines: [petrol("automatic", 720, 4.0)],
    priceNew: 290000,
    dailyRate: 900,
    tier: "top",
    wmi: "SBM",
  },
  {
    key: "mclaren-artura",
    make: "McLaren",
    model: "Artura",
    category: "exotic",
    shape: "supercar",
    years: [2022, 2025],
    seats: 2,
    doors: 2,
    engines: [hybrid("automatic", 680, 3.0)],
    priceNew: 240000,
    dailyRate: 850,
    tier: "top",
    wmi: "SBM",
  },
  {
    key: "ferrari-f8",
    make: "Ferrari",
    model: "F8 Tributo",
    category: "exotic",
    shape: "supercar",
    years: [2020, 2023],
    seats: 2,
    doors: 2,
    engines: [petrol("automatic", 720, 3.9)],
    priceNew: 280000,
    dailyRate: 900,
    tier: "top",
    wmi: "ZFF",
  },
  {
    key: "ferrari-roma",
    make: "Ferrari",
    model: "Roma",
    category: "exotic",
    shape: "coupe",
    years: [2021, 2025],
    seats: 4,
    doors: 2,
    engines: [petrol("automatic", 620, 3.9)],
    priceNew: 230000,
    dailyRate: 780,
    tier: "top",
    wmi: "ZFF",
  },
  {
    key: "ferrari-296",
    make: "Ferrari",
    model: "296 GTB",
    category: "exotic",
    shape: "supercar",
    years: [2022, 2025],
    seats: 2,
    doors: 2,
    engines: [hybrid("automatic", 830, 3.0)],
    priceNew: 320000,
    dailyRate: 900,
    tier: "top",
    wmi: "ZFF",
  },
  {
    key: "aston-vantage",
    make: "Aston Martin",
    model: "Vantage",
    category: "exotic",
    shape: "coupe",
    years: [2019, 2024],
    seats: 2,
    doors: 2,
    engines: [petrol("automatic", 510, 4.0)],
    priceNew: 165000,
    dailyRate: 560,
    tier: "top",
    wmi: "SCF",
  },
  {
    key: "audi-r8",
    make: "Audi",
    model: "R8 V10",
    category: "exotic",
    shape: "supercar",
    years: [2016, 2023],
    seats: 2,
    doors: 2,
    engines: [petrol("automatic", 570, 5.2)],
    priceNew: 180000,
    dailyRate: 650,
    tier: "top",
    allWheelDrive: true,
    wmi: "WUA",
  },
];

const BY_KEY = new Map(CATALOGUE.map((model) => [model.key, model]));

export function catalogueModel(key: string): CatalogueModel {
  const model = BY_KEY.get(key);
  if (!model) throw new Error(`Unknown catalogue model: ${key}`);
  return model;
}

// ------------------------------------------------------------------ colours

export interface Paint {
  hex: string;
  lt: string;
  en: string;
}

const paint = (hex: string, lt: string, en: string): Paint => ({ hex, lt, en });
const BLACK = paint("#111315", "juoda", "black");
const WHITE = paint("#f1f1ec", "balta", "white");
const SILVER = paint("#b9bec4", "sidabrinė", "silver");
const GREY = paint("#5c6269", "pilka", "grey");
const DARK_BLUE = paint("#1c2f5e", "tamsiai mėlyna", "dark blue");
const BLUE = paint("#1f5fbf", "mėlyna", "blue");
const RED = paint("#b3121f", "raudona", "red");
const GREEN = paint("#2f5d3a", "tamsiai žalia", "dark green");
const BROWN = paint("#5a3d2b", "ruda", "brown");
const YELLOW = paint("#f2c300", "geltona", "yellow");
const ORANGE = paint("#f06a1d", "oranžinė", "orange");
const LIME = paint("#8cc63f", "salotinė", "lime green");
const CREAM = paint("#efe3c2", "kreminė", "cream");
const BABY_BLUE = paint("#8fb8d8", "žydra", "light blue");
const MINT = paint("#9ccfb4", "mėtinė", "mint green");
const BURGUNDY = paint("#6d1a24", "vyšninė", "burgundy");

// Repeats weight the common colours: most cars on Lithuanian roads are black, grey, silver or white.
const PALETTES: Record<Category, Paint[]> = {
  luxury: [BLACK, BLACK, BLACK, GREY, GREY, SILVER, WHITE, DARK_BLUE, BROWN],
  sport: [RED, RED, YELLOW, BLUE, WHITE, GREY, BLACK, GREEN],
  suv: [BLACK, BLACK, WHITE, GREY, GREY, SILVER, DARK_BLUE, GREEN],
  electric: [WHITE, WHITE, GREY, BLACK, BLUE, RED, SILVER],
  classic: [CREAM, BABY_BLUE, MINT, BURGUNDY, BLACK, RED, WHITE],
  exotic: [YELLOW, ORANGE, LIME, RED, BLACK, WHITE, BLUE],
};

export function pickPaint(model: CatalogueModel, random: Random): Paint {
  return random.pick(PALETTES[model.category]);
}

// ------------------------------------------------------------------ year, mileage, value, prices

export function pickYear(model: CatalogueModel, random: Random, currentYear: number): number {
  const last = Math.min(model.years[1], currentYear);
  const first = Math.min(model.years[0], last);
  return random.int(first, last);
}

export function pickMileage(model: CatalogueModel, engine: Engine, year: number, random: Random, currentYear: number) {
  const age = Math.max(0, currentYear - year);
  if (model.category === "classic") return random.int(40, 260) * 1000 + random.int(0, 999);
  const perYear =
    model.category === "exotic"
      ? random.int(2000, 6000)
      : model.category === "sport"
        ? random.int(5000, 12000)
        : engine.fuel === "diesel" || engine.fuel === "lpg"
          ? random.int(18000, 30000)
          : random.int(11000, 20000);
  // Old cars are driven less each year, so a 20-year-old diesel shows 350 000 km, not 600 000.
  const drivenYears = age <= 10 ? age : 10 + (age - 10) * 0.5;
  const km = Math.round(drivenYears * perYear + random.int(300, 9000));
  return Math.min(km, 9_999_999);
}

/** Market value in euros: new price with about 13 % a year off, less for high mileage; classics keep theirs. */
export function marketValueEuros(
  model: CatalogueModel,
  year: number,
  mileage: number,
  random: Random,
  currentYear: number,
) {
  if (model.category === "classic") return model.priceNew * random.float(0.8, 1.2);
  const age = Math.max(0, currentYear - year);
  // Supercars hold their value far better than ordinary cars.
  const depreciation = 0.88 * Math.pow(model.category === "exotic" ? 0.93 : 0.87, age);
  const mileageFactor = Math.max(0.8, 1 - Math.max(0, mileage - age * 15000) / 1_000_000);
  // Old cars bottom out: an E60 on gas still sells for a few thousand.
  return Math.max(model.priceNew * depreciation * mileageFactor, 1800) * random.float(0.93, 1.07);
}

/** An asking price in cents, rounded the way people write them: 18 900 €, 4 450 €, 264 000 €. */
export function askingPriceCents(valueEuros: number): number {
  const step = valueEuros < 10000 ? 50 : valueEuros < 100000 ? 100 : 1000;
  const rounded = Math.round(valueEuros / step) * step;
  const price = rounded >= 10000 && rounded < 100000 && rounded % 1000 === 0 ? rounded - 100 : rounded;
  return Math.max(price, step) * 100;
}

export interface RentalPrices {
  dailyPrice: number;
  weeklyPrice: number;
  monthlyPrice: number;
  depositAmount: number;
  weeklyDeposit: number;
  monthlyDeposit: number;
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** Daily 35–900 €, weekly about six days' price and monthly about 22, deposits by class; all in cents. */
export function rentalPrices(model: CatalogueModel, year: number, random: Random, currentYear: number): RentalPrices {
  const age = Math.max(0, currentYear - year);
  const ageFactor = model.category === "classic" ? 1 : Math.max(0.55, 1 - 0.05 * (age - 3));
  const daily = Math.min(900, Math.max(35, roundTo(model.dailyRate * ageFactor * random.float(0.9, 1.1), 5)));
  const weekly = roundTo(daily * random.float(5.6, 6.2), 5);
  const monthly = roundTo(daily * random.float(20, 23), 10);
  const deposit = Math.min(10000, Math.max(200, roundTo(daily * (model.category === "exotic" ? 8 : 4), 50)));
  return {
    dailyPrice: daily * 100,
    weeklyPrice: weekly * 100,
    monthlyPrice: monthly * 100,
    depositAmount: deposit * 100,
    weeklyDeposit: roundTo(deposit * 1.2, 50) * 100,
    monthlyDeposit: roundTo(deposit * 1.5, 50) * 100,
  };
}

export interface DriverPrices {
  dailyPriceWithDriver: number;
  weeklyPriceWithDriver: number;
  monthlyPriceWithDriver: number;
  driverPricePerHour: number;
}

/** A driver costs 15–35 € an hour; a day with driver adds about eight hours of that. */
export function driverPrices(prices: RentalPrices, random: Random): DriverPrices {
  const hourly = random.int(3, 7) * 5;
  const daily = prices.dailyPrice / 100 + roundTo(hourly * 8 * random.float(0.8, 0.95), 5);
  return {
    dailyPriceWithDriver: daily * 100,
    weeklyPriceWithDriver: roundTo(daily * 6, 10) * 100,
    monthlyPriceWithDriver: roundTo(daily * 22, 10) * 100,
    driverPricePerHour: hourly * 100,
  };
}

// ------------------------------------------------------------------ features

/** First model year a feature appeared on ordinary cars; older cars do not get it. */
const FEATURE_SINCE: Partial<Record<FeatureCode, number>> = {
  air_conditioning: 1985,
  power_windows: 1985,
  central_locking: 1985,
  power_steering: 1975,
  abs: 1988,
  airbags: 1992,
  usb_port: 2007,
  bluetooth: 2005,
  cruise_control: 1985,
  electric_mirrors: 1985,
  isofix: 1999,
  immobilizer: 1995,
  keyless_entry: 2004,
  keyless_start: 2004,
  apple_carplay: 2016,
  android_auto: 2016,
  head_up_display: 2006,
  digital_cockpit: 2015,
  wireless_charging: 2017,
  wifi_hotspot: 2015,
  voice_control: 2008,
  rear_entertainment: 2005,
  adaptive_cruise_control: 2005,
  blind_spot_monitor: 2008,
  lane_keep_assist: 2013,
  lane_departure_warning: 2008,
  emergency_braking: 2012,
  traffic_sign_recognition: 2010,
  driver_fatigue_alert: 2010,
  night_vision: 2006,
  front_parking_sensors: 2000,
  rear_parking_sensors: 1998,
  rear_camera: 2006,
  camera_360: 2012,
  park_assist: 2010,
  power_tailgate: 2006,
  led_headlights: 2010,
  matrix_led_headlights: 2014,
  panoramic_roof: 2004,
  heated_steering_wheel: 2008,
  ventilated_seats: 2002,
  dual_zone_climate: 1998,
  multi_zone_climate: 2005,
  memory_seats: 1995,
  navigation: 2000,
  launch_control: 2008,
  adaptive_suspension: 2003,
  ambient_lighting: 2010,
  massage_seats: 2005,
  cooled_glovebox: 1998,
  soft_close_doors: 1995,
  heated_armrests: 2013,
  carbon_ceramic_brakes: 2001,
};

const GROUP_FEATURES = {} as Record<FeatureGroupCode, readonly FeatureCode[]>;
for (const group of FEATURE_GROUPS) GROUP_FEATURES[group.code] = group.features;

const TIER_SHARE: Record<Tier, number> = { budget: 0.15, mid: 0.3, premium: 0.5, top: 0.75 };
/** Kit that only expensive cars carry. */
const TOP_ONLY: ReadonlySet<FeatureCode> = new Set([
  "night_vision",
  "air_suspension",
  "multi_zone_climate",
  "rear_entertainment",
  "matrix_led_headlights",
  "head_up_display",
]);
/** Features that only make sense on some bodies or drivetrains. */
const SPORTY: ReadonlySet<FeatureCode> = new Set(["launch_control", "sport_exhaust", "limited_slip_differential"]);
const LARGE_CAR: ReadonlySet<FeatureCode> = new Set(["tow_bar", "roof_rails", "power_tailgate", "rear_entertainment"]);

/**
 * Features that fit a car: what its era had, more premium ones the better it is equipped, performance parts on
 * sports and exotic cars, the electric group only on electric cars, and the luxury group only on cars worth at
 * least 20,000 € (the same line under which the listing form hides that group).
 */
export function pickFeatures(
  model: CatalogueModel,
  engine: Engine,
  year: number,
  valueCents: number,
  random: Random,
): FeatureCode[] {
  const available = (code: FeatureCode) => year >= (FEATURE_SINCE[code] ?? 1950);
  const chosen = new Set<FeatureCode>();
  const expensive = model.tier === "premium" || model.tier === "top";
  const add = (codes: readonly FeatureCode[], share: number) => {
    for (const code of codes) {
      if (available(code) && (expensive || !TOP_ONLY.has(code)) && random.chance(share)) chosen.add(code);
    }
  };
  const classic = model.category === "classic";
  const sporty = model.category === "sport" || model.category === "exotic";
  const large = model.shape === "suv" || model.shape === "estate";
  const share = TIER_SHARE[model.tier];

  if (classic) {
    add(["radio", "spare_wheel", "power_steering"], 0.6);
    return [...chosen];
  }
  add(GROUP_FEATURES.basic, 0.8);
  if (engine.fuel === "electric") chosen.delete("spare_wheel");
  add(GROUP_FEATURES.comfort, share);
  const fitsBody = (code: FeatureCode) => large || !LARGE_CAR.has(code);
  add(GROUP_FEATURES.technology.filter(fitsBody), share);
  add(GROUP_FEATURES.safety, share * 0.9);
  add(GROUP_FEATURES.parking.filter(fitsBody), share);
  add(GROUP_FEATURES.exterior.filter(fitsBody), share);
  add(
    GROUP_FEATURES.performance.filter((code) => code !== "all_wheel_drive" && (sporty || !SPORTY.has(code))),
    sporty ? 0.7 : share * 0.4,
  );
  if (model.allWheelDrive) chosen.add("all_wheel_drive");
  if (engine.fuel === "electric") add(GROUP_FEATURES.electric, 0.8);
  if (valueCents >= LUXURY_MIN_SALE_PRICE_CENTS && expensive) {
    add(
      GROUP_FEATURES.luxury.filter((code) => code !== "carbon_ceramic_brakes" || sporty),
      model.tier === "top" ? 0.6 : 0.25,
    );
  }
  // Basic kit every post-2000 car has, whatever the draw said.
  for (const code of ["abs", "airbags", "central_locking", "power_steering"] as const)
    if (available(code)) chosen.add(code);
  const order = new Map(FEATURE_GROUPS.flatMap((group) => group.features).map((code, index) => [code, index]));
  return [...chosen].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

// ------------------------------------------------------------------ identifiers

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const VIN_YEAR = "ABCDEFGHJKLMNPRSTVWXY123456789";
const VIN_VALUE: Record<string, number> = Object.fromEntries([
  ..."ABCDEFGH".split("").map((c, i) => [c, i + 1]),
  ..."JKLMN".split("").map((c, i) => [c, i + 1]),
  ["P", 7],
  ["R", 9],
  ..."STUVWXYZ".split("").map((c, i) => [c, i + 2]),
  ..."0123456789".split("").map((c) => [c, Number(c)]),
]);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * A 17-character VIN (no I, O or Q): the make's manufacturer prefix, five descriptor characters, the check digit,
 * the model-year letter, a plant letter and a six-digit serial.
 */
export function makeVin(model: CatalogueModel, year: number, random: Random): string {
  let descriptor = "";
  for (let i = 0; i < 5; i++) descriptor += VIN_CHARS[random.int(0, VIN_CHARS.length - 1)];
  const yearCode = VIN_YEAR[(((year - 1980) % 30) + 30) % 30] ?? "A";
  const plant = VIN_CHARS[random.int(0, 22)] ?? "A";
  const serial = random.int(0, 999_999).toString().padStart(6, "0");
  const draft = `${model.wmi}${descriptor}0${yearCode}${plant}${serial}`;
  const sum = [...draft].reduce((total, c, i) => total + (VIN_VALUE[c] ?? 0) * (VIN_WEIGHTS[i] ?? 0), 0);
  const check = sum % 11 === 10 ? "X" : String(sum % 11);
  return `${draft.slice(0, 8)}${check}${draft.slice(9)}`;
}

const PLATE_LETTERS = "ABCDEFGHJKLMNPRSTUVZ";

/** Lithuanian plates: three letters, a space, three digits ("KLM 123"). */
export function makePlate(random: Random): string {
  let letters = "";
  for (let i = 0; i < 3; i++) letters += PLATE_LETTERS[random.int(0, PLATE_LETTERS.length - 1)];
  return `${letters} ${random.int(1, 999).toString().padStart(3, "0")}`;
}
