// /about and /career: the company's story, values, team and open positions, per language.
import type { Localised } from "./types";

export interface AboutContent {
  mission: string[];
  values: { title: string; body: string }[];
  timeline: { year: string; title: string; body: string }[];
  team: { name: string; role: string; bio: string }[];
}

export interface Position {
  id: string;
  title: string;
  place: string;
  kind: string;
  summary: string;
  duties: string[];
  requirements: string[];
}

export const ABOUT: Localised<AboutContent> = {
  en: {
    mission: [
      "Most cars stand still 23 hours a day. Ratai lets the people and companies who own them rent them out or sell them directly, and lets everyone else find the right car nearby — for a day, a month, or for good.",
      "We started in Vilnius in 2024 because renting a car from a neighbour was still a matter of phone calls, cash and trust. We want it to be as safe and simple as booking a hotel, in Lithuanian and in English.",
    ],
    values: [
      {
        title: "Trust first",
        body: "Hosts are verified, every listing is reviewed before it goes live, and payments are held until the host confirms.",
      },
      {
        title: "Clear prices",
        body: "Every fee is shown line by line before you pay: 2 % platform fee, card processing and the refundable deposit. Listing is free.",
      },
      {
        title: "Local and personal",
        body: "Our support team is in Vilnius and answers in Lithuanian and English, on working days within 24 hours.",
      },
      {
        title: "Light and fair",
        body: "The site works on slow phones and without JavaScript, and we collect only the data a booking needs.",
      },
    ],
    timeline: [
      {
        year: "2024",
        title: "The idea",
        body: "Three friends in Vilnius build the first version to rent out their own cars.",
      },
      {
        year: "2025",
        title: "Public beta",
        body: "Hosts in Vilnius, Kaunas and Klaipėda list their cars; card payments with holds arrive.",
      },
      {
        year: "2026",
        title: "Launch",
        body: "Sales listings, verified hosts, insurance packages and live messages across Lithuania.",
      },
      { year: "2027", title: "Next", body: "Latvia and Estonia, and instant booking for trusted hosts." },
    ],
    team: [
      {
        name: "Greta Vaitkutė",
        role: "Co-founder, CEO",
        bio: "Ran operations at a Vilnius car-sharing company for six years.",
      },
      {
        name: "Mantas Jankauskas",
        role: "Co-founder, CTO",
        bio: "Builds the platform; previously payments engineering in fintech.",
      },
      {
        name: "Ieva Petrauskienė",
        role: "Head of Trust and Support",
        bio: "Leads host verification, listing review and customer support.",
      },
      {
        name: "Tomas Kazlauskas",
        role: "Partnerships",
        bio: "Works with rental companies and dealers who list their fleets.",
      },
    ],
  },
  lt: {
    mission: [
      "Dauguma automobilių 23 valandas per parą stovi. Ratai leidžia juos turintiems žmonėms ir įmonėms tiesiogiai juos išnuomoti ar parduoti, o visiems kitiems – rasti tinkamą automobilį netoliese: dienai, mėnesiui ar visam laikui.",
      "Pradėjome Vilniuje 2024 m., nes išsinuomoti automobilį iš kaimyno vis dar reiškė skambučius, grynuosius ir pasitikėjimą žodžiu. Norime, kad tai būtų taip pat saugu ir paprasta kaip užsisakyti viešbutį – lietuvių ir anglų kalbomis.",
    ],
    values: [
      {
        title: "Pirmiausia – pasitikėjimas",
        body: "Nuomotojai patikrinami, kiekvienas skelbimas peržiūrimas prieš paskelbiant, o mokėjimas rezervuojamas, kol nuomotojas patvirtina.",
      },
      {
        title: "Aiškios kainos",
        body: "Prieš mokant parodomas kiekvienas mokestis: 2 % platformos mokestis, kortelės mokėjimo apdorojimas ir grąžinamas užstatas. Skelbti nemokama.",
      },
      {
        title: "Vietiniai ir artimi",
        body: "Mūsų pagalbos komanda dirba Vilniuje ir atsako lietuviškai bei angliškai, darbo dienomis per 24 valandas.",
      },
      {
        title: "Lengva ir sąžininga",
        body: "Svetainė veikia ir lėtame telefone, ir be JavaScript, o renkame tik tuos duomenis, kurių reikia užsakymui.",
      },
    ],
    timeline: [
      {
        year: "2024",
        title: "Idėja",
        body: "Trys draugai Vilniuje sukuria pirmąją versiją, kad galėtų išnuomoti savo automobilius.",
      },
      {
        year: "2025",
        title: "Viešoji beta versija",
        body: "Nuomotojai Vilniuje, Kaune ir Klaipėdoje skelbia automobilius; atsiranda mokėjimai kortele su rezervacija.",
      },
      {
        year: "2026",
        title: "Paleidimas",
        body: "Pardavimo skelbimai, patikrinti nuomotojai, draudimo paketai ir tiesioginės žinutės visoje Lietuvoje.",
      },
      { year: "2027", title: "Toliau", body: "Latvija ir Estija bei momentinis užsakymas patikimiems nuomotojams." },
    ],
    team: [
      {
        name: "Greta Vaitkutė",
        role: "Įkūrėja, generalinė direktorė",
        bio: "Šešerius metus vadovavo Vilniaus automobilių dalijimosi bendrovės veiklai.",
      },
      {
        name: "Mantas Jankauskas",
        role: "Įkūrėjas, technologijų vadovas",
        bio: "Kuria platformą; anksčiau – mokėjimų inžinerija finansinių technologijų srityje.",
      },
      {
        name: "Ieva Petrauskienė",
        role: "Patikimumo ir pagalbos vadovė",
        bio: "Vadovauja nuomotojų patikrinimui, skelbimų peržiūrai ir klientų aptarnavimui.",
      },
      {
        name: "Tomas Kazlauskas",
        role: "Partnerystės",
        bio: "Dirba su nuomos bendrovėmis ir prekiautojais, skelbiančiais savo parkus.",
      },
    ],
  },
};

