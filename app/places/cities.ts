// The places a pickup point can be in (part 1 §3 "Pickup point": Lithuania, Latvia, Estonia, Poland), with the
// coordinates of each town centre, so the pickup form can place a pin from a typed city with no map service and no
// JavaScript. The browser loads this module on demand as its own chunk (the map and the city autocomplete), so the
// data stays tuples. Lithuania: every city and town (miestas) plus the resorts Nida, Juodkrantė and Šventoji;
// Latvia, Estonia and Poland: the main towns and those near Lithuania. Each country's list runs from the largest
// town down, which is the order search results keep. Coordinates are rounded to 0.01° (about 1 km) and were checked
// against GeoNames (CC BY 4.0).
import { PICKUP_COUNTRIES } from "#db/enums";

export type PickupCountry = (typeof PICKUP_COUNTRIES)[number];

export interface City {
  name: string;
  country: PickupCountry;
  latitude: number;
  longitude: number;
}

type CityRow = readonly [name: string, latitude: number, longitude: number];

// Neringa is the whole Curonian Spit; its town hall, and so its pin, is in Nida.
const LITHUANIA: readonly CityRow[] = [
  ["Vilnius", 54.69, 25.28],
  ["Kaunas", 54.9, 23.91],
  ["Klaipėda", 55.71, 21.14],
  ["Šiauliai", 55.93, 23.31],
  ["Panevėžys", 55.73, 24.36],
  ["Alytus", 54.4, 24.04],
  ["Marijampolė", 54.56, 23.35],
  ["Mažeikiai", 56.31, 22.34],
  ["Jonava", 55.07, 24.28],
  ["Utena", 55.5, 25.6],
  ["Kėdainiai", 55.29, 23.97],
  ["Telšiai", 55.98, 22.25],
  ["Visaginas", 55.6, 26.44],
  ["Tauragė", 55.25, 22.29],
  ["Ukmergė", 55.25, 24.78],
  ["Plungė", 55.91, 21.84],
  ["Kretinga", 55.89, 21.24],
  ["Šilutė", 55.35, 21.48],
  ["Radviliškis", 55.81, 23.55],
  ["Palanga", 55.92, 21.07],
  ["Druskininkai", 54.02, 23.99],
  ["Gargždai", 55.71, 21.39],
  ["Rokiškis", 55.96, 25.59],
  ["Biržai", 56.2, 24.76],
  ["Kuršėnai", 56.0, 22.94],
  ["Garliava", 54.82, 23.87],
  ["Elektrėnai", 54.79, 24.66],
  ["Jurbarkas", 55.08, 22.76],
  ["Vilkaviškis", 54.65, 23.03],
  ["Raseiniai", 55.38, 23.12],
  ["Anykščiai", 55.53, 25.1],
  ["Naujoji Akmenė", 56.32, 22.9],
  ["Lentvaris", 54.64, 25.05],
  ["Grigiškės", 54.68, 25.08],
  ["Prienai", 54.64, 23.95],
  ["Joniškis", 56.24, 23.62],
  ["Kelmė", 55.63, 22.93],
  ["Varėna", 54.22, 24.58],
  ["Kaišiadorys", 54.87, 24.47],
  ["Pasvalys", 56.06, 24.4],
  ["Kupiškis", 55.84, 24.98],
  ["Zarasai", 55.73, 26.25],
  ["Skuodas", 56.27, 21.53],
  ["Širvintos", 55.04, 24.95],
  ["Kazlų Rūda", 54.75, 23.49],
  ["Molėtai", 55.22, 25.42],
  ["Šalčininkai", 54.31, 25.39],
  ["Švenčionėliai", 55.16, 26.0],
  ["Šakiai", 54.95, 23.05],
  ["Ignalina", 55.34, 26.16],
  ["Pabradė", 54.98, 25.76],
  ["Kybartai", 54.64, 22.76],
  ["Nemenčinė", 54.85, 25.47],
  ["Šilalė", 55.49, 22.19],
  ["Pakruojis", 55.98, 23.86],
  ["Švenčionys", 55.13, 26.16],
  ["Trakai", 54.64, 24.93],
  ["Vievis", 54.77, 24.8],
  ["Lazdijai", 54.23, 23.51],
  ["Kalvarija", 54.42, 23.22],
  ["Žiežmariai", 54.81, 24.44],
  ["Eišiškės", 54.17, 25.0],
  ["Rietavas", 55.73, 21.92],
  ["Ariogala", 55.26, 23.48],
  ["Šeduva", 55.75, 23.76],
  ["Venta", 56.19, 22.7],
  ["Birštonas", 54.61, 24.03],
  ["Akmenė", 56.25, 22.75],
  ["Rūdiškės", 54.52, 24.83],
  ["Rusnė", 55.3, 21.37],
  ["Neringa", 55.31, 21.0],
  ["Pagėgiai", 55.14, 21.91],
  ["Vilkija", 55.05, 23.59],
  ["Viekšniai", 56.24, 22.52],
  ["Žagarė", 56.36, 23.25],
  ["Ežerėlis", 54.88, 23.6],
  ["Tytuvėnai", 55.6, 23.2],
  ["Šventoji", 56.03, 21.08],
  ["Juodupė", 56.09, 25.61],
  ["Kudirkos Naumiestis", 54.77, 22.86],
  ["Simnas", 54.38, 23.65],
  ["Gelgaudiškis", 55.08, 22.98],
  ["Salantai", 56.06, 21.57],
  ["Linkuva", 56.09, 23.97],
  ["Priekulė", 55.55, 21.32],
  ["Veisiejai", 54.1, 23.7],
  ["Nida", 55.31, 21.0],
  ["Ramygala", 55.51, 24.3],
  ["Skaudvilė", 55.4, 22.58],
  ["Jieznas", 54.6, 24.18],
  ["Virbalis", 54.63, 22.82],
  ["Daugai", 54.36, 24.34],
  ["Obeliai", 55.97, 25.16],
  ["Varniai", 55.74, 22.37],
  ["Seda", 56.17, 22.09],
  ["Vabalninkas", 55.98, 24.75],
  ["Baltoji Vokė", 54.6, 25.19],
  ["Dūkštas", 55.52, 26.32],
  ["Dusetos", 55.74, 25.85],
  ["Pandėlys", 56.02, 25.22],
  ["Joniškėlis", 56.03, 24.17],
  ["Subačius", 55.77, 24.75],
  ["Troškūnai", 55.59, 24.87],
  ["Užventis", 55.78, 22.65],
  ["Juodkrantė", 55.55, 21.12],
  ["Kavarskas", 55.43, 24.92],
  ["Smalininkai", 55.08, 22.58],
  ["Panemunė", 55.09, 21.9],
];
const LATVIA: readonly CityRow[] = [
  ["Rīga", 56.95, 24.11],
  ["Daugavpils", 55.87, 26.52],
  ["Liepāja", 56.5, 21.01],
  ["Jelgava", 56.65, 23.71],
  ["Jūrmala", 56.97, 23.77],
  ["Ventspils", 57.39, 21.56],
  ["Rēzekne", 56.51, 27.34],
  ["Jēkabpils", 56.5, 25.86],
  ["Valmiera", 57.54, 25.43],
  ["Ogre", 56.82, 24.61],
  ["Tukums", 56.97, 23.16],
  ["Cēsis", 57.31, 25.27],
  ["Salaspils", 56.86, 24.37],
  ["Kuldīga", 56.97, 21.96],
  ["Olaine", 56.79, 23.94],
  ["Saldus", 56.66, 22.49],
  ["Talsi", 57.25, 22.58],
  ["Dobele", 56.62, 23.28],
  ["Krāslava", 55.9, 27.17],
  ["Bauska", 56.41, 24.19],
  ["Ludza", 56.54, 27.72],
  ["Sigulda", 57.15, 24.86],
  ["Līvāni", 56.35, 26.18],
  ["Gulbene", 57.18, 26.75],
  ["Madona", 56.85, 26.22],
  ["Limbaži", 57.51, 24.72],
  ["Aizkraukle", 56.6, 25.26],
  ["Preiļi", 56.29, 26.72],
  ["Balvi", 57.13, 27.27],
  ["Valka", 57.78, 26.01],
  ["Smiltene", 57.42, 25.9],
  ["Aizpute", 56.72, 21.6],
  ["Iecava", 56.6, 24.21],
  ["Saulkrasti", 57.26, 24.41],
];
const ESTONIA: readonly CityRow[] = [
  ["Tallinn", 59.44, 24.75],
  ["Tartu", 58.38, 26.73],
  ["Narva", 59.38, 28.19],
  ["Kohtla-Järve", 59.4, 27.27],
  ["Pärnu", 58.39, 24.5],
  ["Viljandi", 58.36, 25.59],
  ["Rakvere", 59.35, 26.36],
  ["Sillamäe", 59.4, 27.76],
  ["Maardu", 59.47, 24.98],
  ["Kuressaare", 58.25, 22.5],
  ["Võru", 57.83, 27.02],
  ["Valga", 57.78, 26.05],
  ["Haapsalu", 58.94, 23.54],
  ["Jõhvi", 59.36, 27.42],
  ["Paide", 58.89, 25.56],
  ["Keila", 59.3, 24.41],
  ["Kiviõli", 59.35, 26.97],
  ["Tapa", 59.26, 25.96],
  ["Põlva", 58.06, 27.07],
  ["Jõgeva", 58.75, 26.39],
  ["Türi", 58.81, 25.43],
  ["Elva", 58.22, 26.42],
  ["Rapla", 59.01, 24.79],
  ["Saue", 59.32, 24.55],
  ["Põltsamaa", 58.65, 25.97],
  ["Paldiski", 59.36, 24.05],
  ["Kärdla", 59.0, 22.75],
  ["Otepää", 58.06, 26.5],
];
const POLAND: readonly CityRow[] = [
  ["Warszawa", 52.23, 21.01],
  ["Łódź", 51.77, 19.47],
  ["Kraków", 50.06, 19.94],
  ["Wrocław", 51.11, 17.04],
  ["Poznań", 52.41, 16.93],
  ["Gdańsk", 54.35, 18.65],
  ["Szczecin", 53.43, 14.55],
  ["Bydgoszcz", 53.12, 18.01],
  ["Lublin", 51.25, 22.57],
  ["Katowice", 50.26, 19.03],
  ["Białystok", 53.13, 23.16],
  ["Gdynia", 54.52, 18.53],
  ["Częstochowa", 50.8, 19.12],
  ["Sosnowiec", 50.29, 19.1],
  ["Radom", 51.4, 21.15],
  ["Toruń", 53.01, 18.6],
  ["Kielce", 50.87, 20.63],
  ["Gliwice", 50.3, 18.68],
  ["Zabrze", 50.32, 18.79],
  ["Bytom", 50.35, 18.93],
  ["Bielsko-Biała", 49.82, 19.05],
  ["Olsztyn", 53.78, 20.49],
  ["Rzeszów", 50.04, 22.0],
  ["Ruda Śląska", 50.26, 18.86],
  ["Rybnik", 50.1, 18.54],
  ["Dąbrowa Górnicza", 50.33, 19.2],
  ["Tychy", 50.14, 18.97],
  ["Opole", 50.67, 17.93],
  ["Elbląg", 54.15, 19.41],
  ["Płock", 52.55, 19.71],
  ["Wałbrzych", 50.77, 16.28],
  ["Gorzów Wielkopolski", 52.74, 15.23],
  ["Włocławek", 52.65, 19.07],
  ["Zielona Góra", 51.94, 15.51],
  ["Tarnów", 50.01, 20.99],
  ["Chorzów", 50.31, 18.97],
  ["Kalisz", 51.76, 18.09],
  ["Koszalin", 54.19, 16.17],
  ["Legnica", 51.21, 16.16],
  ["Grudziądz", 53.48, 18.75],
  ["Słupsk", 54.46, 17.03],
  ["Jaworzno", 50.21, 19.27],
  ["Jastrzębie-Zdrój", 49.96, 18.57],
  ["Jelenia Góra", 50.9, 15.73],
  ["Nowy Sącz", 49.62, 20.7],
  ["Konin", 52.22, 18.25],
  ["Piotrków Trybunalski", 51.41, 19.7],
  ["Inowrocław", 52.8, 18.26],
  ["Lubin", 51.4, 16.2],
  ["Siedlce", 52.17, 22.29],
  ["Piła", 53.15, 16.74],
  ["Mysłowice", 50.21, 19.17],
  ["Ostrowiec Świętokrzyski", 50.93, 21.39],
  ["Siemianowice Śląskie", 50.33, 19.03],
  ["Ostrów Wielkopolski", 51.66, 17.81],
  ["Stargard", 53.34, 15.05],
  ["Pabianice", 51.66, 19.35],
  ["Gniezno", 52.53, 17.58],
  ["Suwałki", 54.11, 22.93],
  ["Głogów", 51.66, 16.08],
  ["Chełm", 51.14, 23.47],
  ["Tomaszów Mazowiecki", 51.53, 20.01],
  ["Przemyśl", 49.78, 22.77],
  ["Zamość", 50.72, 23.25],
  ["Łomża", 53.18, 22.06],
  ["Leszno", 51.84, 16.57],
  ["Mielec", 50.29, 21.42],
  ["Ełk", 53.83, 22.36],
  ["Ostrołęka", 53.09, 21.58],
  ["Kołobrzeg", 54.18, 15.58],
  ["Świnoujście", 53.91, 14.25],
  ["Sopot", 54.44, 18.56],
  ["Giżycko", 54.04, 21.76],
  ["Augustów", 53.84, 22.98],
  ["Zakopane", 49.3, 19.95],
  ["Sejny", 54.11, 23.35],
];

