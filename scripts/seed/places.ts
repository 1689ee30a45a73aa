// Lithuanian cities with the places owners hand cars over: real addresses and coordinates (rounded), plus two
// points across the border for cars near Latvia and Poland.

export const CITY_NAMES = [
  "Vilnius",
  "Kaunas",
  "Klaipėda",
  "Šiauliai",
  "Panevėžys",
  "Alytus",
  "Palanga",
  "Druskininkai",
  "Utena",
  "Marijampolė",
] as const;
export type CityName = (typeof CITY_NAMES)[number];

export interface Spot {
  name: string;
  address: string;
  city: string;
  country: "Lithuania" | "Latvia" | "Poland";
  latitude: number;
  longitude: number;
  /** A hand-over at an airport or station is usually by appointment; a home yard is any time. */
  hours: string;
  instructionsLt: string;
  instructionsEn: string;
}

export interface City {
  name: CityName;
  /** "in Vilnius" in Lithuanian: Vilniuje, Kaune, Klaipėdoje ... */
  locative: string;
  latitude: number;
  longitude: number;
  spots: Spot[];
}

const spot = (
  city: string,
  name: string,
  address: string,
  latitude: number,
  longitude: number,
  hours: string,
  instructionsLt: string,
  instructionsEn: string,
  country: Spot["country"] = "Lithuania",
): Spot => ({ name, address, city, country, latitude, longitude, hours, instructionsLt, instructionsEn });

const AIRPORT_LT = "Susitinkame atvykimo salėje, prie informacijos stendo. Parašykite, kai nusileisite.";
const AIRPORT_EN = "We meet in the arrivals hall by the information desk. Send a message when you land.";
const STATION_LT = "Automobilis stovi aikštelėje prie stoties. Paskambinkite likus 15 min. iki atvykimo.";
const STATION_EN = "The car is parked next to the station. Please call 15 minutes before you arrive.";
const MALL_LT = "Požeminė automobilių stovėjimo aikštelė, pirmas aukštas. Raktelius perduodu asmeniškai.";
const MALL_EN = "Underground car park, level one. Keys are handed over in person.";
const CENTRE_LT = "Centre sunku rasti vietą – susiderinkime tikslų laiką, atvažiuosiu automobiliu.";
const CENTRE_EN = "Parking in the centre is tight, so let us agree on the exact time and I will drive over.";

