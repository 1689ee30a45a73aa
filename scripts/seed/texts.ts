// Listing descriptions, rental rules and reviews as owners and renters write them: mostly Lithuanian, some
// English. Built from the car's real figures so the text never contradicts the specification grid.
import type { FeatureCode } from "../../app/cars/feature-catalogue";
import enFeatures from "../../app/locales/en/features.json";
import ltFeatures from "../../app/locales/lt/features.json";
import type { CatalogueModel, Category, Engine, Fuel, Paint, Transmission } from "./catalogue";
import type { City } from "./places";
import type { Random } from "./random";

export type Language = "lt" | "en";

export interface CarForText {
  make: string;
  model: string;
  year: number;
  mileage: number;
  fuel: Fuel;
  transmission: Transmission;
  horsepower: number;
  engineSize: number | null;
  category: Category;
  paint: Paint;
  listingType: "rental" | "sale" | "both";
  city: City;
  features: readonly FeatureCode[];
  driver: "none" | "available" | "only";
  seats: number;
}

/** What the texts say about a car: the catalogue model and engine, plus what this listing chose. */
export function carForText(
  model: CatalogueModel,
  engine: Engine,
  listing: Pick<CarForText, "year" | "mileage" | "paint" | "listingType" | "city" | "features" | "driver">,
): CarForText {
  return {
    make: model.make,
    model: model.model,
    fuel: engine.fuel,
    transmission: engine.transmission,
    horsepower: engine.horsepower,
    engineSize: engine.engineSize,
    category: model.category,
    seats: model.seats,
    ...listing,
  };
}

const FUEL: Record<Language, Record<Fuel, string>> = {
  lt: {
    petrol: "benzinas",
    diesel: "dyzelinas",
    electric: "elektra",
    hybrid: "hibridas (benzinas / elektra)",
    lpg: "benzinas / dujos (LPG)",
  },
  en: { petrol: "petrol", diesel: "diesel", electric: "electric", hybrid: "hybrid", lpg: "petrol / LPG" },
};

const GEARBOX: Record<Language, Record<Transmission, string>> = {
  lt: { manual: "mechaninė", automatic: "automatinė", cvt: "bepakopė (CVT)" },
  en: { manual: "manual", automatic: "automatic", cvt: "CVT" },
};

/** 123 000 with a narrow no-break space, as Lithuanians group thousands. */
export function groupThousands(value: number): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
}

function featureList(features: readonly FeatureCode[], language: Language, random: Random): string {
  const labels = language === "lt" ? ltFeatures.features : enFeatures.features;
  // Owners mention the eye-catching extras, not ABS.
  const premium = features.filter(
    (code) =>
      ![
        "abs",
        "airbags",
        "central_locking",
        "power_steering",
        "power_windows",
        "immobilizer",
        "radio",
        "electric_mirrors",
        "spare_wheel",
      ].includes(code),
  );
  const chosen = random.sample(premium, random.int(3, 6)).map((code) => {
    const label = labels[code];
    return /^[A-Z]{2,}|^[A-Z][a-z]+[A-Z]|^Apple|^Android|^Bluetooth|^Wi-Fi|^Type|^LED|^ISOFIX|^DC|^360/.test(label)
      ? label
      : label.charAt(0).toLowerCase() + label.slice(1);
  });
  return chosen.join(", ");
}

/** Engine, power, gearbox, seats and colour, without repeating the make and model. */
function specLine(car: CarForText, language: Language): string {
  if (language === "lt") {
    const engine =
      car.engineSize === null
        ? "elektromobilis"
        : `${car.engineSize.toFixed(1).replace(".", ",")} l ${FUEL.lt[car.fuel]}`;
    return `${engine}, ${car.horsepower} AG, ${GEARBOX.lt[car.transmission]} pavarų dėžė, ${car.seats} vietos, spalva – ${car.paint.lt}.`;
  }
  const engine = car.engineSize === null ? "fully electric" : `${car.engineSize.toFixed(1)} l ${FUEL.en[car.fuel]}`;
  return `${engine}, ${car.horsepower} hp, ${GEARBOX.en[car.transmission]} gearbox, ${car.seats} seats, ${car.paint.en}.`;
}

