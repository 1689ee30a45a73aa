// Setting up payouts (issue 18), with JavaScript on and off, in Lithuanian and in English, axe on every page: from
// /profile's payout card to /profile/payouts ("not set up"), its button to the local stand-in of Stripe's onboarding
// (a bad IBAN is refused next to its field, the other values kept), "verified at once", and back through Stripe's
// return URL to /profile/payouts, which now says payouts are enabled. A user signed up here, so no other journey's
// account changes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, expectAccessible, registerAndSignIn, test, visit, visitCurrent } from "./support";

type Lang = "lt" | "en";
type Tree = { [key: string]: string | Tree };

/** A text of the payouts namespace in a language, as i18next shows it. */
function text(lang: Lang, key: string, values: Record<string, string> = {}) {
  const tree = JSON.parse(readFileSync(join(process.cwd(), `app/locales/${lang}/payouts.json`), "utf8")) as Tree;
  const found = key.split(".").reduce<string | Tree | undefined>((node, part) => (node as Tree)?.[part], tree);
  if (typeof found !== "string") throw new Error(`no text payouts:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

for (const lang of ["lt", "en"] as const) {
  test(`a new user sets up payouts through the stand-in onboarding (${lang})`, async ({ page }) => {
    // Sign-up, five pages each checked by axe, on a shared machine.
    test.setTimeout(300_000);
    const t = (key: string, values?: Record<string, string>) => text(lang, key, values);
    await registerAndSignIn(page);

    await visit(page, `/profile?lng=${lang}`);
    const card = page.getByRole("region", { name: t("card.title") });
    await expect(card.getByText(t("state.not_started"), { exact: true })).toBeVisible();
    await card.getByRole("link", { name: t("card.setUp") }).click();
    await expect(page).toHaveURL(/\/profile\/payouts$/);
    await visitCurrent(page);
    await expect(page.getByRole("heading", { level: 1, name: t("title") })).toBeVisible();
    await expect(page.getByText(t("page.meaning.not_started"))).toBeVisible();
    await expect(page.getByText(t("page.businessTypes.individual"))).toBeVisible();

    await page.getByRole("button", { name: t("page.actions.not_started") }).click();
    await expect(page).toHaveURL(/\/dev\/connect\/acct_standin_[a-f0-9]+\?return=/);
    await visitCurrent(page);
    await expect(page.getByText(t("standIn.notice"))).toBeVisible();
    const legalName = page.getByLabel(t("standIn.legalName"));
    await expect(legalName).toHaveValue("Testas Testaitis");

    // A German IBAN: refused next to the field, what was typed kept.
    const iban = page.getByLabel(t("standIn.iban"));
    await iban.fill("DE89 3704 0044 0532 0130 00");
    // Leaving the field shows its message (with JavaScript): done before the next click, which it would move.
    await iban.press("Tab");
    await page.getByLabel(t("standIn.outcomes.in_review")).check();
    await page.getByRole("button", { name: t("standIn.submit") }).click();
    await expect(page.getByText(t("standIn.errors.iban"), { exact: true })).toBeVisible();
    await expect(iban).toHaveAttribute("aria-invalid", "true");
    await expect(iban).toHaveValue("DE89 3704 0044 0532 0130 00");
    await expect(legalName).toHaveValue("Testas Testaitis");
    await expect(page.getByLabel(t("standIn.outcomes.in_review"))).toBeChecked();
    await expectAccessible(page);

    await iban.fill("LT12 1000 0111 0100 1000");
    await page.getByLabel(t("standIn.outcomes.enabled")).check();
    await page.getByRole("button", { name: t("standIn.submit") }).click();
    await expect(page).toHaveURL(/\/profile\/payouts$/);
    await expect(page.getByText(t("toasts.enabledText"))).toBeVisible();
    await expect(
      page.getByRole("region", { name: t("page.statusTitle") }).getByText(t("state.enabled"), { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(t("page.meaning.enabled"))).toBeVisible();
    await expect(page.getByRole("button", { name: t("page.actions.enabled") })).toBeVisible();
    await visitCurrent(page);

    await visit(page, "/profile");
    await expect(
      page.getByRole("region", { name: t("card.title") }).getByText(t("state.enabled"), { exact: true }),
    ).toBeVisible();
  });
}
