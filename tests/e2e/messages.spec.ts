// Messages with JavaScript on and off: a new user contacts an owner from the car page (a bad submission first),
// the owner finds the conversation in the inbox with its unread badge, opens it and replies; the sender sees the
// reply and the read mark on their own message. Two browser contexts: the sender's (`page`) and the owner's.
import type { Client } from "@libsql/client";
import type { Page } from "@playwright/test";
import { expect, javaScriptOn, registerAndSignIn, signInAs, test, visit, visitCurrent } from "./support";

/** The demo host's first rentable car: each journey writes as a new person, so theirs are separate conversations. */
async function hostCar(database: Client) {
  const cars = await database.execute(`
    select c.id from cars c join users u on u.id = c.owner_id
    where u.email = 'host@demo.lt' and c.status = 'approved' and c.available = 1 and c.listing_type <> 'sale'
    order by c.created_at, c.id limit 1`);
  return String(cars.rows[0]!.id);
}

/**
 * Watches for the page's socket to the live room named `room` (or, ending in "-", to any room of that kind): once
 * it is let in, news the room broadcasts reaches the page. PartyKit answers the socket's handshake (101) only after
 * the room's onConnect has admitted it (party/conversation.ts), so the answer is the moment. Start before the page
 * loads; `joined()` waits for it.
 */
async function watchRoom(page: Page, room: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const rooms = new Map<string, string>();
  let open = false;
  cdp.on("Network.webSocketCreated", ({ requestId, url }) => {
    rooms.set(requestId, new URL(url).pathname.split("/").pop()!);
  });
  cdp.on("Network.webSocketHandshakeResponseReceived", ({ requestId, response }) => {
    const name = rooms.get(requestId) ?? "";
    if (response.status === 101 && (room.endsWith("-") ? name.startsWith(room) : name === room)) open = true;
  });
  return {
    joined: async () => {
      await expect.poll(() => open, { message: `the page's socket is in ${room}` }).toBe(true);
      await cdp.detach();
    },
  };
}

test("contact owner → the owner reads and replies → the sender sees the reply and the read mark", async ({
  page,
  browser,
  database,
}) => {
  const carId = await hostCar(database);
  await registerAndSignIn(page);
  // Both projects run at once against one database, and the owner is the same demo host: the words are unique.
  const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const subject = `Klausimas ${token}`;
  const question = `Laba diena, ar automobilis laisvas gruodžio pradžioje? (${token})`;
  const answer = `Sveiki! Taip, laisvas. (${token})`;

  await visit(page, `/car/${carId}`);
  await page.getByRole("link", { name: "Susisiekti su savininku" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Susisiekti su savininku" })).toBeVisible();
  await visitCurrent(page);

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
  await visitCurrent(page);
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
    await visitCurrent(host);
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

test("/messages asks guests to sign in, and a stranger cannot open someone else's conversation", async ({
  page,
  database,
}) => {
  await visit(page, "/messages", { status: 401 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await registerAndSignIn(page);
  await visit(page, "/messages");
  await expect(page.getByRole("heading", { name: "Žinučių dar nėra" })).toBeVisible();
  // The demo data's conversations are between demo people, never this new user.
  const rows = await database.execute("select id from conversations limit 1");
  expect(rows.rows).toHaveLength(1);
  await visit(page, `/messages/${String(rows.rows[0]!.id)}`, { status: 403 });
});

test("a public profile's Send Message: a blank message cannot be sent", async ({ page, database }, testInfo) => {
  const host = await database.execute("select id from users where email = 'host@demo.lt'");
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
  async ({ page, browser, database }) => {
    const carId = await hostCar(database);
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
    const conversationRoom = await watchRoom(page, `conversation-${conversationId}`);
    await visit(page, `/messages/${conversationId}`);
    const thread = page.getByRole("list", { name: "Žinutės" });
    await expect(thread.getByText(`Pirmoji žinutė ${token}`)).toBeVisible();
    // The page's socket is in its room before the other side writes.
    await conversationRoom.joined();

    const hostContext = await browser.newContext();
    const host = await hostContext.newPage();
    try {
      await signInAs(host, "host@demo.lt");
      await host.goto(`/messages/${conversationId}`);
      await host.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await host.getByLabel("Atsakymas").fill(`Gyvai ${token}`);
      await host.getByRole("button", { name: "Siųsti" }).click();
      // In the renter's page, with no reload, by the socket (the frames below prove which way it came): before the
      // 3-second fallback poll could have brought it. (2 s was missed once on a CI machine whose 2 cores were full.)
      await expect(thread.getByText(`Gyvai ${token}`)).toBeVisible({ timeout: 2900 });
      expect(frames.some((frame) => frame.includes(conversationId) && frame.includes('"type":"message"'))).toBe(true);
      // The renter is looking at it, so it is read; the host's thread shows the read mark after its next load.
      await host.reload();
      await expect(
        host.getByRole("list", { name: "Žinutės" }).getByText("Perskaityta", { exact: true }),
      ).toBeAttached();

      // Elsewhere on the site, the header's count moves and a toast links to the conversation, without a reload.
      const ownRoom = await watchRoom(page, "user-");
      await visit(page, "/about");
      await expect(page.getByTestId("unread-messages-badge")).toHaveCount(0);
      await ownRoom.joined();
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