const USE_CASE: Record<Language, Record<Category, string[]>> = {
  lt: {
    luxury: [
      "Puikiai tinka verslo kelionėms, svečių pasitikimui oro uoste ar savaitgaliui prie jūros.",
      "Tylus, patogus ir reprezentatyvus – idealus susitikimams su partneriais ar ilgai kelionei į Rygą ar Varšuvą.",
    ],
    sport: [
      "Tikras malonumas vairuotojui: ypatingam savaitgaliui, gimtadienio dovanai ar fotosesijai.",
      "Automobilis tiems, kurie vertina vairavimą – puikiai jaučiasi ir pajūrio kelyje, ir trasos dienoje.",
    ],
    suv: [
      "Erdvus ir saugus – tinka šeimos atostogoms, kelionėms su slidėmis ar dviračiais ir Lietuvos žiemai.",
      "Didelė bagažinė ir aukšta prošvaisa – nebaisūs nei žvyrkeliai Dzūkijoje, nei sniegas.",
    ],
    electric: [
      "Tylus ir ekonomiškas: 100 km kainuoja vos kelis eurus, o greitųjų įkrovimo stotelių tinklas Lietuvoje vis tankesnis.",
      "Idealus miestui ir ilgesnėms kelionėms – automobilį perduodu įkrautą bent iki 80 %.",
    ],
    classic: [
      "Restauruota klasika vestuvėms, jubiliejams, fotosesijoms ir retro vakarėliams.",
      "Automobilis su istorija – traukia praeivių žvilgsnius ir puikiai atrodo nuotraukose.",
    ],
    exotic: [
      "Nepamirštama patirtis ypatingoms progoms, vestuvėms, reklamos ir filmavimo projektams.",
      "Svajonių automobilis savaitgaliui – emocijos garantuotos nuo pirmo užvedimo.",
    ],
  },
  en: {
    luxury: [
      "Perfect for business trips, airport pick-ups or a weekend on the coast.",
      "Quiet, comfortable and presentable – ideal for meetings or a long drive to Riga or Warsaw.",
    ],
    sport: [
      "A real driver's car for a special weekend, a birthday surprise or a photo shoot.",
      "Made for people who love driving – just as happy on the coastal road as on a track day.",
    ],
    suv: [
      "Roomy and safe: great for family holidays, ski trips and Lithuanian winters.",
      "Big boot and high ground clearance – gravel roads and snow are no problem.",
    ],
    electric: [
      "Quiet and cheap to run; the fast-charging network in Lithuania keeps growing.",
      "Ideal in town and on longer trips – handed over charged to at least 80 %.",
    ],
    classic: [
      "A restored classic for weddings, anniversaries, photo shoots and retro parties.",
      "A car with a story – turns heads and looks wonderful in photos.",
    ],
    exotic: [
      "An unforgettable experience for special occasions, weddings, commercials and film shoots.",
      "A dream car for the weekend – the thrill starts with the first turn of the key.",
    ],
  },
};

const CARE: Record<Language, string[]> = {
  lt: [
    "Automobilis prižiūrėtas, reguliariai aptarnaujamas oficialiame servise, salonas nerūkytas.",
    "Tepalai keisti neseniai, padangos naujos, salonas valomas po kiekvienos nuomos.",
    "Techninė apžiūra galioja, visi dokumentai tvarkingi, KASKO draudimas.",
  ],
  en: [
    "Serviced at the official dealer, non-smoking interior.",
    "Fresh oil change and new tyres; the interior is cleaned after every rental.",
    "Valid MOT, full comprehensive insurance.",
  ],
};

const SALE_HISTORY: Record<Language, string[]> = {
  lt: [
    "Pirktas naujas Lietuvoje, vienas savininkas, visa serviso istorija.",
    "Atvežtas iš Vokietijos, Lietuvoje eksploatuotas vieno savininko, serviso knygelė.",
    "Neseniai atliktas didysis aptarnavimas: pakeisti tepalai, filtrai, stabdžių diskai ir kaladėlės.",
    "Techninė apžiūra galioja dar dvejus metus, kėbulas be rūdžių, nedaužtas.",
  ],
  en: [
    "Bought new in Lithuania, one owner, full service history.",
    "Imported from Germany, one owner in Lithuania, service book available.",
    "Recently serviced: oil, filters, brake discs and pads replaced.",
  ],
};

function saleExtras(car: CarForText, language: Language, random: Random): string[] {
  const out: string[] = [];
  if (car.fuel === "lpg")
    out.push(
      language === "lt"
        ? "Sumontuota kokybiška BRC dujų įranga, patikrinta šiais metais – kelionės labai pigios."
        : "Quality BRC LPG system, inspected this year – very cheap to run.",
    );
  if (car.fuel === "electric")
    out.push(
      language === "lt"
        ? `Baterijos būklė (SOH) ${random.int(86, 97)} %, yra Type 2 laidas.`
        : `Battery health (SOH) ${random.int(86, 97)} %, Type 2 cable included.`,
    );
  if (car.category === "classic")
    out.push(
      language === "lt"
        ? "Restauruotas, registruotas kaip istorinė transporto priemonė, dokumentai tvarkingi. Laikomas šildomame garaže."
        : "Restored, registered as a historic vehicle, papers in order. Kept in a heated garage.",
    );
  return out;
}

