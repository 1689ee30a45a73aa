// Toasts travel in a short-lived signed cookie across a redirect, so they work without JavaScript.
// They hold translation keys (and values), rendered in the reader's language.
import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";

const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "warning", "info"]),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = Omit<Toast, "id"> & { id?: string };

type Env = AppLoadContext["env"];

function toastCookie(env: Env) {
  return createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    secrets: env.sessionSecrets,
    maxAge: 60,
  });
}

export async function toastHeader(env: Env, toast: ToastInput): Promise<string> {
  return toastCookie(env).serialize({ ...toast, id: toast.id ?? crypto.randomUUID() });
}

export async function redirectWithToast(url: string, toast: ToastInput, env: Env, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(env, toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it (it shows once). */
export async function takeToast(request: Request, env: Env): Promise<{ toast: Toast | null; clear: string | null }> {
  const cookie = toastCookie(env);
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (value == null) return { toast: null, clear: null };
  const parsed = ToastSchema.safeParse(value);
  return { toast: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}
