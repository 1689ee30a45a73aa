// /cookies: the Cookie Policy. The table lists every cookie the app sets, as the code sets it:
// session (accounts/session.server.ts), toast (utils/toast.server.ts), lng (i18n.server.ts), theme
// (utils/theme.server.ts) and the choice itself (information/cookie-preferences.ts).
import type { InformationDocument, Localised } from "./types";

export const COOKIE_POLICY: Localised<InformationDocument> = {
  en: {
    updated: "2026-11-20",
    intro: [
      "Cookies are small text files a website stores in your browser. Ratai uses as few as it can: only first-party cookies, no third-party trackers, and no advertising. Below you see each of them and can choose which optional ones we may use.",
    ],
    sections: [
      {
        id: "list",
        title: "1. The cookies we set",
        blocks: [
          {
            table: {
              head: ["Cookie", "Purpose", "Category", "Lifetime"],
              rows: [
                [
                  "session (__Host-session)",
                  "Keeps you signed in. Holds only a random identifier of your session.",
                  "Necessary",
                  "Up to 60 days; ends after 14 days without use or when you sign out",
                ],
                [
                  "toast",
                  "Carries a one-time notice (for example “Saved”) to the next page.",
                  "Necessary",
                  "60 seconds",
                ],
                ["ratai_cookie_prefs", "Remembers the choice you make on this page.", "Necessary", "1 year"],
                [
                  "lng",
                  "Remembers the language you chose.",
                  "Preferences",
                  "1 year; until the browser closes if preferences are off",
                ],
                [
                  "theme",
                  "Remembers a light or dark theme you chose.",
                  "Preferences",
                  "1 year; until the browser closes if preferences are off",
                ],
              ],
            },
          },
        ],
      },
      {
        id: "categories",
        title: "2. Categories",
        blocks: [
          {
            list: [
              "Necessary cookies make sign-in, forms and security work. They cannot be switched off.",
              "Preferences cookies remember choices such as language and theme. When you switch them off, the choice still works while the browser is open, but is forgotten when you close it.",
              "Analytics cookies would measure how the site is used; marketing cookies would personalise advertising. Ratai currently sets neither. Should we introduce them, we will list them here first, and they will follow the choice you make below.",
            ],
          },
        ],
      },
      {
        id: "third-parties",
        title: "3. Other websites",
        blocks: [
          "When you pay, you are taken to Stripe's checkout page, which sets its own cookies for fraud prevention under Stripe's privacy policy. Map tiles from OpenStreetMap are loaded without cookies.",
        ],
      },
      {
        id: "control",
        title: "4. Your control",
        blocks: [
          "You can change your choice at any time below, and delete cookies in your browser's settings. Deleting the session cookie signs you out. More about your data in the [Privacy Policy](/privacy).",
        ],
      },
    ],
  },
  lt: {
    updated: "2026-11-20",
    intro: [
      "Slapukai – tai nedideli tekstiniai failai, kuriuos svetainė įrašo jūsų naršyklėje. Ratai jų naudoja kuo mažiau: tik savo slapukus, jokių trečiųjų šalių sekiklių ir jokios reklamos. Žemiau matote kiekvieną iš jų ir galite pasirinkti, kuriuos neprivalomus slapukus galime naudoti.",
    ],
    sections: [
      {
        id: "list",
        title: "1. Mūsų naudojami slapukai",
        blocks: [
          {
            table: {
              head: ["Slapukas", "Paskirtis", "Kategorija", "Galiojimas"],
              rows: [
                [
                  "session (__Host-session)",
                  "Palaiko jūsų prisijungimą. Jame – tik atsitiktinis jūsų sesijos identifikatorius.",
                  "Būtinieji",
                  "Iki 60 dienų; baigiasi po 14 dienų nenaudojimo arba atsijungus",
                ],
                [
                  "toast",
                  "Perduoda vienkartinį pranešimą (pvz., „Išsaugota“) kitam puslapiui.",
                  "Būtinieji",
                  "60 sekundžių",
                ],
                ["ratai_cookie_prefs", "Įsimena šiame puslapyje padarytą pasirinkimą.", "Būtinieji", "1 metai"],
                [
                  "lng",
                  "Įsimena pasirinktą kalbą.",
                  "Nuostatų",
                  "1 metai; jei nuostatų slapukai išjungti – iki naršyklės uždarymo",
                ],
                [
                  "theme",
                  "Įsimena pasirinktą šviesią ar tamsią temą.",
                  "Nuostatų",
                  "1 metai; jei nuostatų slapukai išjungti – iki naršyklės uždarymo",
                ],
              ],
            },
          },
        ],
      },
      {
        id: "categories",
        title: "2. Kategorijos",
        blocks: [
          {
            list: [
              "Būtinieji slapukai užtikrina, kad veiktų prisijungimas, formos ir apsauga. Jų išjungti negalima.",
              "Nuostatų slapukai įsimena pasirinkimus, pavyzdžiui, kalbą ir temą. Juos išjungus, pasirinkimas veikia, kol naršyklė atidaryta, bet ją uždarius pamirštamas.",
              "Analitikos slapukai matuotų, kaip naudojamasi svetaine, o rinkodaros – pritaikytų reklamą. Šiuo metu Ratai nenaudoja nei vienų, nei kitų. Jei juos įdiegsime, pirmiausia juos čia aprašysime, ir jie paisys žemiau padaryto pasirinkimo.",
            ],
          },
        ],
      },
      {
        id: "third-parties",
        title: "3. Kitos svetainės",
        blocks: [
          "Mokėdami būsite nukreipti į Stripe mokėjimo puslapį, kuris sukčiavimo prevencijai naudoja savo slapukus pagal Stripe privatumo politiką. OpenStreetMap žemėlapio fragmentai įkeliami be slapukų.",
        ],
      },
      {
        id: "control",
        title: "4. Jūsų pasirinkimas",
        blocks: [
          "Pasirinkimą bet kada galite pakeisti žemiau, o slapukus ištrinti naršyklės nustatymuose. Ištrynus sesijos slapuką, būsite atjungti. Daugiau apie jūsų duomenis – [privatumo politikoje](/privacy).",
        ],
      },
    ],
  },
};