export function describeCar(car: CarForText, language: Language, random: Random): string {
  const parts: string[] = [];
  const lt = language === "lt";
  const rents = car.listingType !== "sale";
  const sells = car.listingType !== "rental";
  if (sells) {
    parts.push(
      lt
        ? `Parduodu ${car.make} ${car.model} (${car.year} m.), rida ${groupThousands(car.mileage)} km: ${specLine(car, language)}`
        : `For sale: ${car.make} ${car.model} (${car.year}), ${groupThousands(car.mileage)} km – ${specLine(car, language)}`,
    );
    parts.push(random.pick(SALE_HISTORY[language]));
    parts.push(...saleExtras(car, language, random));
  } else {
    parts.push(
      lt
        ? `Nuomoju ${car.make} ${car.model} (${car.year} m.): ${specLine(car, language)}`
        : `${car.make} ${car.model} (${car.year}) for rent: ${specLine(car, language)}`,
    );
    parts.push(random.pick(CARE[language]));
  }
  parts.push(random.pick(USE_CASE[language][car.category]));
  if (car.features.length > 3) {
    parts.push(
      lt
        ? `Komplektacijoje: ${featureList(car.features, language, random)}.`
        : `Equipment includes ${featureList(car.features, language, random)}.`,
    );
  }
  if (rents) {
    if (car.driver === "only")
      parts.push(
        lt ? "Automobilis nuomojamas tik su patyrusiu vairuotoju." : "Rented with an experienced chauffeur only.",
      );
    else if (car.driver === "available")
      parts.push(lt ? "Galima užsisakyti ir su vairuotoju." : "A chauffeur is available on request.");
    parts.push(
      lt
        ? `Automobilį galima atsiimti ${car.city.locative}; už papildomą mokestį pristatau į oro uostą ar nurodytą adresą.`
        : `Pick-up in ${car.city.name}; delivery to the airport or your address for an extra fee.`,
    );
  }
  if (sells && rents)
    parts.push(lt ? "Automobilį galima ir išsinuomoti, ir įsigyti." : "The car can be rented or bought.");
  if (sells)
    parts.push(
      lt
        ? `Apžiūrėti galima ${car.city.locative}, derybos prie automobilio. Keitimai nedomina.`
        : `Viewing in ${car.city.name}; price negotiable on inspection. No part-exchange.`,
    );
  return parts.join(" ").slice(0, 2000);
}

const RULES: Record<Language, { common: string[]; sporty: string[]; classic: string[] }> = {
  lt: {
    common: [
      "Rūkyti salone draudžiama (valymo mokestis – 100 €).",
      "Augintiniai – tik iš anksto suderinus ir su apsauginiu užtiesalu.",
      "Išvykos į užsienį – tik iš anksto suderinus (Latvija, Estija, Lenkija).",
      "Vėluojant grąžinti – 20 € už kiekvieną pradėtą valandą.",
      "Paros rida ribojama 300 km, viršijus – 0,20 €/km.",
      "Automobilis perduodamas švarus – prašome grąžinti tokios pat būklės.",
    ],
    sporty: [
      "Vairuotojui ne mažiau kaip 25 metai ir ne mažesnis kaip 5 metų vairavimo stažas.",
      "Lenktyniauti, drifuoti ir važiuoti uždarose trasose draudžiama.",
      "Paros rida ribojama 200 km.",
    ],
    classic: [
      "Važiuojame tik sausu oru, ne daugiau kaip 100 km per dieną.",
      "Automobilio negalima palikti be priežiūros viešose vietose.",
      "Puošti galima tik kaspinais ir gėlėmis be lipnių juostų.",
    ],
  },
  en: {
    common: [
      "No smoking (cleaning fee 100 €).",
      "Pets only by prior arrangement and with a seat cover.",
      "Trips abroad (Latvia, Estonia, Poland) only with prior notice.",
      "Late return: 20 € for every hour started.",
      "300 km per day included, 0.20 €/km above that.",
      "Please return the car as clean as you received it.",
    ],
    sporty: [
      "Minimum driver age 25 with at least 5 years of driving experience.",
      "No racing, drifting or track use.",
      "200 km per day included.",
    ],
    classic: [
      "Dry weather only, at most 100 km a day.",
      "Do not leave the car unattended in public places.",
      "Decorations with ribbons and flowers only, no adhesive tape.",
    ],
  },
};

