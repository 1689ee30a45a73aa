// Faults as visitors meet them, in the real runtime: the same build in workerd with its database out of reach answers
// every page and form post with 503 "Database connection not available", the hint and a Try again that reloads the
// address, in the visitor's language, inside the layout, never a stack trace. (R2, PartyKit and Stripe failures are
// tested against their code paths in tests/integration and app/realtime; decision 015.)
import { FAULT_URL } from "../../playwright.config";
import { expect, test, visit } from "./support";

test("the database out of reach: pages and form posts say so, with Try again, in the visitor's language", async ({
  page,
}) => {
  for (const path of ["/", "/rentals?category=suv", "/car/00000000-0000-0000-0000-000000000000"]) {
    const response = await visit(page, `${FAULT_URL}${path}`, { status: 503 });
    expect(response.headers()["retry-after"], path).toBe("30");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nepavyko prisijungti prie duomenų bazės");
    await expect(page.getByText("Patikrinkite ryšį ir bandykite dar kartą.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Bandyti dar kartą" })).toHaveAttribute("href", path);
    // Inside the layout (header and footer), and nothing of the error itself.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    expect(await page.content()).not.toMatch(/Failed query|DatabaseUnavailableError|at async|\.js:\d+/);
  }

  await visit(page, `${FAULT_URL}/rentals?lng=en`, { status: 503 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Database connection not available");
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Database connection not available");
  expect(new URL(page.url()).pathname).toBe("/rentals");

  // A form post (sign-in reads the database) gets the same page, not a 500.
  await visit(page, `${FAULT_URL}/auth/signin`);
  await page.getByRole("main").getByLabel("Email").fill("ona@example.lt");
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill("Saugus!Slapt4");
  await page.getByRole("main").getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Database connection not available");
});
