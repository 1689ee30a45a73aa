// The bell: with JavaScript a panel over the page (filters, mark all as read, Escape and the backdrop close it, a
// line opens what it is about); without, the same on /notifications.
import type { Client } from "@libsql/client";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, javaScriptOn, registerAndSignIn, test, visit, visitCurrent } from "./support";

/** Two unread notifications for a new person: a confirmed booking and a message. */
async function withNotifications(page: Page, database: Client) {
  const { email } = await registerAndSignIn(page);
  const user = await database.execute({ sql: "select id from users where email = ?", args: [email] });
  const userId = String(user.rows[0]!.id);
  const now = Date.now();
  for (const [type, data, ago] of [
    ["booking_confirmed", { car_make: "Porsche", car_model: "911" }, 2 * 3_600_000],
    ["new_message", { preview: "Ar dar laisva?", count: 1 }, 60_000],
  ] as const) {
    await database.execute({
      sql: "insert into notifications (id, user_id, type, data, read, created_at) values (?, ?, ?, ?, 0, ?)",
      args: [crypto.randomUUID(), userId, type, JSON.stringify(data), now - ago],
    });
  }
}

test("the bell: filters, mark all as read, and a line opens what it is about", async ({ page, database }) => {
  await withNotifications(page, database);
  await visit(page, "/about");
  const bell = page.getByRole("link", { name: "Pranešimai, 2 neskaityti" });
  await expect(bell).toBeVisible();

  if (javaScriptOn(test.info().project.name)) {
    await bell.click();
    const panel = page.getByRole("dialog", { name: "Pranešimai" });
    await expect(panel.getByText("Jūsų užsakymas patvirtintas: Porsche 911")).toBeVisible();
    await expect(panel.getByText("prieš 2 val.")).toBeVisible();
    await expect(panel.getByText("Ką tik")).toBeVisible();
    await expectAccessible(page);
    await panel.getByRole("button", { name: "Užsakymai" }).click();
    await expect(panel.getByText("Nauja žinutė: Ar dar laisva?")).toHaveCount(0);
    await expect(panel.getByText("Jūsų užsakymas patvirtintas: Porsche 911")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);

    await bell.click();
    await panel.getByRole("button", { name: "Pažymėti visus kaip skaitytus" }).click();
    await expect(page.getByRole("link", { name: "Pranešimai", exact: true })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Pažymėti visus kaip skaitytus" })).toHaveCount(0);
    // The backdrop closes it too.
    await page.mouse.click(10, 400);
    await expect(panel).toHaveCount(0);
    await page.getByRole("link", { name: "Pranešimai", exact: true }).click();
    await panel.getByRole("button", { name: /Nauja žinutė/ }).click();
    await expect(page).toHaveURL(/\/messages$/);
  } else {
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await visitCurrent(page);
    await page.getByRole("link", { name: "Užsakymai" }).click();
    await expect(page.getByText("Nauja žinutė: Ar dar laisva?")).toHaveCount(0);
    await expect(page.getByText("Jūsų užsakymas patvirtintas: Porsche 911")).toBeVisible();
    await page.getByRole("button", { name: "Pažymėti visus kaip skaitytus" }).click();
    await expect(page.getByRole("link", { name: "Pranešimai", exact: true })).toBeVisible();
    await page.getByRole("button", { name: /Jūsų užsakymas patvirtintas/ }).click();
    await expect(page).toHaveURL(/\/bookings$/);
  }
});