export function rentalRules(car: CarForText, language: Language, random: Random): string {
  const set = RULES[language];
  const rules: string[] = [];
  const sporty = car.category === "sport" || car.category === "exotic";
  if (sporty) rules.push(...set.sporty.slice(0, 2));
  else
    rules.push(
      language === "lt"
        ? "Vairuotojui ne mažiau kaip 21 metai ir ne mažesnis kaip 2 metų vairavimo stažas."
        : "Minimum driver age 21 with at least 2 years of driving experience.",
    );
  if (car.category === "classic") rules.push(...random.sample(set.classic, 2));
  if (car.fuel === "electric")
    rules.push(
      language === "lt" ? "Automobilį grąžinti įkrautą bent iki 50 %." : "Return the car charged to at least 50 %.",
    );
  else
    rules.push(
      language === "lt" ? "Automobilį grąžinti su tokiu pat kuro kiekiu." : "Return with the same fuel level.",
    );
  rules.push(...random.sample(set.common, random.int(2, 4)));
  return rules.join("\n").slice(0, 1000);
}

export function conditionText(category: Category, age: number, language: Language): string {
  if (category === "classic") return language === "lt" ? "Restauruotas" : "Restored";
  if (age <= 1) return language === "lt" ? "Kaip naujas" : "As new";
  if (age <= 5) return language === "lt" ? "Puiki būklė" : "Excellent";
  if (age <= 12) return language === "lt" ? "Labai gera būklė" : "Very good";
  return language === "lt" ? "Gera būklė, atitinkanti amžių" : "Good for its age";
}

// ------------------------------------------------------------------ reviews

const RENTER_REVIEWS: Record<number, Array<[string, string]>> = {
  5: [
    [
      "Puiki patirtis",
      "Automobilis buvo švarus, pilnu baku ir tiksliai toks, kaip nuotraukose. Perdavimas užtruko penkias minutes.",
    ],
    [
      "Rekomenduoju!",
      "Važiavome visa šeima į Nidą – erdvu, patogu ir ekonomiška. Savininkas labai paslaugus, būtinai nuomosiuos dar.",
    ],
    ["Viskas sklandžiai", "Greitas atsakymas, aiškios instrukcijos, automobilis nepriekaištingas. Ačiū!"],
    ["Great experience", "Spotless car, easy pick-up at the airport and a very friendly owner. Highly recommended."],
    ["Svajonių savaitgalis", "Emocijos neapsakomos! Automobilis prižiūrėtas, savininkas viską išsamiai paaiškino."],
  ],
  4: [
    [
      "Geras automobilis",
      "Viskas gerai, tik atsiimant teko palaukti apie 15 minučių. Automobilis švarus ir tvarkingas.",
    ],
    [
      "Rekomenduočiau",
      "Patogus ir ekonomiškas automobilis. Salone buvo smulkių įbrėžimų, bet jie pažymėti perdavimo akte.",
    ],
    ["Good value", "Good car for the price. The owner was a bit late, but communication was clear."],
  ],
  3: [
    [
      "Vidutiniškai",
      "Automobilis važiavo gerai, bet netrukus įsijungė padangų slėgio lemputė ir padangą teko pripūsti pačiai. Bendravimas geras.",
    ],
  ],
  2: [
    [
      "Nusivyliau",
      "Automobilis buvo nešvarus viduje, o bakas – ne pilnas, nors taip buvo sutarta. Savininkas atsiprašė, bet įspūdis liko prastas.",
    ],
  ],
};

const HOST_REVIEWS: Record<number, Array<[string, string]>> = {
  5: [
    ["Puikus nuomininkas", "Automobilį grąžino laiku, švarų ir su pilnu baku. Mielai išnuomosiu dar kartą."],
    ["Patikimas klientas", "Sklandus bendravimas, jokių problemų. Rekomenduoju kitiems nuomotojams."],
    ["Excellent renter", "Returned the car on time and in perfect condition. Welcome back any time!"],
  ],
  4: [["Viskas tvarkoje", "Grąžino su nedideliu vėlavimu, bet iš anksto perspėjo. Automobilis tvarkingas."]],
  3: [
    [
      "Galėjo būti geriau",
      "Automobilis grąžintas su 40 min. vėlavimu ir smėlėtu salonu, bet viskas išspręsta geranoriškai.",
    ],
  ],
};

export function reviewText(
  direction: "renter" | "host",
  rating: number,
  random: Random,
): { title: string; content: string } {
  const table = direction === "renter" ? RENTER_REVIEWS : HOST_REVIEWS;
  // The nearest rating that has texts, so a 2 from a host still reads like a poor review.
  const nearest = Object.keys(table)
    .map(Number)
    .sort((a, b) => Math.abs(a - rating) - Math.abs(b - rating))[0];
  const [title, content] = random.pick(table[nearest ?? 5] ?? []);
  return { title, content };
}
