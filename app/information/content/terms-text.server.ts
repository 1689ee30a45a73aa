// /terms: the Terms of Service, consistent with how the product works (fees in app/pricing/booking-price.ts,
// payments in docs/decisions/009-booking-payments.md, listing approval, host verification).
import { REFUND_BANK_DAYS } from "~/bookings/deposit-return";
import { CLAIM_ANSWER_HOURS, CLAIM_WINDOW_HOURS } from "~/bookings/trip-rules";
import type { InformationDocument, Localised } from "./types";

export const TERMS: Localised<InformationDocument> = {
  en: {
    updated: "2026-11-29",
    intro: [
      "These terms govern the use of Ratai (ratai.lt), a marketplace where car owners (hosts) rent out or sell their cars and renters and buyers find them. By creating an account or booking a car you accept these terms. Please read them together with our [Privacy Policy](/privacy) and [Cookie Policy](/cookies).",
    ],
    sections: [
      {
        id: "about",
        title: "1. Who we are and what we do",
        blocks: [
          "Ratai is operated by UAB „Ratai“, Gedimino pr. 20, LT-01103 Vilnius, Lithuania (info@ratai.lt). We provide the platform: listings, search, messages, booking requests and card payments.",
          "Ratai is an intermediary. We do not own, rent out or sell the cars listed. The rental or sale contract is concluded between the host and the renter or buyer, and each of them is responsible for keeping it.",
        ],
      },
      {
        id: "accounts",
        title: "2. Accounts",
        blocks: [
          {
            list: [
              "You must be at least 18 years old to create an account. To rent a car you must also meet the host's requirements: usually at least 21 years of age (25 for some high-performance or luxury cars) and a valid driving licence.",
              "One account per person or company. The information you give must be true and kept up to date.",
              "You confirm your e-mail address before you sign in for the first time. Keep your password secret; you are responsible for what is done with your account.",
              "You may delete your account at any time in your profile. Bookings that are still open must be finished or cancelled first.",
            ],
          },
        ],
      },
      {
        id: "hosts",
        title: "3. Hosts, verification and listings",
        blocks: [
          "Before renting out a car, a host completes verification: we check the host's identity and the documents they upload. A verified host carries a badge on their profile. We may refuse or withdraw verification when documents are missing, expired or do not match.",
          "Every new listing is reviewed by our team before it is published; a listing may be approved or rejected with a reason. Hosts are responsible for their listings being accurate (photos, mileage, equipment, price) and for the car being roadworthy, with a valid technical inspection and compulsory motor third-party liability insurance.",
          "We may suspend a listing or an account that breaks these terms, misleads users or puts their safety at risk.",
        ],
      },
      {
        id: "booking",
        title: "4. Booking requests",
        blocks: [
          "A booking starts as a request. When you send it, the full amount is authorised (held) on your card but not charged. The host has 24 hours to answer:",
          {
            list: [
              "If the host confirms, the held amount is charged and the booking is confirmed.",
              "If the host declines, or does not answer within 24 hours, the request ends and the hold is released. You are not charged.",
            ],
          },
          "Confirmed and active bookings block the car's calendar; a pending request does not, so two people may ask for the same days until the host confirms one of them.",
        ],
      },
      {
        id: "fees",
        title: "5. Prices and fees",
        blocks: [
          "The host sets the rental price (per day, and optionally per week or month) and the security deposit. The price you see before paying is broken down line by line:",
          {
            list: [
              "the rental price for the chosen days (the subtotal);",
              "the insurance package you choose, if any;",
              "a platform fee of 2 % of the subtotal, which covers support, payment protection and running the platform;",
              "a card processing fee of 3.26 % of the subtotal, insurance and platform fee together, charged by our payment provider;",
              "the refundable security deposit set by the host.",
            ],
          },
          "Hosts receive the rental price less a 2 % platform commission. Listing a car, for rent or for sale, is free. Cars for sale are paid for directly between buyer and seller; Ratai takes no commission on sales.",
          "Payments are processed by Stripe. Ratai never sees or stores your full card number. The card you book with is kept by Stripe for the payments you agree to later, such as extending a trip or reimbursing costs, and is charged only for what you agreed to; if your bank asks you to confirm such a payment, you pay it yourself.",
        ],
      },
      {
        id: "deposit",
        title: "6. Security deposit",
        blocks: [
          // The deposit's return as the pages tell it (bookings/deposit-return.ts), from the same rules.
          `The deposit secures the host against damage, fuel, fines or late return. It comes back after the trip. The host may claim part or all of it within ${CLAIM_WINDOW_HOURS} hours after the check-out is recorded, with the reasons, the amount and photos; excess kilometres and late hours are charged at the rates of the rental agreement. You have ${CLAIM_ANSWER_HOURS} hours to accept or dispute the claim (no answer counts as accepting it); a disputed claim is decided by Ratai on the records and photos of both parties. What is not kept is refunded to the card you paid with, and your bank shows the refund within ${REFUND_BANK_DAYS.from}–${REFUND_BANK_DAYS.to} working days; you are told why anything was kept.`,
        ],
      },
      {
        id: "cancellation",
        title: "7. Cancellation",
        blocks: [
          {
            list: [
              "A pending request can be cancelled by the renter at any time in [My Bookings](/bookings); the hold on the card is released.",
              "A confirmed booking can be cancelled by either party in My Bookings. A renter who cancels gets back what the listing's cancellation policy says, shown before they confirm: everything until the policy's deadline; after it, everything except the first day's rate and the platform fee; under “no cancellation”, the deposit and insurance only. A host who cancels refunds the renter in full.",
              "The host sets the cancellation policy on the listing: free cancellation up to 24, 48 or 72 hours before pickup (10:00 Vilnius time on the first day), or no cancellation. The renter sees it before booking, and it is copied into the booking and its rental agreement; a later change of the listing does not affect it.",
              "The number of confirmed bookings a host has cancelled is shown on their public profile. A host who cancels confirmed bookings repeatedly may lose verification or be suspended.",
            ],
          },
        ],
      },
      {
        id: "rental",
        title: "8. During the rental",
        blocks: [
          "Host and renter may sign a rental agreement in the booking (mileage limit, fuel, damage and cancellation rules, late return fee). Bring your driving licence to the pickup, record the car's state at pickup and return on the booking's page (photos of its four sides, the odometer and the fuel level; the other party confirms or disagrees), and follow the traffic rules. Fines and tolls incurred during the rental are the renter's responsibility.",
          "Compulsory third-party liability insurance is included in every rental. An additional insurance package lowers the renter's own liability for damage; without one, the renter is responsible for damage up to the car's full value.",
        ],
      },
      {
        id: "conduct",
        title: "9. Rules of conduct",
        blocks: [
          {
            list: [
              "Keep communication and payments for bookings on Ratai; do not ask for or make payments outside the platform.",
              "Do not publish false, offensive or unlawful content, and do not list cars you have no right to rent out or sell.",
              "Reviews must describe a real rental honestly.",
            ],
          },
        ],
      },
      {
        id: "liability",
        title: "10. Liability",
        blocks: [
          "We do our best to keep Ratai available and to check hosts and listings, but we do not guarantee the condition of a car or the conduct of users. Our liability is limited to direct damage caused by our fault and, except where the law does not allow a limit, to the fees we received for the booking concerned. Nothing in these terms limits your rights as a consumer under Lithuanian and EU law. See also the [Disclaimer](/disclaimer).",
        ],
      },
      {
        id: "disputes",
        title: "11. Complaints and disputes",
        blocks: [
          "Write to support@ratai.lt or use the [contact form](/contact?type=support); we answer within 24 hours on working days and try to resolve disagreements between hosts and renters. A consumer may also turn to the State Consumer Rights Protection Authority (Valstybinė vartotojų teisių apsaugos tarnyba, www.vvtat.lt). These terms are governed by the law of the Republic of Lithuania.",
        ],
      },
      {
        id: "changes",
        title: "12. Changes to these terms",
        blocks: [
          "We may change these terms; we tell registered users by e-mail at least 14 days before a change takes effect. Bookings made before a change remain under the terms in force when they were made.",
        ],
      },
    ],
  },
  lt: {
    updated: "2026-11-29",
    intro: [
      "Šios sąlygos taikomos naudojantis Ratai (ratai.lt) – platforma, kurioje automobilių savininkai (nuomotojai) nuomoja ar parduoda savo automobilius, o nuomininkai ir pirkėjai juos randa. Susikurdami paskyrą ar užsisakydami automobilį, jūs sutinkate su šiomis sąlygomis. Skaitykite jas kartu su mūsų [privatumo politika](/privacy) ir [slapukų politika](/cookies).",
    ],
    sections: [
      {
        id: "about",
        title: "1. Kas mes esame ir ką darome",
        blocks: [
          "Ratai valdo UAB „Ratai“, Gedimino pr. 20, LT-01103 Vilnius (info@ratai.lt). Mes teikiame platformą: skelbimus, paiešką, žinutes, užsakymo užklausas ir mokėjimus kortele.",
          "Ratai yra tarpininkas. Mes neturime, nenuomojame ir neparduodame skelbiamų automobilių. Nuomos ar pirkimo–pardavimo sutartis sudaroma tarp nuomotojo ir nuomininko arba pirkėjo, ir kiekvienas iš jų atsako už jos vykdymą.",
        ],
      },
      {
        id: "accounts",
        title: "2. Paskyros",
        blocks: [
          {
            list: [
              "Paskyrą susikurti galite tik sulaukę 18 metų. Norėdami išsinuomoti automobilį, turite atitikti ir nuomotojo reikalavimus: paprastai būti ne jaunesni nei 21 metų (kai kuriems galingiems ar prabangiems automobiliams – 25 metų) ir turėti galiojantį vairuotojo pažymėjimą.",
              "Vienas asmuo ar įmonė – viena paskyra. Pateikiama informacija turi būti teisinga ir atnaujinama.",
              "Prieš prisijungdami pirmą kartą, patvirtinate savo el. pašto adresą. Slaptažodį laikykite paslaptyje: už veiksmus jūsų paskyroje atsakote jūs.",
              "Paskyrą bet kada galite ištrinti profilyje. Neužbaigti užsakymai prieš tai turi būti užbaigti arba atšaukti.",
            ],
          },
        ],
      },
      {
        id: "hosts",
        title: "3. Nuomotojai, patikrinimas ir skelbimai",
        blocks: [
          "Prieš nuomodamas automobilį, nuomotojas pereina patikrinimą: tikriname jo tapatybę ir įkeltus dokumentus. Patikrintas nuomotojas profilyje turi ženklelį. Patikrinimą galime atsisakyti suteikti arba jį panaikinti, jei dokumentų trūksta, jie nebegalioja ar nesutampa.",
          "Kiekvieną naują skelbimą prieš paskelbiant peržiūri mūsų komanda; skelbimas patvirtinamas arba atmetamas nurodant priežastį. Nuomotojas atsako, kad skelbimas būtų teisingas (nuotraukos, rida, įranga, kaina), o automobilis – tvarkingas, su galiojančia technine apžiūra ir privalomuoju transporto priemonių valdytojų civilinės atsakomybės draudimu.",
          "Galime sustabdyti skelbimą ar paskyrą, jei pažeidžiamos šios sąlygos, klaidinami naudotojai ar keliamas pavojus jų saugumui.",
        ],
      },
      {
        id: "booking",
        title: "4. Užsakymo užklausos",
        blocks: [
          "Užsakymas prasideda nuo užklausos. Ją išsiuntus, visa suma jūsų kortelėje rezervuojama, bet nenuskaičiuojama. Nuomotojas turi 24 valandas atsakyti:",
          {
            list: [
              "jei nuomotojas patvirtina, rezervuota suma nuskaičiuojama ir užsakymas patvirtinamas;",
              "jei nuomotojas atsisako arba neatsako per 24 valandas, užklausa baigiasi ir rezervacija atšaukiama. Pinigai nenuskaičiuojami.",
            ],
          },
          "Patvirtinti ir vykdomi užsakymai užima automobilio kalendorių; laukianti užklausa – ne, todėl tas pačias dienas gali prašyti keli žmonės, kol nuomotojas patvirtins vieną iš jų.",
        ],
      },
      {
        id: "fees",
        title: "5. Kainos ir mokesčiai",
        blocks: [
          "Nuomos kainą (už dieną, o pasirinktinai ir už savaitę ar mėnesį) ir užstatą nustato nuomotojas. Prieš mokėdami matote kainą, išskaidytą eilutėmis:",
          {
            list: [
              "nuomos kaina už pasirinktas dienas (tarpinė suma);",
              "pasirinktas draudimo paketas, jei jį renkatės;",
              "2 % tarpinės sumos platformos mokestis, kuris apima pagalbą, mokėjimų apsaugą ir platformos išlaikymą;",
              "3,26 % kortelės mokėjimo apdorojimo mokestis, skaičiuojamas nuo tarpinės sumos, draudimo ir platformos mokesčio kartu; jį ima mūsų mokėjimų paslaugų teikėjas;",
              "nuomotojo nustatytas grąžinamas užstatas.",
            ],
          },
          "Nuomotojas gauna nuomos kainą, atskaičius 2 % platformos komisinį mokestį. Skelbti automobilį nuomai ar pardavimui nemokama. Už parduodamus automobilius pirkėjas ir pardavėjas atsiskaito tiesiogiai; Ratai iš pardavimų komisinių neima.",
          "Mokėjimus apdoroja Stripe. Ratai niekada nemato ir nesaugo viso jūsų kortelės numerio. Kortelę, kuria užsakote, Stripe išsaugo mokėjimams, su kuriais sutiksite vėliau, pavyzdžiui, už kelionės pratęsimą ar išlaidų kompensaciją, ir ja nuskaičiuojama tik tai, su kuo sutikote; jei jūsų bankas paprašys tokį mokėjimą patvirtinti, jį sumokate patys.",
        ],
      },
      {
        id: "deposit",
        title: "6. Užstatas",
        blocks: [
          `Užstatas apsaugo nuomotoją nuo žalos, kuro, baudų ar pavėluoto grąžinimo išlaidų. Jis grąžinamas po kelionės. Per ${CLAIM_WINDOW_HOURS} val. po užfiksuoto automobilio grąžinimo nuomotojas gali pareikšti pretenziją dėl jo dalies ar viso užstato, nurodydamas priežastis, sumą ir pridėdamas nuotraukas; viršyta rida ir pavėluotos valandos skaičiuojamos pagal nuomos sutarties įkainius. Per ${CLAIM_ANSWER_HOURS} val. pretenziją galite priimti arba užginčyti (neatsakius laikoma, kad ją priėmėte); užginčytą pretenziją Ratai sprendžia pagal abiejų šalių įrašus ir nuotraukas. Kas nesulaikoma, grąžinama į kortelę, kuria mokėjote, o jūsų bankas grąžinimą parodo per ${REFUND_BANK_DAYS.from}–${REFUND_BANK_DAYS.to} darbo dienų; apie sulaikymo priežastis jums pranešama.`,
        ],
      },
      {
        id: "cancellation",
        title: "7. Atšaukimas",
        blocks: [
          {
            list: [
              "Laukiančią užklausą nuomininkas gali bet kada atšaukti skiltyje [Mano užsakymai](/bookings); rezervacija kortelėje atšaukiama.",
              "Patvirtintą užsakymą skiltyje „Mano užsakymai“ gali atšaukti bet kuri šalis. Atšaukęs nuomininkas atgauna tiek, kiek numato skelbimo atšaukimo sąlygos (suma parodoma prieš patvirtinant): iki sąlygų termino – viską; po jo – viską, išskyrus pirmos dienos kainą ir platformos mokestį; esant sąlygai „be atšaukimo“ – tik užstatą ir draudimą. Atšaukus nuomotojui, nuomininkui grąžinama visa suma.",
              "Atšaukimo sąlygas nuomotojas nustato skelbime: nemokamas atšaukimas likus 24, 48 ar 72 valandoms iki atsiėmimo (pirmąją dieną 10:00 Vilniaus laiku) arba be atšaukimo. Nuomininkas jas mato prieš užsakydamas, jos perkeliamos į užsakymą ir nuomos sutartį; vėlesnis skelbimo pakeitimas jų nekeičia.",
              "Nuomotojo atšauktų patvirtintų užsakymų skaičius rodomas jo viešame profilyje. Nuomotojas, pakartotinai atšaukiantis patvirtintus užsakymus, gali netekti patikrinimo ar būti sustabdytas.",
            ],
          },
        ],
      },
      {
        id: "rental",
        title: "8. Nuomos metu",
        blocks: [
          "Nuomotojas ir nuomininkas užsakyme gali pasirašyti nuomos sutartį (ridos limitas, kuro, žalos ir atšaukimo taisyklės, mokestis už pavėluotą grąžinimą). Atsiimdami automobilį turėkite vairuotojo pažymėjimą, užsakymo puslapyje užfiksuokite automobilio būklę jį atsiimdami ir grąžindami (keturių pusių nuotraukos, rida ir kuro lygis; kita šalis patvirtina arba nesutinka), laikykitės kelių eismo taisyklių. Už nuomos metu gautas baudas ir kelių mokesčius atsako nuomininkas.",
          "Privalomasis civilinės atsakomybės draudimas įskaičiuotas į kiekvieną nuomą. Papildomas draudimo paketas sumažina nuomininko atsakomybę už žalą; be jo nuomininkas atsako už žalą iki visos automobilio vertės.",
        ],
      },
      {
        id: "conduct",
        title: "9. Elgesio taisyklės",
        blocks: [
          {
            list: [
              "Bendraukite ir atsiskaitykite už užsakymus per Ratai; neprašykite ir nemokėkite už platformos ribų.",
              "Neskelbkite melagingo, įžeidžiančio ar neteisėto turinio ir neskelbkite automobilių, kurių neturite teisės nuomoti ar parduoti.",
              "Atsiliepimai turi sąžiningai apibūdinti tikrą nuomą.",
            ],
          },
        ],
      },
      {
        id: "liability",
        title: "10. Atsakomybė",
        blocks: [
          "Stengiamės, kad Ratai veiktų be trikdžių, ir tikriname nuomotojus bei skelbimus, tačiau negarantuojame automobilio būklės ar naudotojų elgesio. Mūsų atsakomybė apsiriboja tiesiogine žala, padaryta dėl mūsų kaltės, ir, išskyrus atvejus, kai įstatymai riboti neleidžia, mūsų gautais mokesčiais už atitinkamą užsakymą. Šios sąlygos neriboja jūsų, kaip vartotojo, teisių pagal Lietuvos ir ES teisę. Taip pat žr. [atsakomybės apribojimą](/disclaimer).",
        ],
      },
      {
        id: "disputes",
        title: "11. Skundai ir ginčai",
        blocks: [
          "Rašykite support@ratai.lt arba naudokitės [kontaktų forma](/contact?type=support); darbo dienomis atsakome per 24 valandas ir padedame spręsti nuomotojų ir nuomininkų nesutarimus. Vartotojas taip pat gali kreiptis į Valstybinę vartotojų teisių apsaugos tarnybą (www.vvtat.lt). Šioms sąlygoms taikoma Lietuvos Respublikos teisė.",
        ],
      },
      {
        id: "changes",
        title: "12. Sąlygų pakeitimai",
        blocks: [
          "Sąlygas galime keisti; registruotiems naudotojams apie tai pranešame el. paštu ne vėliau kaip prieš 14 dienų iki pakeitimų įsigaliojimo. Iki pakeitimo sudarytiems užsakymams taikomos jų sudarymo metu galiojusios sąlygos.",
        ],
      },
    ],
  },
};
