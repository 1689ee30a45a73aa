// POST /resources/theme: stores the visitor's theme choice. Without JavaScript it redirects back.
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirectPath } from "~/utils/redirect";
import { isTheme, type ThemeSetting } from "~/utils/theme";
import { themeHeader } from "~/utils/theme.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const value = form.get("theme");
  // Only the toggle's three values: anything else is a tampered form, refused without touching the cookie.
  if (!isTheme(value) && value !== "system") return Response.json({ error: "errors.badRequest" }, { status: 400 });
  const setting: ThemeSetting = value;
  const headers = { "Set-Cookie": await themeHeader(setting, context.env.isProduction) };
  const redirectTo = form.get("redirectTo");
  if (typeof redirectTo === "string") return redirect(safeRedirectPath(redirectTo), { headers });
  // A real Response: from a route without a component, `data()` would drop the cookie and the status.
  return Response.json({ theme: setting }, { headers });
}
