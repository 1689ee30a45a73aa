// /news: the articles, newest first, with one featured. Static for now (no article pages: each card holds the
// whole short text), per language, same ids.
import type { Article } from "~/information/news-categories";
import type { Localised } from "./types";

export const ARTICLES: Localised<Article[]> = {
  en: [
    {
      id: "sales-launch",
      category: "product",
      date: "2026-11-10",
      featured: true,
      title: "Ratai now lists cars for sale",
      summary: "Sell your car to verified buyers across Lithuania, free of charge, next to your rental listings.",
      body: [
        "Until now Ratai was about renting. From today every owner can also list a car for sale — or for both rent and sale — with the same photos, features and price history. Listing is free and we take no commission on the sale.",
        "Buyers message sellers directly, and every listing is reviewed by our team before it appears. Find cars for sale under Sales in the menu.",
      ],
    },
    {
      id: "insurance-packages",
      category: "product",
      date: "2026-10-21",
      title: "Three insurance packages for every rental",
      summary: "Basic Protection, Standard Coverage and Premium Plus lower what you pay if something happens.",
      body: [
        "Compulsory third-party liability insurance has always been included. Now you can add a package when you book: each shows its deductible, what it covers and what it does not, and a 24/7 claims hotline.",
      ],
    },
    {
      id: "winter-driving",
      category: "guides",
      date: "2026-11-03",
      title: "Renting a car in winter: a checklist",
      summary: "Winter tyres from 10 November, a scraper in the boot, and photos at pickup.",
      body: [
        "In Lithuania winter tyres are required from 10 November to 1 April. Ask the host whether the car has them, check the washer fluid is rated for frost, and photograph the car in daylight at pickup and return.",
      ],
    },
    {
      id: "host-pricing",
      category: "guides",
      date: "2026-09-15",
      title: "How to price your car for rent",
      summary: "Use weekly and monthly prices and our suggested daily price to fill your calendar.",
      body: [
        "Weekly prices apply from 7 days and monthly prices from 28. The pricing page of each listing compares your daily price with similar cars on Ratai, so you can see at a glance whether you are above or below the market.",
      ],
    },
    {
      id: "verified-hosts",
      category: "safety",
      date: "2026-08-27",
      title: "Why we verify every host",
      summary: "Identity and vehicle documents are checked before a car can be rented out.",
      body: [
        "Verification takes about one working day. It protects renters, and it protects hosts too: a verified badge gets more requests. Card payments are held until the host confirms, and are never paid outside the platform.",
      ],
    },
    {
      id: "kaunas-office",
      category: "company",
      date: "2026-06-02",
      title: "Ratai opens a support desk in Kaunas",
      summary: "Hosts in Kaunas can now meet our team in person on Wednesdays.",
      body: [
        "After Vilnius, our second desk is in Kaunas, in Laisvės alėja. Drop in for help with verification, photos or pricing, Wednesdays 10:00–16:00.",
      ],
    },
  ],
  lt: [
    {
      id: "sales-launch",
      category: "product",
      date: "2026-11-10",
      featured: true,
      title: "Ratai dabar skelbia ir parduodamus automobilius",
      summary: "Parduokite automobilį patikrintiems pirkėjams visoje Lietuvoje nemokamai – šalia savo nuomos skelbimų.",
      body: [
        "Iki šiol Ratai buvo skirta nuomai. Nuo šiandien kiekvienas savininkas automobilį gali skelbti ir pardavimui – arba ir nuomai, ir pardavimui – su tomis pačiomis nuotraukomis, įranga ir kaina. Skelbti nemokama, o iš pardavimo komisinių neimame.",
        "Pirkėjai rašo pardavėjams tiesiogiai, o kiekvieną skelbimą prieš paskelbiant peržiūri mūsų komanda. Parduodamus automobilius rasite meniu skiltyje „Pardavimas“.",
      ],
    },
    {
      id: "insurance-packages",
      category: "product",
      date: "2026-10-21",
      title: "Trys draudimo paketai kiekvienai nuomai",
      summary: "„Bazinė apsauga“, „Standartinė apsauga“ ir „Premium Plus“ sumažina, kiek mokėsite, jei kas nutiktų.",
      body: [
        "Privalomasis civilinės atsakomybės draudimas visada buvo įskaičiuotas. Dabar užsakydami galite pridėti paketą: kiekvienas rodo išskaitą, kas apdrausta ir kas ne, bei visą parą veikiančią žalų liniją.",
      ],
    },
    {
      id: "winter-driving",
      category: "guides",
      date: "2026-11-03",
      title: "Automobilio nuoma žiemą: ką patikrinti",
      summary: "Žieminės padangos nuo lapkričio 10 d., grandiklis bagažinėje ir nuotraukos atsiimant.",
      body: [
        "Lietuvoje žieminės padangos privalomos nuo lapkričio 10 d. iki balandžio 1 d. Paklauskite nuomotojo, ar automobilis jas turi, patikrinkite, ar langų plovimo skystis neužšąla, ir dienos šviesoje nufotografuokite automobilį atsiimdami bei grąžindami.",
      ],
    },
    {
      id: "host-pricing",
      category: "guides",
      date: "2026-09-15",
      title: "Kaip nustatyti automobilio nuomos kainą",
      summary: "Naudokite savaitės ir mėnesio kainas bei mūsų siūlomą dienos kainą, kad kalendorius būtų užimtas.",
      body: [
        "Savaitės kainos taikomos nuo 7 dienų, mėnesio – nuo 28. Kiekvieno skelbimo kainodaros puslapyje jūsų dienos kaina palyginama su panašiais automobiliais Ratai platformoje, todėl iškart matote, ar esate virš rinkos, ar žemiau jos.",
      ],
    },
    {
      id: "verified-hosts",
      category: "safety",
      date: "2026-08-27",
      title: "Kodėl tikriname kiekvieną nuomotoją",
      summary: "Prieš nuomojant automobilį patikrinami tapatybės ir transporto priemonės dokumentai.",
      body: [
        "Patikrinimas trunka apie vieną darbo dieną. Jis saugo nuomininkus, bet ir nuomotojus: patikrinto nuomotojo ženklelis pritraukia daugiau užklausų. Mokėjimai kortele rezervuojami, kol nuomotojas patvirtina, ir niekada nemokami už platformos ribų.",
      ],
    },
    {
      id: "kaunas-office",
      category: "company",
      date: "2026-06-02",
      title: "Ratai atidaro pagalbos punktą Kaune",
      summary: "Kauno nuomotojai trečiadieniais gali susitikti su mūsų komanda gyvai.",
      body: [
        "Po Vilniaus antrasis mūsų punktas – Kaune, Laisvės alėjoje. Užsukite pagalbos dėl patikrinimo, nuotraukų ar kainodaros trečiadieniais 10.00–16.00.",
      ],
    },
  ],
};