const ROWS: Record<PickupCountry, readonly CityRow[]> = {
  Lithuania: LITHUANIA,
  Latvia: LATVIA,
  Estonia: ESTONIA,
  Poland: POLAND,
};

/** Every city, Lithuania first, then in the order of PICKUP_COUNTRIES, each country's largest first. */
export const CITIES: readonly City[] = PICKUP_COUNTRIES.flatMap((country) =>
  ROWS[country].map(([name, latitude, longitude]) => ({ name, country, latitude, longitude })),
);

/** Part 1 §2: the map opens on Vilnius. */
export const DEFAULT_MAP_CENTRE = { name: "Vilnius", latitude: 54.69, longitude: 25.28 } as const;

/**
 * Case, accents and punctuation folded away, so "siauliai" finds Šiauliai, "lodz" Łódź and "kohtla jarve"
 * Kohtla-Järve. Polish ł is a letter of its own in Unicode, not l with a mark, so it is mapped by hand.
 */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .toLowerCase()
    .replace(/[\s\-–.,']+/g, " ")
    .trim();
}

const SEARCHABLE = CITIES.map((city) => ({ city, key: fold(city.name) }));

/**
 * The city autocomplete: towns whose name starts with the query, then those with a later word starting with it
 * ("ruda" finds Kazlų Rūda), then those containing it anywhere. Within each group Lithuania comes first and larger
 * towns before smaller ones; `country` keeps to one country.
 */
export function searchCities(
  query: string,
  { country, limit = 8 }: { country?: PickupCountry; limit?: number } = {},
): City[] {
  const needle = fold(query);
  if (!needle) return [];
  const starts: City[] = [];
  const wordStarts: City[] = [];
  const contains: City[] = [];
  for (const { city, key } of SEARCHABLE) {
    if (country && city.country !== country) continue;
    if (key.startsWith(needle)) starts.push(city);
    else if (key.includes(` ${needle}`)) wordStarts.push(city);
    else if (key.includes(needle)) contains.push(city);
  }
  return [...starts, ...wordStarts, ...contains].slice(0, Math.max(0, limit));
}

/** The city a person typed, if it is one of ours: the same name but for case and accents, in that country. */
export function findCity(name: string, country: PickupCountry): City | null {
  const key = fold(name);
  return SEARCHABLE.find((entry) => entry.city.country === country && entry.key === key)?.city ?? null;
}

/** Fills in the coordinates of pickup points left without them, from their city when it is one of ours. */
export function locatePickupPoints<
  T extends { city: string; country: PickupCountry; latitude: number | null; longitude: number | null },
>(points: T[]): T[] {
  return points.map((point) => {
    if (point.latitude !== null && point.longitude !== null) return point;
    const city = findCity(point.city, point.country);
    return city ? { ...point, latitude: city.latitude, longitude: city.longitude } : point;
  });
}
