// The theme the visitor chose, in a cookie so the server renders it with no flash. No cookie: follow the system.
// Also the toggle's form (POST /resources/theme).
import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";
import { isTheme, type ThemeSetting } from "~/utils/theme";

const themeCookie = createCookie("theme", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

export async function getTheme(request: Request): Promise<ThemeSetting> {
  const value: unknown = await themeCookie.parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : "system";
}

export async function themeHeader(setting: ThemeSetting, secure: boolean): Promise<string> {
  return setting === "system"
    ? themeCookie.serialize("", { maxAge: 0, secure })
    : themeCookie.serialize(setting, { secure });
}

/** The header's toggle: one of its three values (anything else is a tampered form), and the page to go back to. */
export const ThemeChoiceSchema = z.object({
  theme: z.enum(["light", "dark", "system"]),
  redirectTo: z.string().optional(),
});
