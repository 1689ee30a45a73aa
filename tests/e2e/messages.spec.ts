// Messages with JavaScript on and off: a new user contacts an owner from the car page (a bad submission first),
// the owner finds the conversation in the inbox with its unread badge, opens it and replies; the sender sees the
// reply and the read mark on their own message. Two browser contexts: the sender's (`page`) and the owner's.
import { createClient } from "@libsql/client";
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, javaScriptOn, registerAndSignIn, test, visit } from "./support";

async function hostCar() {
  const db = createClient({ url: `http://127.0.0.1:${process.env.E2E_LIBSQL_PORT ?? "8098"}` });
  try {
    const cars = await db.execute(`
      select c.id from cars c join users u on u.id = c.owner_id
      where u.email = 'host@demo.lt' and c.status = 'approved' and c.available = 1 and c.listing_type <> 'sale'`);
    return String(cars.rows[Math.floor(Math.random() * cars.rows.length)]!.id);
  } finally {
    db.close();
  }
}

async function signInAs(page: Page, email: string) {
  const response = await page.request.post("/auth/signin", {
    form: { email, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

test("contact owner → the owner reads and replies → the sender sees the reply and the read mark", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const carId = await hostCar();
  await registerAndSignIn(page);
  // Both projects run at once against one database, and the owner is the same demo host: the words are unique.
  const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const subject = `Klausimas ${token}`;
  const question = `Laba diena, ar automobilis laisvas gruodžio pradžioje? (${token})`;
  const answer = `Sveiki! Taip, laisvas. (${token})`;

  await visit(page, `/car/${carId}`);
  await page.getByRole("link", { name: "Susisiekti su savininku" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Susisiekti su savininku" })).toBeVisible();
  await visit(page, page.url());

  await page.getByLabel("Tema").fill(subject);
  if (javaScriptOn(test.info().project.name)) {
    // With JavaScript, Send waits for a message.
    await expect(page.getByRole("button", { name: "Siųsti" })).toBeDisabled();
  } else {
    // Without it, an empty message is refused next to the field, and the subject typed stays.
    await page.getByRole("button", { name: "Siųsti" }).click();
    await expect(page.getByText("Žinutė negali būti tuščia")).toBeVisible();
    await expect(page.getByLabel("Tema")).toHaveValue(subject);
    await expect(page.getByLabel("Žinutė", { exact: true })).toHaveAttribute("aria-invalid", "true");
  }

  await page.getByLabel("Žinutė", { exact: true }).fill(question);
  await page.getByRole("button", { name: "Siųsti" }).click();
  await expect(page.getByRole("heading", { name: "Žinutė išsiųsta" })).toBeVisible();
  await visit(page, page.url());
  await page.getByRole("link", { name: "Peržiūrėti žinutes" }).click();
  const thread = page.getByRole("list", { name: "Žinutės" });
  await expect(thread.getByText(question)).toBeVisible();
  await expect(thread.getByText("Išsiųsta", { exact: true })).toBeAttached();
  const threadUrl = page.url();
  await visit(page, threadUrl);

  // The owner, in a browser of their own.
  const hostContext = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const host = await hostContext.newPage();
  try {
    await signInAs(host, "host@demo.lt");
    await visit(host, "/messages");
    const entry = host.getByRole("link").filter({ hasText: token });
    await expect(entry.getByText("1 neperskaityta")).toBeAttached();
    await entry.click();
    await expect(host.getByRole("heading", { name: subject })).toHaveCount(0); // the subject is in the bubble
    const hostThread = host.getByRole("list", { name: "Žinutės" });
    await expect(hostThread.getByText(subject)).toBeVisible();
    await visit(host, host.url());
    // Opened: the badge is gone.
    await expect(host.getByRole("link").filter({ hasText: token }).getByText("1 neperskaityta")).toHaveCount(0);
    await host.getByLabel("Atsakymas").fill(answer);
    await host.getByRole("button", { name: "Siųsti" }).click();
    await expect(hostThread.getByText(answer)).toBeVisible();
    await expect(host.getByLabel("Atsakymas")).toHaveValue("");
  } finally {
    await hostContext.close();
  }

  // The sender sees the reply, and their own message marked read.
  await visit(page, threadUrl);
  await expect(thread.getByText(answer)).toBeVisible();
  await expect(thread.getByText("Perskaityta", { exact: true })).toBeAttached();
});

test("/messages asks guests to sign in, and a stranger cannot open someone else's conversation", async ({ page }) => {
  await visit(page, "/messages", { status: 401 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await registerAndSignIn(page);
  await visit(page, "/messages");
  await expect(page.getByRole("heading", { name: "Žinučių dar nėra" })).toBeVisible();
  const db = createClient({ url: `http://127.0.0.1:${process.env.E2E_LIBSQL_PORT ?? "8098"}` });
  try {
    // The demo data's conversations are between demo people, never this new user.
    const rows = await db.execute("select id from conversations limit 1");
    expect(rows.rows).toHaveLength(1);
    await visit(page, `/messages/${String(rows.rows[0]!.id)}`, { status: 403 });
  } finally {
    db.close();
  }
});

test("a public profile's Send Message: a blank message cannot be sent", async ({ page }, testInfo) => {
  const db = createClient({ url: `http://127.0.0.1:${process.env.E2E_LIBSQL_PORT ?? "8098"}` });
  const host = await db.execute("select id from users where email = 'host@demo.lt'").finally(() => db.close());
  await registerAndSignIn(page);
  await visit(page, `/profile/${String(host.rows[0]!.id)}/message`);
  const dialog = page.getByRole("dialog", { name: "Siųsti žinutę" });
  const box = dialog.getByLabel("Žinutė", { exact: true });
  const send = dialog.getByRole("button", { name: "Siųsti žinutę" });
  await box.fill("   ");
  if (javaScriptOn(testInfo.project.name)) {
    // Blank or only spaces: Send waits for a message.
    await expect(send).toBeDisabled();
    await box.fill("Laba diena, ar automobilis laisvas savaitgalį?");
    await expect(send).toBeEnabled();
    await box.fill("");
    await expect(send).toBeDisabled();
  } else {
    // Without JavaScript the server refuses it, next to the box.
    await send.click();
    await expect(
      page.getByRole("dialog", { name: "Siųsti žinutę" }).getByLabel("Žinutė", { exact: true }),
    ).toHaveAccessibleDescription(/Žinutė negali būti tuščia/);
  }
});

// Live delivery needs JavaScript: the js project only (playwright.config.ts).
test(
  "a message sent in one browser appears in the other's open thread without a reload",
  { tag: "@js-only" },
  async ({ page, browser }) => {
    test.setTimeout(90_000);
    const carId = await hostCar();
    await registerAndSignIn(page);
    const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const response = await page.request.post(`/car/${carId}/contact`, {
      form: { type: "general", content: `Pirmoji žinutė ${token}` },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    const conversationId = new URL(response.headers().location!, "http://x").searchParams.get("sent")!;

    // What the room sends the page: proof the news came by the socket, not by the 3-second fallback poll.
    const frames: string[] = [];
    page.on("websocket", (socket) => socket.on("framereceived", (frame) => frames.push(String(frame.payload))));
    await visit(page, `/messages/${conversationId}`);
    const thread = page.getByRole("list", { name: "Žinutės" });
    await expect(thread.getByText(`Pirmoji žinutė ${token}`)).toBeVisible();
    // The page's socket is in its room before the other side writes.
    await page.waitForTimeout(1000);

    const hostContext = await browser.newContext();
    const host = await hostContext.newPage();
    try {
      await signInAs(host, "host@demo.lt");
      await host.goto(`/messages/${conversationId}`);
      await host.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await host.getByLabel("Atsakymas").fill(`Gyvai ${token}`);
      await host.getByRole("button", { name: "Siųsti" }).click();
      // In the renter's page, with no reload: within 2 seconds.
      await expect(thread.getByText(`Gyvai ${token}`)).toBeVisible({ timeout: 2000 });
      expect(frames.some((frame) => frame.includes(conversationId) && frame.includes('"type":"message"'))).toBe(true);
      // The renter is looking at it, so it is read; the host's thread shows the read mark after its next load.
      await host.reload();
      await expect(
        host.getByRole("list", { name: "Žinutės" }).getByText("Perskaityta", { exact: true }),
      ).toBeAttached();

      // Elsewhere on the site, the header's count moves and a toast links to the conversation, without a reload.
      await visit(page, "/about");
      await expect(page.getByTestId("unread-messages-badge")).toHaveCount(0);
      await page.waitForTimeout(1000);
      await host.getByLabel("Atsakymas").fill(`Dar viena ${token}`);
      await host.getByRole("button", { name: "Siųsti" }).click();
      await expect(page.getByTestId("unread-messages-badge")).toHaveText("1", { timeout: 2000 });
      await expect(page.getByRole("link", { name: "Žinutės, 1 neperskaityta" })).toBeVisible();
      const toast = page.getByRole("status").getByRole("link", { name: "Nauja žinutė" });
      await expect(toast).toHaveAttribute("href", `/messages/${conversationId}`);
    } finally {
      await hostContext.close();
    }
  },
);
