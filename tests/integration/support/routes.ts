// Calling a route's loader or action as Remix does, and reading what came back: a `data()` result, a Response
// (redirects), or something thrown (guards throw 401/403/404 and redirects).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { takeToast } from "~/utils/toast.server";

export const ORIGIN = "http://ratai.test";

type RouteFunction = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string | undefined>;
}) => unknown;

export interface RouteResult<T = unknown> {
  status: number;
  data: T;
  headers: Headers;
  location: string | null;
  thrown: boolean;
}

function isDataWithInit(value: unknown): value is { type: string; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

async function read(value: unknown, thrown: boolean): Promise<RouteResult> {
  if (value instanceof Response) {
    const text = await value.clone().text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: value.status, data, headers: value.headers, location: value.headers.get("Location"), thrown };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, data: value.data, headers, location: headers.get("Location"), thrown };
  }
  return { status: 200, data: value, headers: new Headers(), location: null, thrown };
}

export async function callRoute<T = unknown>(
  fn: RouteFunction,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string | undefined> = {},
): Promise<RouteResult<T>> {
  try {
    return (await read(await fn({ request, context, params }), false)) as RouteResult<T>;
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return (await read(error, true)) as RouteResult<T>;
    throw error;
  }
}

export function getRequest(path: string, options: { cookie?: string; ip?: string } = {}) {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.ip) headers.set("CF-Connecting-IP", options.ip);
  return new Request(new URL(path, ORIGIN), { headers });
}

/** A form POST as a browser sends it from our own page. */
export function formRequest(
  path: string,
  fields: Record<string, string | string[]>,
  options: { cookie?: string; ip?: string } = {},
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN });
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.ip) headers.set("CF-Connecting-IP", options.ip);
  return new Request(new URL(path, ORIGIN), { method: "POST", headers, body });
}

/** The cookies a response sets, as a Cookie header for the next request (name=value pairs, cleared ones dropped). */
export function cookieFrom(headers: Headers, previous = ""): string {
  const jar = new Map(
    previous
      .split(";")
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)] as const),
  );
  for (const header of headers.getSetCookie()) {
    const [pair = "", ...attributes] = header.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar.entries()].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** The toast a response's Set-Cookie carries to the next page, as that page reads it. */
export async function toastOf(headers: Headers, env: AppLoadContext["env"]) {
  return (await takeToast(getRequest("/", { cookie: cookieFrom(headers) }), env)).toast;
}
