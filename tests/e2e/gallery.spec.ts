// The car page's gallery and its full-screen viewer (part 2 §2; part 1 §2 "Image lightbox"), with JavaScript on and
// off. The car is a seeded one with several photos, read from the journeys' database.
import { expect, expectAccessible, test, visit } from "./support";
import type { Locator, Page } from "@playwright/test";

type Car = { id: string; title: string; keys: string[] };
let car: Car;

test.beforeAll(async ({ database }) => {
  const { rows } = await database.execute(
    `select c.id, c.make, c.model, c.year from cars c
     where c.status = 'approved' and c.available = 1
       and (select count(*) from car_images i where i.car_id = c.id) >= 3
     order by c.created_at, c.id limit 1`,
  );
  const row = rows[0];
  if (!row) throw new Error("the seed has no approved, available car with 3 or more photos");
  const images = await database.execute({
    sql: "select storage_key from car_images where car_id = ? order by sort_order",
    args: [String(row.id)],
  });
  car = {
    id: String(row.id),
    title: `${row.make} ${row.model} ${row.year}`,
    keys: images.rows.map((image) => String(image.storage_key)),
  };
});

const photoName = (n: number) => `${car.title} — photo ${n} of ${car.keys.length}`;
const fullUrl = (n: number) => `/images/${car.keys[n - 1]}/full.webp`;

async function openCar(page: Page) {
  await visit(page, `/car/${car.id}?lng=en`);
  return page.getByRole("region", { name: `Photos of ${car.title}` });
}

function viewerOf(page: Page) {
  const viewer = page.getByRole("dialog", { name: `Photo viewer: ${car.title}` });
  const showing = async (n: number) => {
    await expect(viewer.getByText(`${n} / ${car.keys.length}`, { exact: true })).toBeVisible();
    await expect(viewer.getByRole("img", { name: photoName(n) })).toHaveAttribute("src", fullUrl(n));
  };
  return { viewer, showing, photo: viewer.getByTestId("lightbox-stage").getByRole("img") };
}

/** The photo the strip rests on (1-based), or 0 while it is between two. */
function stripAt(page: Page) {
  return page.locator("#photo-1").evaluate((slide) => {
    const strip = slide.parentElement!;
    const at = strip.scrollLeft / strip.clientWidth;
    return Math.abs(at - Math.round(at)) < 0.01 ? Math.round(at) + 1 : 0;
  });
}

async function transformOf(image: Locator) {
  return image.evaluate((element) => (element as HTMLElement).style.transform);
}

