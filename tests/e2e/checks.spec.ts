// The journeys' own checks must be able to fail: an axe check that never ran, or ran on an empty document, would let
// every page pass. A page with known serious violations, served on the app's origin, must fail the check — in the
// page itself with JavaScript on, and through the snapshot page with it off.
import { expect, expectAccessible, test } from "./support";

const BROKEN = `<!doctype html><html lang="lt"><head><title>Patikra</title></head><body><main>
<h1>Patikra</h1><img src="/favicon.svg"><button></button>
<p style="color:#eee;background:#fff">Vos matomas tekstas</p></main></body></html>`;

test("the axe check fails a page with serious violations, and names them", async ({ page }) => {
  await page.route("**/__broken_page__", (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: BROKEN }),
  );
  await page.goto("/__broken_page__");
  const failure = await expectAccessible(page).then(
    () => null,
    (error: unknown) => String(error),
  );
  expect(failure).toContain("image-alt");
  expect(failure).toContain("button-name");
  expect(failure).toContain("color-contrast");
});
