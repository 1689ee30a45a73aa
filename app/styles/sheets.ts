import type { LinksFunction } from "@remix-run/cloudflare";
import appSheet from "~/styles/app.css?url";
import publicSheet from "~/styles/public.css?url";

/** The stylesheet every page blocks on (root.tsx's `links`): the shell's and the public pages' classes. */
export const publicStylesheet = { rel: "stylesheet", href: publicSheet } as const;

/**
 * For routes whose pages use classes public.css does not have (signed-in areas, dashboards, admin, the listing and
 * trip forms): `export { appStylesheetLinks as links } from "~/styles/sheets";`. Through `links`, so a client-side
 * navigation to such a page waits for the sheet before it shows the page. docs/decisions/026.
 */
export const appStylesheetLinks: LinksFunction = () => [{ rel: "stylesheet", href: appSheet }];
