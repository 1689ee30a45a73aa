import { describe, expect, it } from "vitest";
import { PICKUP_COUNTRIES } from "#db/enums";
import { CITIES, DEFAULT_MAP_CENTRE, findCity, searchCities, type PickupCountry } from "~/places/cities";

/** Each country's extent, a little generous, so a swapped or mistyped coordinate lands outside it. */
const BOUNDS: Record<PickupCountry, { lat: [number, number]; lon: [number, number] }> = {
  Lithuania: { lat: [53.88, 56.46], lon: [20.93, 26.84] },
  Latvia: { lat: [55.66, 58.09], lon: [20.96, 28.25] },
  Estonia: { lat: [57.5, 59.7], lon: [21.75, 28.22] },
  Poland: { lat: [49.0, 54.84], lon: [14.12, 24.15] },
};

const names = (cities: { name: string }[]) => cities.map((city) => city.name);

describe("the city list", () => {
  it("has the towns of each country", () => {
    const count = (country: PickupCountry) => CITIES.filter((city) => city.country === country).length;
    expect(count("Lithuania")).toBeGreaterThanOrEqual(100);
    expect(count("Latvia")).toBeGreaterThanOrEqual(30);
    expect(count("Estonia")).toBeGreaterThanOrEqual(25);
    expect(count("Poland")).toBeGreaterThanOrEqual(60);
  });

  it("places every city inside its country", () => {
    for (const city of CITIES) {
      expect(PICKUP_COUNTRIES, city.name).toContain(city.country);
      const { lat, lon } = BOUNDS[city.country];
      expect(city.latitude, city.name).toBeGreaterThanOrEqual(lat[0]);
      expect(city.latitude, city.name).toBeLessThanOrEqual(lat[1]);
      expect(city.longitude, city.name).toBeGreaterThanOrEqual(lon[0]);
      expect(city.longitude, city.name).toBeLessThanOrEqual(lon[1]);
    }
  });

  it("names each city once per country", () => {
    const keys = CITIES.map((city) => `${city.country}/${city.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("has the municipal centres and resorts of Lithuania with their accents", () => {
    for (const name of ["Vilnius", "Šiauliai", "Kazlų Rūda", "Pagėgiai", "Birštonas", "Neringa", "Nida", "Palanga"]) {
      expect(findCity(name, "Lithuania"), name).not.toBeNull();
    }
    expect(findCity("Druskininkai", "Lithuania")).toMatchObject({ latitude: 54.02, longitude: 23.99 });
  });

  it("puts the capitals where they are", () => {
    const near = (name: string, country: PickupCountry, latitude: number, longitude: number) => {
      const city = findCity(name, country)!;
      expect(Math.abs(city.latitude - latitude), name).toBeLessThanOrEqual(0.02);
      expect(Math.abs(city.longitude - longitude), name).toBeLessThanOrEqual(0.02);
    };
    near("Vilnius", "Lithuania", 54.687, 25.28);
    near("Rīga", "Latvia", 56.949, 24.105);
    near("Tallinn", "Estonia", 59.437, 24.745);
    near("Warszawa", "Poland", 52.23, 21.012);
  });

  it("opens the map on Vilnius", () => {
    expect(findCity("Vilnius", "Lithuania")).toMatchObject(DEFAULT_MAP_CENTRE);
  });
});

describe("searchCities", () => {
  it("ignores case and accents", () => {
    expect(names(searchCities("siauliai"))).toEqual(["Šiauliai"]);
    expect(names(searchCities("KLAIPEDA"))).toEqual(["Klaipėda"]);
    expect(names(searchCities("lodz"))).toEqual(["Łódź"]);
    expect(names(searchCities("kohtla jarve"))).toEqual(["Kohtla-Järve"]);
    expect(names(searchCities("riga"))).toEqual(["Rīga"]);
  });

  it("finds a city from its first letters", () => {
    expect(names(searchCities("kaun"))).toEqual(["Kaunas"]);
  });

  it("lists prefix matches, then later words, then matches inside the name", () => {
    expect(names(searchCities("ruda"))).toEqual(["Ruda Śląska", "Kazlų Rūda"]);
    expect(names(searchCities("akmen"))).toEqual(["Akmenė", "Naujoji Akmenė"]);
    expect(names(searchCities("ska"))).toEqual(["Skaudvilė", "Kavarskas", "Bauska", "Ruda Śląska"]);
  });

  it("puts Lithuania first, larger towns before smaller ones", () => {
    expect(names(searchCities("pa"))).toEqual([
      "Panevėžys",
      "Palanga",
      "Pasvalys",
      "Pabradė",
      "Pakruojis",
      "Pagėgiai",
      "Pandėlys",
      "Panemunė",
    ]);
    expect(searchCities("tal").map((city) => city.country)).toEqual(["Latvia", "Estonia"]);
    expect(names(searchCities("valk"))).toEqual(["Valka"]);
    expect(names(searchCities("jur"))).toEqual(["Jurbarkas", "Jūrmala"]);
    // A prefix match abroad still comes before a Lithuanian town that only contains the letters.
    expect(names(searchCities("val"))).toEqual(["Valmiera", "Valka", "Valga", "Pasvalys"]);
  });

  it("keeps to one country when asked", () => {
    expect(names(searchCities("pa", { country: "Estonia" }))).toEqual(["Pärnu", "Paide", "Paldiski", "Tapa", "Otepää"]);
    expect(names(searchCities("kaun", { country: "Poland" }))).toEqual([]);
  });

  it("returns at most `limit` cities, eight unless told", () => {
    expect(searchCities("a")).toHaveLength(8);
    expect(searchCities("a", { limit: 3 })).toHaveLength(3);
    expect(searchCities("a", { limit: 0 })).toEqual([]);
  });

  it("returns nothing for an empty or unknown query", () => {
    expect(searchCities("   ")).toEqual([]);
    expect(searchCities("-")).toEqual([]);
    expect(searchCities("zzzz")).toEqual([]);
  });
});

describe("findCity", () => {
  it("finds a typed city, whatever its case, accents and spacing", () => {
    expect(findCity("  kazlu   ruda ", "Lithuania")).toEqual({
      name: "Kazlų Rūda",
      country: "Lithuania",
      latitude: 54.75,
      longitude: 23.49,
    });
    expect(findCity("bielsko biala", "Poland")?.name).toBe("Bielsko-Biała");
  });

  it("needs the whole name in the right country", () => {
    expect(findCity("Kaun", "Lithuania")).toBeNull();
    expect(findCity("Kaunas", "Latvia")).toBeNull();
    expect(findCity("Priekulė", "Lithuania")?.country).toBe("Lithuania");
    expect(findCity("Valka", "Estonia")).toBeNull();
  });
});
