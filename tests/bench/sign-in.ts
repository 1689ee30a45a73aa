// The bench's one sign-in: the demo renter's session cookie from one POST /auth/signin over HTTP, as
// tests/e2e/demo-sessions.setup.ts makes it (no redirect followed). Only the session goes on: the sign-in's toast
// cookie would make every page render the toast again.
import { DEMO_PASSWORD } from "../../scripts/seed/demo-data";

/** The demo renter (scripts/seed/demo-data.ts): owns no car, so a car page is a visitor's; has trips. */
export const SIGNED_IN_AS = "renter@demo.lt";

/** `name=value` of the session cookie; `ip` keeps each tool's attempts under its own rate limit. */
export async function signInDemoRenter(origin: string, ip: string): Promise<string> {
  const response = await fetch(`${origin}/auth/signin`, {
    method: "POST",
    body: new URLSearchParams({ email: SIGNED_IN_AS, password: DEMO_PASSWORD }),
    headers: { Origin: origin, "CF-Connecting-IP": ip },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => /^(?:__Host-)?session=./.test(cookie));
  if (response.status !== 302 || !session) {
    throw new Error(`Signing in as ${SIGNED_IN_AS} answered ${response.status}${session ? "" : ", no session cookie"}`);
  }
  return session;
}
