// The trip page past its return deadline, rendered as the Worker renders it (Remix's handler over the real root,
// the trip route and entry.server) at a fixed moment: the page's clock is the request's `new Date()`, and a journey
// in real time cannot stand between end + 24 h and end + 48 h whatever the hour, so the moment is set here. Both
// parties read, in both languages, that the clock has stopped at the deadline, until when the check-out stays open,
// and what its form now records.
import { createRequestHandler } from "@remix-run/cloudflare";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tripTimes } from "~/bookings/trip-rules";
import * as trip from "~/routes/_bookings+/bookings_.$bookingId";
import { formatDateTime } from "~/utils/format";
import en from "~/locales/en/trips.json";
import lt from "~/locales/lt/trips.json";
import { createTestContext, type TestContext } from "./support/context";
import { sessionCookieFor } from "./support/factories";
import { ORIGIN } from "./support/routes";
import { createActiveTrip } from "./support/trips";
import { testServerBuild } from "./support/server-build";

// workerd's react-dom/server is the web streams build; Node's default has no renderToReadableStream.
vi.mock("react-dom/server", () => import("react-dom/server.browser" as string));
// The production build renders with the lite i18next and react-i18next (vite.config.ts's alias; vitest has none).
vi.mock("i18next", () => import("~/i18n/lite/i18next"));
vi.mock("react-i18next", () => import("~/i18n/lite/react-i18next"));

const HOUR = 3_600_000;
const TRIP = { startDate: "2026-11-24", endDate: "2026-11-27" };
const { end } = tripTimes(TRIP);
const TEXTS = { en, lt };

let ctx: TestContext;
beforeEach(async () => {
  // Only Date: the database client's timers stay real.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(end + 30 * HOUR);
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
  vi.useRealTimers();
});

/** The text as the page writes it: entities for quotes and apostrophes. */
const html = (text: string) => text.replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

describe("the trip page between the return deadline and the job's completion", () => {
  it("tells both parties, in both languages, that the clock stopped and until when the check-out is open", async () => {
    const { id, host, renter } = await createActiveTrip(ctx, TRIP);
    const handle = createRequestHandler(
      testServerBuild({ trip: { module: trip, path: "bookings/:bookingId", hasAction: true } }),
    );

    for (const user of [host, renter]) {
      const cookie = await sessionCookieFor(ctx, user.id);
      for (const language of ["en", "lt"] as const) {
        const response = await handle(
          new Request(`${ORIGIN}/bookings/${id}?lng=${language}`, { headers: { Cookie: cookie } }),
          ctx.context,
        );
        expect(response.status).toBe(200);
        const page = await response.text();
        const t = TEXTS[language];
        const when = (at: number) => formatDateTime(at, language);
        expect(page).toContain(html(fill(t.clock.overdueTitle, { end: when(end) })));
        expect(page).toContain(
          html(fill(t.clock.overdue, { deadline: when(end + 24 * HOUR), completes: when(end + 48 * HOUR) })),
        );
        // The check-out form is still there, and says what a record made now does.
        expect(page).toContain(html(t.form.title_check_out));
        expect(page).toContain(
          html(fill(t.clock.formAfterDeadline, { deadline: when(end + 24 * HOUR), claimUntil: when(end + 48 * HOUR) })),
        );
        expect(page).not.toContain(html(t.form.intro_check_out));
        // The deposit: held, and the claim window closes at end + 48 h at the latest.
        expect(page).toContain(html(fill(t.deposit.heldTrip, { time: when(end + 48 * HOUR) })));
      }
    }
  });
});
