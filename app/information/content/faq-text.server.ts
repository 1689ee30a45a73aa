// /faq: questions and answers grounded in how the product works (booking requests and card holds, 24 hours to
// answer, verification, deposits, insurance packages, messages, listing approval). Same ids in both languages.
import { REFUND_BANK_DAYS } from "~/bookings/deposit-return";
import { CLAIM_ANSWER_HOURS, CLAIM_WINDOW_HOURS } from "~/bookings/trip-rules";
import type { FaqEntry } from "~/information/faq-search";
import type { Localised } from "./types";

export const FAQ: Localised<FaqEntry[]> = {
  en: [
    {
      id: "how-booking-works",
      category: "booking",
      question: "How does booking a car work?",
      answer:
        "Choose the dates and pickup place on the car's page, pick an insurance package and send a booking request. The full amount is held on your card, not charged. The host confirms or declines within 24 hours; only when they confirm is your card charged.",
    },
    {
      id: "host-no-answer",
      category: "booking",
      question: "What if the host does not answer my request?",
      answer:
        "A request the host does not answer within 24 hours expires by itself. The hold on your card is released and you are not charged. We e-mail you, and you can ask for another car right away.",
    },
    {
      id: "how-far-ahead",
      category: "booking",
      question: "How far ahead can I book, and how late?",
      answer:
        "You can book up to 6 months ahead. Most hosts need at least one day's notice; some set a longer minimum notice or a minimum number of rental days, shown on the car's page.",
    },
    {
      id: "cancel",
      category: "booking",
      question: "Can I cancel a booking?",
      answer:
        "A pending request can be cancelled at any time in My Bookings; the hold is released. A confirmed booking can also be cancelled there: before you confirm, the page shows exactly what you get back. Free cancellation usually ends 24 hours before pickup; the listing's policy (24, 48 or 72 hours, or no cancellation) is shown before you book and copied into your booking. After its deadline you get back everything except the first day and the platform fee; with no cancellation, the deposit and insurance. If the host cancels, you get everything back.",
    },
    {
      id: "age-licence",
      category: "booking",
      question: "How old do I have to be to rent a car?",
      answer:
        "You need an account (18+) and, to drive, usually at least 21 years of age and a valid driving licence. For some luxury or high-performance cars hosts require 25 years. Bring your licence to the pickup.",
    },
    {
      id: "fees",
      category: "payments",
      question: "What fees do I pay?",
      answer:
        "You see every line before paying: the rental price, the insurance package you chose, a 2 % platform fee, a 3.26 % card processing fee and the host's refundable deposit. There are no hidden costs. Listing a car is free.",
    },
    {
      id: "deposit",
      category: "payments",
      question: "When do I get the deposit back?",
      answer:
        // The deposit's return as the pages tell it (bookings/deposit-return.ts), from the same rules.
        `The deposit (usually 20–50 % of the rental price or a fixed sum set by the host) comes back after the trip. For ${CLAIM_WINDOW_HOURS} hours after the check-out is recorded the host may claim part or all of it; then we refund what is not kept to the card you paid with, and your bank shows the refund within ${REFUND_BANK_DAYS.from}–${REFUND_BANK_DAYS.to} working days. If the host claims, you have ${CLAIM_ANSWER_HOURS} hours to accept or dispute the claim, and a disputed claim is decided by our team. The booking's page always shows where your deposit is.`,
    },
    {
      id: "payment-methods",
      category: "payments",
      question: "How can I pay?",
      answer:
        "By payment card through Stripe's secure checkout. Ratai never sees your full card number. Do not pay hosts outside the platform: only payments made on Ratai are protected.",
    },
    {
      id: "host-payout",
      category: "payments",
      question: "How much does a host earn?",
      answer:
        "The host receives the rental price less a 2 % platform commission. The deposit is not income: it is returned to the renter after a successful rental.",
    },
    {
      id: "why-verify",
      category: "verification",
      question: "Why do I need to be verified to rent out a car?",
      answer:
        "Verification protects renters: before listing cars for rent, hosts upload identity and vehicle documents, which our team checks. Verified hosts get a badge on their profile.",
    },
    {
      id: "verification-time",
      category: "verification",
      question: "How long does verification take?",
      answer:
        "Usually one working day. You can follow its status (pending, verified or rejected) in your profile; if something is missing, we tell you what to upload again.",
    },
    {
      id: "one-account",
      category: "account",
      question: "Can I have more than one account?",
      answer:
        "No: one account per person or company. A company registers with its name and company code and can list several cars from one account.",
    },
    {
      id: "listing-approval",
      category: "hosting",
      question: "Why is my listing not visible yet?",
      answer:
        "Every new listing is reviewed by our team before it is published, usually within a working day. If it is rejected, you see the reason in My Listings and can correct and resubmit it.",
    },
    {
      id: "host-answer",
      category: "hosting",
      question: "How quickly must I answer booking requests?",
      answer:
        "Within 24 hours. After that the request expires and the renter's card hold is released. We notify you by e-mail and in the bell as soon as a request arrives.",
    },
    {
      id: "host-prices",
      category: "hosting",
      question: "How do I set a good price?",
      answer:
        "Set a daily price and, if you like, weekly and monthly prices, which apply from 7 and 28 days. The pricing page of each listing suggests a daily price from comparable cars on Ratai.",
    },
    {
      id: "insurance-included",
      category: "insurance",
      question: "Is insurance included?",
      answer:
        "Compulsory third-party liability insurance is included in every rental. You can add Basic Protection, Standard Coverage or Premium Plus, which lower your own liability for damage. Without a package you are responsible for damage up to the car's full value.",
    },
    {
      id: "insurance-claim",
      category: "insurance",
      question: "What do I do after an accident or damage?",
      answer:
        "Make sure everyone is safe, call 112 if needed, fill in the accident report, photograph the damage and tell the host straight away. If you chose an insurance package, call its 24/7 claims hotline shown in your booking.",
    },
    {
      id: "messages",
      category: "account",
      question: "How do I contact a host or a buyer?",
      answer:
        "Use the “Contact owner” button on a car's page or the message button on a profile. Conversations are in Messages; hosts usually answer within 24 hours. Keep communication on Ratai, so support can help if something goes wrong.",
    },
    {
      id: "delete-account",
      category: "account",
      question: "How do I delete my account and data?",
      answer:
        "In your profile, choose to delete the account. Your data is deleted or anonymised within 30 days, except records the law requires us to keep (for example, transactions for 7 years).",
    },
  ],
  lt: [
    {
      id: "how-booking-works",
      category: "booking",
      question: "Kaip užsisakyti automobilį?",
      answer:
        "Automobilio puslapyje pasirinkite datas ir atsiėmimo vietą, draudimo paketą ir išsiųskite užsakymo užklausą. Visa suma jūsų kortelėje rezervuojama, bet nenuskaičiuojama. Nuomotojas patvirtina arba atsisako per 24 valandas; tik jam patvirtinus pinigai nuskaičiuojami.",
    },
    {
      id: "host-no-answer",
      category: "booking",
      question: "Kas bus, jei nuomotojas neatsakys į užklausą?",
      answer:
        "Užklausa, į kurią nuomotojas neatsako per 24 valandas, baigiasi savaime. Rezervacija kortelėje atšaukiama, pinigai nenuskaičiuojami. Apie tai pranešame el. paštu, o jūs iškart galite ieškoti kito automobilio.",
    },
    {
      id: "how-far-ahead",
      category: "booking",
      question: "Kiek iš anksto ir kiek vėliausiai galiu užsisakyti?",
      answer:
        "Užsisakyti galite iki 6 mėnesių į priekį. Daugumai nuomotojų reikia bent vienos dienos įspėjimo; kai kurie nustato ilgesnį minimalų įspėjimo laiką ar mažiausią nuomos dienų skaičių – tai matysite automobilio puslapyje.",
    },
    {
      id: "cancel",
      category: "booking",
      question: "Ar galiu atšaukti užsakymą?",
      answer:
        "Laukiančią užklausą galite bet kada atšaukti skiltyje „Mano užsakymai“ – rezervacija atšaukiama. Ten pat galima atšaukti ir patvirtintą užsakymą: prieš patvirtindami matysite tikslią grąžinamą sumą. Nemokamas atšaukimas paprastai baigiasi likus 24 valandoms iki atsiėmimo; skelbimo atšaukimo sąlygos (24, 48 ar 72 valandos arba be atšaukimo) parodomos prieš užsakant ir perkeliamos į jūsų užsakymą. Po termino grąžinama viskas, išskyrus pirmos dienos kainą ir platformos mokestį; be atšaukimo galimybės – užstatas ir draudimas. Jei atšaukia nuomotojas, grąžinama visa suma.",
    },
    {
      id: "age-licence",
      category: "booking",
      question: "Kiek metų turiu būti, kad galėčiau išsinuomoti automobilį?",
      answer:
        "Reikia paskyros (nuo 18 metų), o vairuoti paprastai galima nuo 21 metų su galiojančiu vairuotojo pažymėjimu. Kai kuriems prabangiems ar galingiems automobiliams nuomotojai reikalauja 25 metų. Atsiimdami automobilį turėkite vairuotojo pažymėjimą.",
    },
    {
      id: "fees",
      category: "payments",
      question: "Kokius mokesčius moku?",
      answer:
        "Prieš mokėdami matote kiekvieną eilutę: nuomos kainą, pasirinktą draudimo paketą, 2 % platformos mokestį, 3,26 % kortelės mokėjimo apdorojimo mokestį ir grąžinamą nuomotojo užstatą. Jokių paslėptų išlaidų. Skelbti automobilį nemokama.",
    },
    {
      id: "deposit",
      category: "payments",
      question: "Kada atgausiu užstatą?",
      answer: `Užstatas (paprastai 20–50 % nuomos kainos arba nuomotojo nustatyta fiksuota suma) grąžinamas po kelionės. Per ${CLAIM_WINDOW_HOURS} val. po užfiksuoto automobilio grąžinimo nuomotojas gali pareikšti pretenziją dėl jo dalies ar viso; tada tai, kas nesulaikyta, grąžiname į kortelę, kuria mokėjote, o jūsų bankas grąžinimą parodo per ${REFUND_BANK_DAYS.from}–${REFUND_BANK_DAYS.to} darbo dienų. Jei nuomotojas pareiškia pretenziją, turite ${CLAIM_ANSWER_HOURS} val. ją priimti arba užginčyti, o užginčytą pretenziją sprendžia mūsų komanda. Užsakymo puslapyje visada matyti, kur yra jūsų užstatas.`,
    },
    {
      id: "payment-methods",
      category: "payments",
      question: "Kaip galiu sumokėti?",
      answer:
        "Mokėjimo kortele saugiame Stripe mokėjimo puslapyje. Ratai niekada nemato viso jūsų kortelės numerio. Nemokėkite nuomotojams už platformos ribų: apsaugoti tik per Ratai atlikti mokėjimai.",
    },
    {
      id: "host-payout",
      category: "payments",
      question: "Kiek uždirba nuomotojas?",
      answer:
        "Nuomotojas gauna nuomos kainą, atskaičius 2 % platformos komisinį mokestį. Užstatas nėra pajamos: po sėkmingos nuomos jis grąžinamas nuomininkui.",
    },
    {
      id: "why-verify",
      category: "verification",
      question: "Kodėl norint nuomoti automobilį reikia patikrinimo?",
      answer:
        "Patikrinimas apsaugo nuomininkus: prieš skelbdami automobilius nuomai, nuomotojai įkelia tapatybės ir transporto priemonės dokumentus, kuriuos patikrina mūsų komanda. Patikrinti nuomotojai profilyje gauna ženklelį.",
    },
    {
      id: "verification-time",
      category: "verification",
      question: "Kiek trunka patikrinimas?",
      answer:
        "Paprastai vieną darbo dieną. Būseną (laukiama, patikrinta ar atmesta) matote savo profilyje; jei ko nors trūksta, pasakome, ką įkelti iš naujo.",
    },
    {
      id: "one-account",
      category: "account",
      question: "Ar galiu turėti daugiau nei vieną paskyrą?",
      answer:
        "Ne: vienas asmuo ar įmonė – viena paskyra. Įmonė registruojasi nurodydama pavadinimą ir įmonės kodą ir iš vienos paskyros gali skelbti kelis automobilius.",
    },
    {
      id: "listing-approval",
      category: "hosting",
      question: "Kodėl mano skelbimo dar nesimato?",
      answer:
        "Kiekvieną naują skelbimą prieš paskelbiant peržiūri mūsų komanda, paprastai per vieną darbo dieną. Jei skelbimas atmestas, priežastį matysite skiltyje „Mano skelbimai“ ir galėsite jį pataisyti bei pateikti iš naujo.",
    },
    {
      id: "host-answer",
      category: "hosting",
      question: "Per kiek laiko turiu atsakyti į užsakymo užklausas?",
      answer:
        "Per 24 valandas. Vėliau užklausa baigiasi, o nuomininko kortelės rezervacija atšaukiama. Apie naują užklausą iškart pranešame el. paštu ir pranešimų varpelyje.",
    },
    {
      id: "host-prices",
      category: "hosting",
      question: "Kaip nustatyti tinkamą kainą?",
      answer:
        "Nustatykite dienos kainą ir, jei norite, savaitės bei mėnesio kainas, kurios taikomos nuo 7 ir 28 dienų. Kiekvieno skelbimo kainodaros puslapyje siūlome dienos kainą pagal panašius automobilius Ratai platformoje.",
    },
    {
      id: "insurance-included",
      category: "insurance",
      question: "Ar draudimas įskaičiuotas?",
      answer:
        "Privalomasis civilinės atsakomybės draudimas įskaičiuotas į kiekvieną nuomą. Galite pridėti „Bazinę apsaugą“, „Standartinę apsaugą“ arba „Premium Plus“, kurie sumažina jūsų atsakomybę už žalą. Be paketo už žalą atsakote iki visos automobilio vertės.",
    },
    {
      id: "insurance-claim",
      category: "insurance",
      question: "Ką daryti po eismo įvykio ar sugadinus automobilį?",
      answer:
        "Įsitikinkite, kad visi saugūs, prireikus skambinkite 112, užpildykite eismo įvykio deklaraciją, nufotografuokite žalą ir iškart praneškite nuomotojui. Jei pasirinkote draudimo paketą, skambinkite jo visą parą veikiančia žalų linija, nurodyta jūsų užsakyme.",
    },
    {
      id: "messages",
      category: "account",
      question: "Kaip susisiekti su nuomotoju ar pirkėju?",
      answer:
        "Spauskite „Susisiekti su savininku“ automobilio puslapyje arba žinutės mygtuką profilyje. Pokalbiai – skiltyje „Žinutės“; nuomotojai paprastai atsako per 24 valandas. Bendraukite per Ratai, kad iškilus problemai galėtume padėti.",
    },
    {
      id: "delete-account",
      category: "account",
      question: "Kaip ištrinti paskyrą ir duomenis?",
      answer:
        "Profilyje pasirinkite ištrinti paskyrą. Jūsų duomenys ištrinami arba nuasmeninami per 30 dienų, išskyrus įrašus, kuriuos saugoti įpareigoja įstatymai (pvz., sandorius – 7 metus).",
    },
  ],
};