export const POSITIONS: Localised<Position[]> = {
  en: [
    {
      id: "full-stack-engineer",
      title: "Full-stack engineer (TypeScript, Remix)",
      place: "Vilnius or remote in Lithuania",
      kind: "Full time",
      summary: "Build the booking, payment and messaging features thousands of people use every week.",
      duties: [
        "Design and ship features end to end: database, server, accessible interface.",
        "Keep the site fast on slow phones and working without JavaScript.",
        "Write the tests that let us deploy every day.",
      ],
      requirements: [
        "3+ years with TypeScript and React; SQL you are comfortable with.",
        "Care for accessibility, security and plain, readable code.",
        "Lithuanian or English at a working level.",
      ],
    },
    {
      id: "support-specialist",
      title: "Customer support specialist (LT/EN)",
      place: "Vilnius office",
      kind: "Full time, shifts Mon–Sat",
      summary: "Help renters, hosts and buyers by message, e-mail and phone, and review new listings.",
      duties: [
        "Answer questions within 24 hours and resolve disagreements fairly.",
        "Review listings and host verification documents.",
        "Turn repeated questions into better help pages.",
      ],
      requirements: [
        "Fluent Lithuanian and good English, written and spoken.",
        "Calm, precise and kind under pressure.",
        "Experience in support or rentals is a plus.",
      ],
    },
    {
      id: "partnerships-manager",
      title: "Partnerships manager (fleets and dealers)",
      place: "Vilnius, travel across Lithuania",
      kind: "Full time",
      summary: "Bring rental companies, dealers and fleet owners to Ratai and help them succeed.",
      duties: [
        "Find and sign partners with 5 or more cars.",
        "Onboard them: verification, listings, pricing.",
        "Bring their feedback to the product team.",
      ],
      requirements: [
        "2+ years in B2B sales or account management, ideally automotive.",
        "Fluent Lithuanian; English for documents.",
        "Driving licence (category B).",
      ],
    },
  ],
  lt: [
    {
      id: "full-stack-engineer",
      title: "Full-stack programuotojas (-a) (TypeScript, Remix)",
      place: "Vilnius arba nuotoliniu būdu Lietuvoje",
      kind: "Visu etatu",
      summary: "Kurkite užsakymų, mokėjimų ir žinučių funkcijas, kuriomis kas savaitę naudojasi tūkstančiai žmonių.",
      duties: [
        "Kurti ir diegti funkcijas nuo pradžios iki galo: duomenų bazė, serveris, prieinama sąsaja.",
        "Užtikrinti, kad svetainė veiktų greitai lėtuose telefonuose ir be JavaScript.",
        "Rašyti testus, kurie leidžia diegti kasdien.",
      ],
      requirements: [
        "3+ metų patirtis su TypeScript ir React; drąsiai rašote SQL.",
        "Rūpinatės prieinamumu, saugumu ir aiškiu, skaitomu kodu.",
        "Lietuvių arba anglų kalba darbiniu lygiu.",
      ],
    },
    {
      id: "support-specialist",
      title: "Klientų aptarnavimo specialistas (-ė) (LT/EN)",
      place: "Vilniaus biuras",
      kind: "Visu etatu, pamainomis pirmadieniais–šeštadieniais",
      summary:
        "Padėkite nuomininkams, nuomotojams ir pirkėjams žinutėmis, el. paštu ir telefonu, peržiūrėkite naujus skelbimus.",
      duties: [
        "Atsakyti į klausimus per 24 valandas ir teisingai spręsti nesutarimus.",
        "Peržiūrėti skelbimus ir nuomotojų patikrinimo dokumentus.",
        "Dažnus klausimus paversti geresniais pagalbos puslapiais.",
      ],
      requirements: [
        "Laisvai kalbate lietuviškai ir gerai – angliškai, raštu ir žodžiu.",
        "Esate ramus (-i), tikslus (-i) ir malonus (-i) net įtampoje.",
        "Klientų aptarnavimo ar nuomos patirtis – privalumas.",
      ],
    },
    {
      id: "partnerships-manager",
      title: "Partnerysčių vadovas (-ė) (automobilių parkai ir prekiautojai)",
      place: "Vilnius, kelionės po Lietuvą",
      kind: "Visu etatu",
      summary:
        "Pritraukite nuomos bendroves, prekiautojus ir automobilių parkų savininkus į Ratai ir padėkite jiems sėkmingai dirbti.",
      duties: [
        "Rasti partnerius, turinčius 5 ar daugiau automobilių, ir sudaryti su jais sutartis.",
        "Padėti jiems pradėti: patikrinimas, skelbimai, kainodara.",
        "Perduoti jų atsiliepimus produkto komandai.",
      ],
      requirements: [
        "2+ metų B2B pardavimų ar klientų valdymo patirtis, geriausia automobilių srityje.",
        "Laisvai kalbate lietuviškai; anglų kalba dokumentams.",
        "B kategorijos vairuotojo pažymėjimas.",
      ],
    },
  ],
};
