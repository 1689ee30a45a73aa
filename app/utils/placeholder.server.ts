// The loader of a page a later issue builds: its title in the reader's language, behind the access rule the
// finished page will have (so the route table's permissions hold from day one).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireAdmin, requireUser } from "~/accounts/guards.server";
import { getT } from "~/i18n.server";

export type PlaceholderAccess = "public" | "user" | "admin";

export async function placeholderData(
  request: Request,
  context: AppLoadContext,
  page: string,
  access: PlaceholderAccess = "public",
) {
  if (access === "user") await requireUser(request, context);
  if (access === "admin") await requireAdmin(request, context);
  const t = await getT(request, "pages");
  return { title: t(`titles.${page}`) };
}
