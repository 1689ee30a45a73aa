export type Theme = "light" | "dark";
export type ThemeSetting = Theme | "system";

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}
