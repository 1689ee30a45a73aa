// /privacy: the Privacy Policy. The footer links its "GDPR" section as /privacy#gdpr. Retention periods are the
// spec's (part 2 §9); the processors are the services the app really uses (ARCHITECTURE.md).
import type { InformationDocument, Localised } from "./types";

export const PRIVACY: Localised<InformationDocument> = {
  en: {
    updated: "2026-11-29",
    intro: [
      "This policy explains what personal data Ratai collects, why, for how long, who else receives it, and how you can use your rights under the EU General Data Protection Regulation (GDPR).",
    ],
    sections: [
      {
        id: "controller",
        title: "1. Controller",
        blocks: [
          "The controller of your data is UAB „Ratai“, Gedimino pr. 20, LT-01103 Vilnius, Lithuania. Questions about your data: privacy@ratai.lt. Our data protection officer can be reached at dpo@ratai.lt.",
        ],
      },
      {
        id: "data",
        title: "2. What we collect",
        blocks: [
          {
            list: [
              "Account data: e-mail address, password (stored only as a salted hash), name, account type, company name and code for companies, phone number, city, language, profile photo.",
              "Verification data of hosts: identity and vehicle documents you upload, and the result of their review.",
              "Listings: car details, photos, prices, pickup places.",
              "Bookings and payments: dates, places, amounts, status, the rental agreement, reviews. Card details are entered on Stripe's page; we receive only a payment reference and the card's status, never the full number. Stripe keeps the card you book with so that what you agree to pay later (trip changes, reimbursements) can be charged to it; we keep only a reference to it. When you delete your account, we ask Stripe to delete the saved card too.",
              "Messages between users, contact-form messages, and newsletter subscriptions.",
              "Technical data: IP address (for security and rate limits), session identifiers, and the cookies described in the [Cookie Policy](/cookies).",
            ],
          },
        ],
      },
      {
        id: "purposes",
        title: "3. Why we use it, and on what legal basis",
        blocks: [
          {
            table: {
              head: ["Purpose", "Legal basis (GDPR Art. 6)"],
              rows: [
                ["Running your account, listings, bookings, payments and messages", "Contract (6(1)(b))"],
                [
                  "Verifying hosts and reviewing listings; preventing fraud and abuse",
                  "Legitimate interest in a safe marketplace (6(1)(f))",
                ],
                ["Accounting and tax records of transactions", "Legal obligation (6(1)(c))"],
                [
                  "Answering contact-form messages and support requests",
                  "Legitimate interest, or contract for users (6(1)(f), 6(1)(b))",
                ],
                ["The newsletter", "Consent, given by confirming the subscription (6(1)(a))"],
                ["Remembering your language and theme", "Consent, through your cookie preferences (6(1)(a))"],
              ],
            },
          },
        ],
      },
      {
        id: "recipients",
        title: "4. Who receives it",
        blocks: [
          "Other users see what a marketplace needs: your public profile, listings and reviews; the other party of a booking also sees your name and, once a booking is confirmed, your phone number. We do not sell personal data. Our processors, bound by data processing agreements:",
          {
            list: [
              "Cloudflare (hosting and content delivery, photo storage);",
              "our database provider (storage of the platform's data in the EU);",
              "Stripe (card payments);",
              "our e-mail delivery provider (account, booking and newsletter e-mails).",
            ],
          },
          "Map tiles are loaded from OpenStreetMap when you open a map; your browser then sends your IP address to its servers. Where a processor is outside the EU/EEA, transfers rely on the European Commission's adequacy decisions or standard contractual clauses.",
        ],
      },
      {
        id: "retention",
        title: "5. How long we keep it",
        blocks: [
          {
            list: [
              "Transaction data (bookings, payments, invoices): 7 years, as accounting law requires.",
              "Messages and contact-form messages: 3 years from the last message.",
              "Account data: deleted or anonymised within 30 days after you delete your account, except what the law requires us to keep.",
              "Newsletter: until you unsubscribe; an unconfirmed request is deleted after its link expires.",
            ],
          },
        ],
      },
      {
        id: "gdpr",
        title: "6. Your rights under the GDPR",
        blocks: [
          "You have the right to:",
          {
            list: [
              "access your data and receive a copy of it;",
              "have inaccurate data corrected — most of it you can edit in your profile yourself;",
              "have your data erased (“right to be forgotten”) — you can delete your account in your profile;",
              "restrict or object to processing based on our legitimate interest;",
              "data portability: receive the data you gave us in a machine-readable format;",
              "withdraw consent at any time (unsubscribe from the newsletter, change your [cookie preferences](/cookies)) without affecting earlier processing;",
              "lodge a complaint with the State Data Protection Inspectorate (Valstybinė duomenų apsaugos inspekcija, L. Sapiegos g. 17, LT-10312 Vilnius, www.vdai.lrv.lt).",
            ],
          },
          "To use your rights, write to privacy@ratai.lt from the e-mail address of your account, or use the [contact form](/contact?type=support&subject=GDPR%20request). We answer within one month; we may ask you to confirm your identity.",
        ],
      },
      {
        id: "security",
        title: "7. Security",
        blocks: [
          "Connections are encrypted (HTTPS). Passwords are stored only as salted hashes, sessions can be revoked and end after inactivity, and staff access to data is limited to what their work needs. Sign-in and other forms are rate-limited against abuse.",
        ],
      },
      {
        id: "children",
        title: "8. Children",
        blocks: [
          "Ratai is not meant for people under 18, and we do not knowingly collect their data. If you believe a minor has created an account, tell us and we will delete it.",
        ],
      },
      {
        id: "changes",
        title: "9. Changes",
        blocks: [
          "We update this policy when our processing changes. Significant changes are announced by e-mail to registered users.",
        ],
      },
    ],
  },
  lt: {
    updated: "2026-11-29",
    intro: [
      "Šioje politikoje paaiškiname, kokius asmens duomenis Ratai renka, kodėl, kiek laiko juos saugo, kam jie perduodami ir kaip galite įgyvendinti savo teises pagal ES Bendrąjį duomenų apsaugos reglamentą (BDAR).",
    ],
    sections: [
      {
        id: "controller",
        title: "1. Duomenų valdytojas",
        blocks: [
          "Jūsų duomenų valdytoja – UAB „Ratai“, Gedimino pr. 20, LT-01103 Vilnius. Klausimai dėl duomenų: privacy@ratai.lt. Su mūsų duomenų apsaugos pareigūnu galite susisiekti adresu dpo@ratai.lt.",
        ],
      },
      {
        id: "data",
        title: "2. Kokius duomenis renkame",
        blocks: [
          {
            list: [
              "Paskyros duomenys: el. pašto adresas, slaptažodis (saugoma tik jo maiša su druska), vardas, paskyros tipas, įmonių – pavadinimas ir kodas, telefono numeris, miestas, kalba, profilio nuotrauka.",
              "Nuomotojų patikrinimo duomenys: įkelti tapatybės ir transporto priemonės dokumentai bei jų peržiūros rezultatas.",
              "Skelbimai: automobilio duomenys, nuotraukos, kainos, atsiėmimo vietos.",
              "Užsakymai ir mokėjimai: datos, vietos, sumos, būsena, nuomos sutartis, atsiliepimai. Kortelės duomenis įvedate Stripe puslapyje; mes gauname tik mokėjimo nuorodą ir būseną, niekada – viso kortelės numerio. Kortelę, kuria užsakote, Stripe išsaugo, kad vėliau ja būtų galima sumokėti už tai, su kuo sutiksite (kelionės pakeitimus, išlaidų kompensacijas); mes saugome tik nuorodą į ją. Kai ištrinate paskyrą, paprašome Stripe ištrinti ir išsaugotą kortelę.",
              "Naudotojų tarpusavio žinutės, kontaktų formos žinutės ir naujienlaiškio prenumeratos.",
              "Techniniai duomenys: IP adresas (saugumui ir užklausų ribojimui), sesijų identifikatoriai ir [slapukų politikoje](/cookies) aprašyti slapukai.",
            ],
          },
        ],
      },
      {
        id: "purposes",
        title: "3. Kam naudojame ir kokiu teisiniu pagrindu",
        blocks: [
          {
            table: {
              head: ["Tikslas", "Teisinis pagrindas (BDAR 6 str.)"],
              rows: [
                ["Paskyros, skelbimų, užsakymų, mokėjimų ir žinučių tvarkymas", "Sutartis (6 str. 1 d. b p.)"],
                [
                  "Nuomotojų patikrinimas ir skelbimų peržiūra; sukčiavimo ir piktnaudžiavimo prevencija",
                  "Teisėtas interesas užtikrinti saugią platformą (6 str. 1 d. f p.)",
                ],
                ["Sandorių apskaita ir mokesčių dokumentai", "Teisinė prievolė (6 str. 1 d. c p.)"],
                [
                  "Atsakymai į kontaktų formos žinutes ir pagalbos užklausas",
                  "Teisėtas interesas arba sutartis su naudotojais (6 str. 1 d. f ir b p.)",
                ],
                ["Naujienlaiškis", "Sutikimas, duotas patvirtinus prenumeratą (6 str. 1 d. a p.)"],
                ["Jūsų kalbos ir temos įsiminimas", "Sutikimas, išreikštas slapukų nuostatose (6 str. 1 d. a p.)"],
              ],
            },
          },
        ],
      },
      {
        id: "recipients",
        title: "4. Kam duomenys perduodami",
        blocks: [
          "Kiti naudotojai mato tai, ko reikia platformai veikti: jūsų viešą profilį, skelbimus ir atsiliepimus; kita užsakymo šalis mato ir jūsų vardą, o patvirtinus užsakymą – telefono numerį. Asmens duomenų neparduodame. Mūsų duomenų tvarkytojai, su kuriais sudarytos duomenų tvarkymo sutartys:",
          {
            list: [
              "Cloudflare (talpinimas, turinio pristatymas, nuotraukų saugykla);",
              "duomenų bazės paslaugų teikėjas (platformos duomenų saugojimas ES);",
              "Stripe (mokėjimai kortele);",
              "el. laiškų siuntimo paslaugų teikėjas (paskyros, užsakymų ir naujienlaiškio laiškai).",
            ],
          },
          "Atidarius žemėlapį, jo fragmentai įkeliami iš OpenStreetMap serverių, todėl jūsų naršyklė jiems perduoda jūsų IP adresą. Kai duomenų tvarkytojas yra už ES / EEE ribų, duomenys perduodami remiantis Europos Komisijos sprendimais dėl tinkamumo arba standartinėmis sutarčių sąlygomis.",
        ],
      },
      {
        id: "retention",
        title: "5. Kiek laiko saugome",
        blocks: [
          {
            list: [
              "Sandorių duomenys (užsakymai, mokėjimai, sąskaitos): 7 metus, kaip reikalauja apskaitos teisės aktai.",
              "Žinutės ir kontaktų formos žinutės: 3 metus nuo paskutinės žinutės.",
              "Paskyros duomenys: ištrinami arba nuasmeninami per 30 dienų po paskyros ištrynimo, išskyrus tai, ką saugoti įpareigoja įstatymai.",
              "Naujienlaiškis: kol atsisakote prenumeratos; nepatvirtinta užklausa ištrinama pasibaigus nuorodos galiojimui.",
            ],
          },
        ],
      },
      {
        id: "gdpr",
        title: "6. Jūsų teisės pagal BDAR",
        blocks: [
          "Jūs turite teisę:",
          {
            list: [
              "susipažinti su savo duomenimis ir gauti jų kopiją;",
              "reikalauti ištaisyti netikslius duomenis – daugumą jų galite pakeisti patys profilyje;",
              "reikalauti ištrinti duomenis („teisė būti pamirštam“) – paskyrą galite ištrinti profilyje;",
              "apriboti tvarkymą arba nesutikti su tvarkymu, grindžiamu mūsų teisėtu interesu;",
              "į duomenų perkeliamumą: gauti mums pateiktus duomenis kompiuterio skaitomu formatu;",
              "bet kada atšaukti sutikimą (atsisakyti naujienlaiškio, pakeisti [slapukų nuostatas](/cookies)), tai neturi įtakos ankstesniam tvarkymui;",
              "pateikti skundą Valstybinei duomenų apsaugos inspekcijai (L. Sapiegos g. 17, LT-10312 Vilnius, www.vdai.lrv.lt).",
            ],
          },
          "Norėdami pasinaudoti teisėmis, rašykite privacy@ratai.lt iš savo paskyros el. pašto adreso arba naudokitės [kontaktų forma](/contact?type=support&subject=BDAR%20u%C5%BEklausa). Atsakome per vieną mėnesį; galime paprašyti patvirtinti tapatybę.",
        ],
      },
      {
        id: "security",
        title: "7. Saugumas",
        blocks: [
          "Ryšys šifruojamas (HTTPS). Slaptažodžiai saugomi tik kaip maišos su druska, sesijas galima nutraukti ir jos baigiasi po neveiklumo, o darbuotojai prie duomenų prieina tik tiek, kiek reikia jų darbui. Prisijungimo ir kitos formos apsaugotos nuo piktnaudžiavimo užklausų ribojimu.",
        ],
      },
      {
        id: "children",
        title: "8. Vaikai",
        blocks: [
          "Ratai neskirta jaunesniems nei 18 metų asmenims, ir sąmoningai jų duomenų nerenkame. Jei manote, kad paskyrą susikūrė nepilnametis, praneškite mums ir ją ištrinsime.",
        ],
      },
      {
        id: "changes",
        title: "9. Pakeitimai",
        blocks: [
          "Šią politiką atnaujiname, kai keičiasi duomenų tvarkymas. Apie reikšmingus pakeitimus registruotiems naudotojams pranešame el. paštu.",
        ],
      },
    ],
  },
};
