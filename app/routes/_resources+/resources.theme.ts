// POST /resources/theme: stores the visitor's theme choice. Without JavaScript it redirects back.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirectPath } from "~/utils/redirect";
import { ThemeChoiceSchema, themeHeader } from "~/utils/theme.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ThemeChoiceSchema });
  // A tampered form is refused without touching the cookie.
  if (submission.status !== "success") return Response.json({ error: "errors.badRequest" }, { status: 400 });
  const { theme: setting, redirectTo } = submission.value;
  const headers = { "Set-Cookie": await themeHeader(setting, context.env.isProduction) };
  if (redirectTo !== undefined) return redirect(safeRedirectPath(redirectTo), { headers });
  // A real Response: from a route without a component, `data()` would drop the cookie and the status.
  return Response.json({ theme: setting }, { headers });
}
