import type { LinksFunction } from "@remix-run/cloudflare";
import appSheet from "~/styles/app.css?url";

// root.tsx links public.css itself: a module both it and these routes imported would be a chunk of its own, one more
// request on every page.

/**
 * For routes whose pages use classes public.css does not have (signed-in areas, dashboards, admin, the listing and
 * trip forms): `export { appStylesheetLinks as links } from "~/styles/sheets";`. Through `links`, so a client-side
 * navigation to such a page waits for the sheet before it shows the page. docs/decisions/026.
 */
export const appStylesheetLinks: LinksFunction = () => [{ rel: "stylesheet", href: appSheet }];