export const CITIES: Record<CityName, City> = {
  Vilnius: {
    name: "Vilnius",
    locative: "Vilniuje",
    latitude: 54.6872,
    longitude: 25.2797,
    spots: [
      spot(
        "Vilnius",
        "Vilniaus oro uostas",
        "Rodūnios kel. 10A",
        54.6369,
        25.2877,
        "05:00–24:00",
        AIRPORT_LT,
        AIRPORT_EN,
      ),
      spot(
        "Vilnius",
        "Vilniaus geležinkelio stotis",
        "Geležinkelio g. 16",
        54.6706,
        25.2837,
        "07:00–22:00",
        STATION_LT,
        STATION_EN,
      ),
      spot("Vilnius", "PC Akropolis", "Ozo g. 25", 54.7104, 25.263, "10:00–21:00", MALL_LT, MALL_EN),
      spot("Vilnius", "Katedros aikštė", "Gedimino pr. 1", 54.6857, 25.2877, "08:00–20:00", CENTRE_LT, CENTRE_EN),
    ],
  },
  Kaunas: {
    name: "Kaunas",
    locative: "Kaune",
    latitude: 54.8985,
    longitude: 23.9036,
    spots: [
      spot(
        "Kaunas",
        "Kauno oro uostas",
        "Oro uosto g. 4, Karmėlava",
        54.9639,
        24.0848,
        "06:00–23:00",
        AIRPORT_LT,
        AIRPORT_EN,
      ),
      spot(
        "Kaunas",
        "PC Akropolis Kaunas",
        "Karaliaus Mindaugo pr. 49",
        54.8916,
        23.9183,
        "10:00–21:00",
        MALL_LT,
        MALL_EN,
      ),
      spot(
        "Kaunas",
        "Kauno autobusų stotis",
        "Vytauto pr. 24",
        54.8905,
        23.9255,
        "07:00–22:00",
        STATION_LT,
        STATION_EN,
      ),
    ],
  },
  Klaipėda: {
    name: "Klaipėda",
    locative: "Klaipėdoje",
    latitude: 55.7033,
    longitude: 21.1443,
    spots: [
      spot("Klaipėda", "PC Akropolis Klaipėda", "Taikos pr. 61", 55.6952, 21.1547, "10:00–21:00", MALL_LT, MALL_EN),
      spot(
        "Klaipėda",
        "Klaipėdos geležinkelio stotis",
        "Priestočio g. 1",
        55.7127,
        21.1412,
        "07:00–22:00",
        STATION_LT,
        STATION_EN,
      ),
      spot("Klaipėda", "Teatro aikštė", "Teatro g. 2", 55.7106, 21.1313, "08:00–20:00", CENTRE_LT, CENTRE_EN),
    ],
  },
  Šiauliai: {
    name: "Šiauliai",
    locative: "Šiauliuose",
    latitude: 55.9349,
    longitude: 23.3137,
    spots: [
      spot("Šiauliai", "PC Akropolis Šiauliai", "Aido g. 8", 55.9311, 23.3213, "10:00–21:00", MALL_LT, MALL_EN),
      spot(
        "Šiauliai",
        "Šiaulių autobusų stotis",
        "Tilžės g. 109",
        55.9283,
        23.3126,
        "07:00–21:00",
        STATION_LT,
        STATION_EN,
      ),
    ],
  },
  Panevėžys: {
    name: "Panevėžys",
    locative: "Panevėžyje",
    latitude: 55.7348,
    longitude: 24.3575,
    spots: [
      spot("Panevėžys", "PC Babilonas", "J. Biliūno g. 5", 55.7285, 24.3727, "10:00–21:00", MALL_LT, MALL_EN),
      spot(
        "Panevėžys",
        "Panevėžio autobusų stotis",
        "Savanorių a. 5",
        55.7331,
        24.3561,
        "07:00–21:00",
        STATION_LT,
        STATION_EN,
      ),
    ],
  },
  Alytus: {
    name: "Alytus",
    locative: "Alytuje",
    latitude: 54.3963,
    longitude: 24.0459,
    spots: [
      spot("Alytus", "Alytaus autobusų stotis", "Pulko g. 1", 54.397, 24.0417, "07:00–20:00", STATION_LT, STATION_EN),
      spot("Alytus", "Rotušės aikštė", "Rotušės a. 14", 54.3963, 24.0459, "08:00–20:00", CENTRE_LT, CENTRE_EN),
    ],
  },
  Palanga: {
    name: "Palanga",
    locative: "Palangoje",
    latitude: 55.9175,
    longitude: 21.0686,
    spots: [
      spot("Palanga", "Palangos oro uostas", "Liepojos pl. 1", 55.9733, 21.0939, "06:00–23:00", AIRPORT_LT, AIRPORT_EN),
      spot(
        "Palanga",
        "J. Basanavičiaus gatvė",
        "J. Basanavičiaus g. 39",
        55.9182,
        21.0609,
        "09:00–22:00",
        CENTRE_LT,
        CENTRE_EN,
      ),
    ],
  },
  Druskininkai: {
    name: "Druskininkai",
    locative: "Druskininkuose",
    latitude: 54.0152,
    longitude: 23.9734,
    spots: [
      spot(
        "Druskininkai",
        "Druskininkų autobusų stotis",
        "Gardino g. 1",
        54.0177,
        23.9766,
        "08:00–20:00",
        STATION_LT,
        STATION_EN,
      ),
      spot("Druskininkai", "Vandens parkas", "Vilniaus al. 13", 54.0189, 23.9886, "09:00–21:00", MALL_LT, MALL_EN),
    ],
  },
  Utena: {
    name: "Utena",
    locative: "Utenoje",
    latitude: 55.4979,
    longitude: 25.5994,
    spots: [
      spot("Utena", "Utenos autobusų stotis", "Aušros g. 68", 55.4937, 25.6004, "07:00–20:00", STATION_LT, STATION_EN),
      spot("Utena", "Utenio aikštė", "Utenio a. 1", 55.4984, 25.5991, "08:00–20:00", CENTRE_LT, CENTRE_EN),
    ],
  },
  Marijampolė: {
    name: "Marijampolė",
    locative: "Marijampolėje",
    latitude: 54.5593,
    longitude: 23.3542,
    spots: [
      spot(
        "Marijampolė",
        "Marijampolės autobusų stotis",
        "Stoties g. 3",
        54.5578,
        23.3457,
        "07:00–20:00",
        STATION_LT,
        STATION_EN,
      ),
      spot("Marijampolė", "Laisvės aikštė", "Laisvės a. 1", 54.5599, 23.351, "08:00–20:00", CENTRE_LT, CENTRE_EN),
    ],
  },
};

/** Across the border: a Palanga car can be left in Liepāja, a Marijampolė car picked up in Suwałki. */
export const BORDER_SPOTS = {
  latvia: spot(
    "Liepāja",
    "Liepājas autoosta",
    "Rīgas iela 1",
    56.5137,
    21.0157,
    "Pagal susitarimą",
    "Perdavimas Liepojoje – iš anksto suderinus, papildomas mokestis 40 €.",
    "Hand-over in Liepāja by prior arrangement, 40 € extra.",
    "Latvia",
  ),
  poland: spot(
    "Suwałki",
    "Suwałki Plaza",
    "ul. gen. Józefa Dwernickiego 15",
    54.1031,
    22.9298,
    "Pagal susitarimą",
    "Perdavimas Suvalkuose – iš anksto suderinus, papildomas mokestis 30 €.",
    "Hand-over in Suwałki by prior arrangement, 30 € extra.",
    "Poland",
  ),
} as const;
