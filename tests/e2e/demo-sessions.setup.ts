// Before the journeys (playwright.config.ts's "demo sessions" project, which js and no-js depend on): each demo
// account signs in once per project, and its session cookie is kept for signInAs (support.ts), instead of a sign-in
// (a password hash on the server) in every journey that needs one.
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoSessionFile, expect, test } from "./support";

for (const email of DEMO_ACCOUNTS) {
  test(`${email} signs in once for each project`, async ({ playwright, baseURL, clientAddress }) => {
    const projects = test
      .info()
      .config.projects.filter((project) => project.dependencies.includes(test.info().project.name));
    expect(projects.length).toBeGreaterThan(0);
    for (const { name } of projects) {
      // A cookie jar of its own for each session, so none ends another (a sign-in ends the browser's previous session).
      const visitor = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "CF-Connecting-IP": clientAddress },
      });
      try {
        const response = await visitor.post("/auth/signin", {
          form: { email, password: DEMO_PASSWORD },
          maxRedirects: 0,
        });
        expect(response.status(), `sign-in as ${email}`).toBe(302);
        await visitor.storageState({ path: demoSessionFile(name, email) });
      } finally {
        await visitor.dispose();
      }
    }
  });
}
