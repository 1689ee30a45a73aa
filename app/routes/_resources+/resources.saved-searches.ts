// POST /resources/saved-searches: keep the listing page's filters (intent=save) or forget a saved search
// (intent=delete, the user's own only). Plain forms; each redirects back with a toast.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/accounts/guards.server";
import { getT } from "~/i18n.server";
import {
  deleteSavedSearch,
  parseSavedSearchQuery,
  SavedSearchSchema,
  saveSearch,
  savedSearchName,
} from "~/search/saved-searches.server";
import { safeRedirectPath } from "~/utils/redirect";
import { redirectWithToast, type ToastInput } from "~/utils/toast.server";

export async function loader() {
  return redirect("/favorites");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: SavedSearchSchema });
  if (submission.status !== "success") {
    return redirectWithToast("/favorites", { type: "error", title: "toasts.savedSearchFailed" }, context.env);
  }
  const input = submission.value;
  if (input.intent === "delete") {
    await deleteSavedSearch(context.db, user.id, input.id);
    return redirectWithToast("/favorites", { type: "success", title: "toasts.savedSearchDeleted" }, context.env);
  }
  const parsed = parseSavedSearchQuery(input.query);
  const back = safeRedirectPath(input.query, "/cars");
  if (!parsed) return redirectWithToast(back, { type: "error", title: "toasts.savedSearchFailed" }, context.env);
  const t = await getT(request, ["cars"]);
  const outcome = await saveSearch(context.db, user.id, input.query, savedSearchName(t, parsed.scope, parsed.filters));
  const toasts: Record<typeof outcome, ToastInput> = {
    saved: { type: "success", title: "toasts.savedSearchSaved", description: "toasts.savedSearchSavedDetail" },
    "already-saved": { type: "info", title: "toasts.savedSearchExists" },
    "too-many": { type: "warning", title: "toasts.savedSearchTooMany" },
    invalid: { type: "error", title: "toasts.savedSearchFailed" },
  };
  return redirectWithToast(back, toasts[outcome], context.env);
}
