// POST /resources/theme: stores the visitor's theme choice. Without JavaScript it redirects back.
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirectPath } from "~/utils/redirect";
import { isTheme } from "~/utils/theme";
import { themeHeader } from "~/utils/theme.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const value = form.get("theme");
  const setting = isTheme(value) ? value : "system";
  const headers = { "Set-Cookie": await themeHeader(setting, context.env.isProduction) };
  const redirectTo = form.get("redirectTo");
  if (typeof redirectTo === "string") return redirect(safeRedirectPath(redirectTo), { headers });
  return data({ theme: setting }, { headers });
}