// The viewer needs JavaScript: the js project only (playwright.config.ts).
test.describe("with JavaScript", { tag: "@js-only" }, () => {
  test("the arrows scroll the strip without leaving the page; thumbnails and focus follow", async ({ page }) => {
    const total = car.keys.length;
    const gallery = await openCar(page);
    // Only the photo in view is exposed, so there is one pair of arrows to find.
    await gallery.getByRole("link", { name: "Next photo" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => stripAt(page)).toBe(2);
    await expect(gallery.getByRole("link", { name: `Photo 2 of ${total}`, exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(gallery.getByRole("link", { name: "Next photo" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect.poll(() => stripAt(page)).toBe(3);
    await gallery.getByRole("link", { name: `Photo 1 of ${total}`, exact: true }).click();
    await expect.poll(() => stripAt(page)).toBe(1);
    await gallery.getByRole("link", { name: "Previous photo" }).click();
    await expect.poll(() => stripAt(page)).toBe(total);
    await expect(gallery.getByRole("link", { name: photoName(total) })).toBeVisible();
    expect(new URL(page.url()).hash).toBe("");
  });

  test("the main photo opens the viewer; arrows, thumbnails and keys page around; focus comes back", async ({
    page,
  }) => {
    const total = car.keys.length;
    const gallery = await openCar(page);
    await gallery.getByRole("link", { name: photoName(1) }).click();
    const { viewer, showing } = viewerOf(page);
    await expect(viewer).toBeVisible();
    await showing(1);
    await expect(viewer.getByRole("button", { name: "Close" })).toBeFocused();
    await expectAccessible(page);

    await viewer.getByRole("button", { name: "Previous photo" }).click();
    await showing(total);
    await viewer.getByRole("button", { name: "Next photo" }).click();
    await showing(1);
    await viewer.getByRole("button", { name: `Photo 3 of ${total}`, exact: true }).click();
    await showing(3);
    await expect(viewer.getByRole("button", { name: `Photo 3 of ${total}`, exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await page.keyboard.press("ArrowRight");
    await showing((3 % total) + 1);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await showing(2);

    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    // Back on the photo the viewer ended on, which the strip now shows.
    await expect(gallery.getByRole("link", { name: photoName(2) })).toBeFocused();
    await expect(gallery.getByRole("link", { name: photoName(2) })).toBeInViewport();
  });

  test("zoom stays between 50 % and 300 %; turns reset with the photo; the close button returns focus", async ({
    page,
  }) => {
    const gallery = await openCar(page);
    const opener = gallery.getByRole("button", { name: "Open full screen" });
    await opener.click();
    const { viewer, showing, photo } = viewerOf(page);
    await showing(1);
    const zoom = viewer.getByTestId("lightbox-zoom");
    const zoomIn = viewer.getByRole("button", { name: "Zoom in" });
    const zoomOut = viewer.getByRole("button", { name: "Zoom out" });
    await expect(zoom).toHaveText("100%");

    for (const level of ["150%", "200%", "250%", "300%"]) {
      await zoomIn.click();
      await expect(zoom).toHaveText(level);
    }
    await expect(zoomIn).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("+");
    await expect(zoom).toHaveText("300%");
    for (const level of ["250%", "200%", "150%", "100%", "50%"]) {
      await page.keyboard.press("-");
      await expect(zoom).toHaveText(level);
    }
    await expect(zoomOut).toHaveAttribute("aria-disabled", "true");
    // A disabled control that still holds focus: a click does nothing.
    await zoomOut.click({ force: true });
    await expect(zoom).toHaveText("50%");

    await page.keyboard.press("r");
    expect(await transformOf(photo)).toContain("rotate(90deg)");
    await viewer.getByRole("button", { name: "Rotate 90°" }).click();
    expect(await transformOf(photo)).toContain("rotate(180deg)");
    await page.keyboard.press("+");
    await page.keyboard.press("+");
    await expect(zoom).toHaveText("150%");

    await page.keyboard.press("ArrowRight");
    await showing(2);
    await expect(zoom).toHaveText("100%");
    expect(await transformOf(photo)).toContain("rotate(0deg) scale(1)");

    const download = viewer.getByRole("link", { name: "Download photo" });
    await expect(download).toHaveAttribute("href", fullUrl(2));
    await expect(download).toHaveAttribute("download", /-2\.webp$/);

    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("share copies the page's link and says so for 3 seconds", async ({ page }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const gallery = await openCar(page);
    await gallery.getByRole("button", { name: "Open full screen" }).click();
    const { viewer } = viewerOf(page);
    await viewer.getByRole("button", { name: "Share link" }).click();
    const copied = viewer.getByRole("status").getByText("Link copied to clipboard!");
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    const shownAt = Date.now();
    await expect(copied).toBeHidden({ timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2500);
  });

  test.describe("on a touch screen", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("a swipe changes the photo, a pinch zooms within the limits, a drag pans the zoomed photo", async ({
      page,
    }) => {
      const total = car.keys.length;
      const gallery = await openCar(page);
      await gallery.getByRole("link", { name: photoName(1) }).tap();
      const { viewer, showing, photo } = viewerOf(page);
      await showing(1);
      const zoom = viewer.getByTestId("lightbox-zoom");
      const stage = (await viewer.getByTestId("lightbox-stage").boundingBox())!;
      const x = stage.x + stage.width / 2;
      const y = stage.y + stage.height / 2;
      const touch = await page.context().newCDPSession(page);
      const fingers = async (type: "touchStart" | "touchMove" | "touchEnd", points: [number, number][]) =>
        touch.send("Input.dispatchTouchEvent", {
          type,
          touchPoints: points.map(([px, py], id) => ({ x: px, y: py, id })),
        });
      async function drag(from: [number, number][], to: [number, number][]) {
        await fingers("touchStart", from);
        for (let step = 1; step <= 5; step += 1) {
          await fingers(
            "touchMove",
            from.map(([fx, fy], i) => [fx + ((to[i]![0] - fx) * step) / 5, fy + ((to[i]![1] - fy) * step) / 5]),
          );
        }
        await fingers("touchEnd", []);
      }

      await drag([[x + 80, y]], [[x - 80, y]]);
      await showing(2);
      await drag([[x - 80, y]], [[x + 80, y]]);
      await showing(1);
      await drag([[x + 80, y]], [[x - 80, y]]);
      await drag([[x - 80, y]], [[x + 80, y]]);
      await drag([[x - 80, y]], [[x + 80, y]]);
      await showing(total);
      // Mostly up and down, or too short: no swipe.
      await drag([[x, y - 100]], [[x + 60, y + 100]]);
      await drag([[x, y]], [[x + 40, y]]);
      await showing(total);

      await drag(
        [
          [x - 40, y],
          [x + 40, y],
        ],
        [
          [x - 80, y],
          [x + 80, y],
        ],
      );
      await expect(zoom).toHaveText("200%");
      await drag(
        [
          [x - 20, y],
          [x + 20, y],
        ],
        [
          [x - 180, y],
          [x + 180, y],
        ],
      );
      await expect(zoom).toHaveText("300%");
      const before = await transformOf(photo);
      await drag([[x, y]], [[x - 60, y + 30]]);
      await showing(total);
      expect(await transformOf(photo)).not.toBe(before);
      expect(await transformOf(photo)).toContain("translate(-60px, 30px)");
      await drag(
        [
          [x, y - 150],
          [x, y + 150],
        ],
        [
          [x, y - 5],
          [x, y + 5],
        ],
      );
      await expect(zoom).toHaveText("50%");
    });
  });
});

test.describe("without JavaScript", { tag: "@no-js-only" }, () => {
  test("the main photo shows, the arrows and thumbnails move along, and every photo links to its full size", async ({
    page,
  }) => {
    const total = car.keys.length;
    const gallery = await openCar(page);
    const main = gallery.getByRole("img", { name: photoName(1) });
    await expect(main).toBeInViewport();
    expect(await main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(gallery.getByRole("button", { name: "Open full screen" })).toHaveCount(0);

    for (let n = 1; n <= total; n += 1) {
      await expect(gallery.getByRole("link", { name: photoName(n) })).toHaveAttribute("href", fullUrl(n));
      const response = await page.request.get(fullUrl(n));
      expect(response.status(), fullUrl(n)).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/webp");
    }

    await page.locator("#photo-1").getByRole("link", { name: "Next photo" }).click();
    await expect(page).toHaveURL(/#photo-2$/);
    await expect.poll(() => stripAt(page)).toBe(2);
    await expect(page.locator("#photo-2 img")).toBeInViewport({ ratio: 0.5 });
    await page.locator("#photo-2").getByRole("link", { name: "Previous photo" }).click();
    await expect.poll(() => stripAt(page)).toBe(1);
    await page.locator("#photo-1").getByRole("link", { name: "Previous photo" }).click();
    await expect.poll(() => stripAt(page)).toBe(total);
    await gallery.getByRole("link", { name: `Photo 3 of ${total}`, exact: true }).click();
    await expect.poll(() => stripAt(page)).toBe(3);

    await gallery.getByRole("link", { name: photoName(3) }).click();
    await expect(page).toHaveURL(new RegExp(`${fullUrl(3).replace(/[.]/g, "\\.")}$`));
  });
});
