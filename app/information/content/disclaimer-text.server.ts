// /disclaimer: what Ratai does and does not answer for, in plain words (the Terms of Service hold the rules).
import type { InformationDocument, Localised } from "./types";

export const DISCLAIMER: Localised<InformationDocument> = {
  en: {
    updated: "2026-11-20",
    intro: [
      "Ratai is a marketplace that connects car owners with renters and buyers. This page explains the limits of what we check and what we answer for. The binding rules are in the [Terms of Service](/terms).",
    ],
    sections: [
      {
        id: "intermediary",
        title: "1. We are an intermediary",
        blocks: [
          "Cars are rented out and sold by their owners — people and companies — not by Ratai. The contract is between the host and the renter or buyer. We are not a party to it and do not act as a rental company, dealer or insurer.",
        ],
      },
      {
        id: "listings",
        title: "2. Listings and their accuracy",
        blocks: [
          "Hosts write their listings and are responsible for them. Our team reviews every listing before it is published and we verify hosts' identity and documents, but we cannot inspect cars. Check the car at pickup, compare it with the listing, and photograph it. When buying a car, check its history, technical inspection and ownership documents before you pay.",
        ],
      },
      {
        id: "prices",
        title: "3. Prices, suggestions and information",
        blocks: [
          "Prices are set by hosts. Suggested prices, statistics, guides and articles on Ratai are general information to help you decide; they are not financial, legal or insurance advice.",
        ],
      },
      {
        id: "insurance",
        title: "4. Insurance",
        blocks: [
          "Compulsory third-party liability insurance is included in every rental. Additional insurance packages are provided by insurers under their own terms; what they cover and exclude is shown before you choose. Without an additional package, the renter is responsible for damage up to the car's full value.",
        ],
      },
      {
        id: "availability",
        title: "5. Availability of the service",
        blocks: [
          "We work to keep Ratai available and correct, but cannot promise it will always be uninterrupted or free of errors. Links to other websites (for example, payment or map services) lead to services we do not control.",
        ],
      },
      {
        id: "contact",
        title: "6. Questions",
        blocks: [
          "Something on the site looks wrong? Tell us through the [contact form](/contact) — we fix errors quickly.",
        ],
      },
    ],
  },
  lt: {
    updated: "2026-11-20",
    intro: [
      "Ratai – tai platforma, jungianti automobilių savininkus su nuomininkais ir pirkėjais. Šiame puslapyje paaiškiname, ką tikriname ir už ką atsakome. Privalomos taisyklės pateiktos [naudojimosi taisyklėse](/terms).",
    ],
    sections: [
      {
        id: "intermediary",
        title: "1. Esame tarpininkas",
        blocks: [
          "Automobilius nuomoja ir parduoda jų savininkai – asmenys ir įmonės, o ne Ratai. Sutartis sudaroma tarp nuomotojo ir nuomininko ar pirkėjo. Mes nesame jos šalis ir neveikiame kaip nuomos bendrovė, prekiautojas ar draudikas.",
        ],
      },
      {
        id: "listings",
        title: "2. Skelbimai ir jų tikslumas",
        blocks: [
          "Skelbimus rašo ir už juos atsako nuomotojai. Mūsų komanda peržiūri kiekvieną skelbimą prieš jį paskelbiant, o nuomotojų tapatybę ir dokumentus tikriname, tačiau automobilių apžiūrėti negalime. Atsiimdami automobilį jį apžiūrėkite, palyginkite su skelbimu ir nufotografuokite. Pirkdami automobilį prieš mokėdami patikrinkite jo istoriją, techninę apžiūrą ir nuosavybės dokumentus.",
        ],
      },
      {
        id: "prices",
        title: "3. Kainos, pasiūlymai ir informacija",
        blocks: [
          "Kainas nustato nuomotojai. Siūlomos kainos, statistika, patarimai ir straipsniai Ratai – tai bendra informacija, padedanti apsispręsti, o ne finansinė, teisinė ar draudimo konsultacija.",
        ],
      },
      {
        id: "insurance",
        title: "4. Draudimas",
        blocks: [
          "Privalomasis civilinės atsakomybės draudimas įskaičiuotas į kiekvieną nuomą. Papildomus draudimo paketus teikia draudikai pagal savo sąlygas; kas apdrausta ir kas ne, parodoma prieš jums pasirenkant. Be papildomo paketo nuomininkas atsako už žalą iki visos automobilio vertės.",
        ],
      },
      {
        id: "availability",
        title: "5. Paslaugos prieinamumas",
        blocks: [
          "Stengiamės, kad Ratai veiktų ir informacija būtų teisinga, tačiau negalime pažadėti, kad paslauga visada veiks be pertrūkių ar klaidų. Nuorodos į kitas svetaines (pvz., mokėjimų ar žemėlapių paslaugas) veda į mūsų nekontroliuojamas paslaugas.",
        ],
      },
      {
        id: "contact",
        title: "6. Klausimai",
        blocks: ["Pastebėjote klaidą? Praneškite per [kontaktų formą](/contact) – klaidas taisome greitai."],
      },
    ],
  },
};
