// The bad-input fuzz's tools: malformed submissions generated from a description of a form, and the messages a
// refusal carries, resolved in both languages. (The database fingerprint is support/db-fingerprint.ts.)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export type Fields = Record<string, string | string[]>;

/** A form as the fuzz sees it: a valid submission and what each field must be. */
export interface FormSpec {
  /** A submission the action accepts (or, for forms without fields, the body a browser sends). */
  base: Fields;
  /** Fields the action refuses when missing, blank or whitespace. */
  required?: string[];
  numbers?: string[];
  dates?: string[];
  enums?: string[];
  ids?: string[];
  emails?: string[];
  /** Fields with a length cap: 100,000 characters is refused. */
  capped?: string[];
  /** Free text: hostile payloads are legitimate text here, so they always travel with a broken field. */
  texts?: string[];
  /** The intent field and its valid values; `lenient` when an unknown intent falls back to a default one. */
  intent?: { field?: string; valid: string[]; lenient?: boolean };
  /** Route params that name the row: each bad value must be refused whatever the body. */
  params?: Record<string, string>;
  /** Cookie headers that must be refused (forged or unknown sessions), for actions with nothing else to break. */
  cookies?: string[];
}

export interface FuzzCase {
  name: string;
  fields: Fields;
  params: Record<string, string>;
  /** The field this case breaks: decorations leave it alone. */
  broken?: string;
  /** A Cookie header in place of the signed-in user's (a forged session). */
  cookie?: string;
}

const LONG = "x".repeat(100_000);
export const SQL = ["' OR 1=1 --", '"; DROP TABLE cars; --'];
export const MARKUP = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>"];
export const ODD_UNICODE = ["nul\u0000byte", "\u202Eesrever", "a\u200Db", "e\u0301\u0301\u0301", "🚗🔥", "\uFFFF"];
const PAYLOADS = [...SQL, ...MARKUP, ...ODD_UNICODE, LONG];

const BAD_NUMBERS = [
  "-1",
  "1e308",
  "99999999999999999999",
  "NaN",
  "Infinity",
  "-Infinity",
  "1,2,3",
  "abc",
  "0x1F",
  "５",
  "1\u0000",
  "\u202E12",
  SQL[0]!,
  MARKUP[0]!,
];
const BAD_DATES = ["2026-02-30", "0000-00-00", "9999-99-99", "yesterday", "2026-13-01", "1.1.2026", SQL[0]!];
const BAD_ENUMS = ["ADMIN", "approved' OR '1'='1", MARKUP[0]!, "\u202Eeulav", "🚗", "__proto__"];
const BAD_IDS = [
  "00000000-0000-0000-0000-000000000000",
  SQL[0]!,
  SQL[1]!,
  "../../etc/passwd",
  MARKUP[1]!,
  "\u0000",
  LONG,
];
const BAD_EMAILS = [
  "not-an-email",
  "a@",
  "@example.lt",
  `${MARKUP[0]}@x.lt`,
  `${SQL[0]}@x.lt`,
  "a@b@c.lt",
  `${LONG}@x.lt`,
];
const BAD_INTENTS = ["", "DROP TABLE", "approve; --", "__proto__", MARKUP[0]!, "Sign ", "\u202Eevas"];
/** Fields nobody's form has, that a tamperer might hope the action copies into a row. */
const EXTRA_FIELDS: Fields = {
  userId: "00000000-0000-0000-0000-000000000000",
  ownerId: "00000000-0000-0000-0000-000000000000",
  status: "approved",
  is_admin: "1",
  isAdmin: "true",
  ["__proto__"]: "polluted",
  constructor: "x",
  "prototype[admin]": "1",
};

function without(fields: Fields, name: string): Fields {
  const copy = { ...fields };
  delete copy[name];
  return copy;
}

function first(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
}

/**
 * At least `minimum` submissions that must all be refused: every "breaker" alone, then breakers carrying hostile
 * payloads in the free-text fields and extra fields.
 */
export function malformedSubmissions(spec: FormSpec, minimum = 50): FuzzCase[] {
  const params = spec.params ?? {};
  const breakers: FuzzCase[] = [];
  let broken: string | undefined;
  const add = (name: string, fields: Fields, p: Record<string, string> = params) =>
    breakers.push({ name, fields, params: p, broken });
  const set = (name: string, value: string | string[]) => {
    broken = name;
    return { ...spec.base, [name]: value };
  };

  for (const field of spec.required ?? []) {
    broken = field;
    add(`${field} missing`, without(spec.base, field));
    add(`${field} blank`, set(field, ""));
    add(`${field} whitespace`, set(field, " \t\n "));
  }
  const typed: [string[] | undefined, string[]][] = [
    [spec.numbers, BAD_NUMBERS],
    [spec.dates, BAD_DATES],
    [spec.enums, BAD_ENUMS],
    [spec.ids, BAD_IDS],
    [spec.emails, BAD_EMAILS],
  ];
  for (const [fields, values] of typed) {
    for (const field of fields ?? []) {
      for (const value of values) add(`${field}=${JSON.stringify(value.slice(0, 30))}`, set(field, value));
      // Repeated: the first value is the bad one, so an action reading one value and a schema wanting one both refuse.
      add(`${field} repeated`, set(field, [values[0]!, first(spec.base[field])]));
    }
  }
  for (const field of spec.capped ?? []) add(`${field} 100k chars`, set(field, LONG));
  if (spec.intent) {
    const field = spec.intent.field ?? "intent";
    // An action that reads an unknown intent as its default one still refuses a broken field.
    const lenient = spec.intent.lenient ? breakers[0] : undefined;
    const body = lenient?.fields ?? spec.base;
    broken = lenient?.broken ?? field;
    for (const value of BAD_INTENTS) add(`${field}=${JSON.stringify(value)}`, { ...body, [field]: value });
    add(`${field} missing`, without(body, field));
    add(`${field} repeated`, { ...body, [field]: [BAD_INTENTS[1]!, spec.intent.valid[0]!] });
  }
  broken = undefined;
  for (const param of Object.keys(params)) {
    for (const value of BAD_IDS) {
      add(`:${param}=${JSON.stringify(value.slice(0, 30))}`, spec.base, { ...params, [param]: value });
    }
  }
  for (const cookie of spec.cookies ?? []) {
    breakers.push({ name: `cookie ${JSON.stringify(cookie.slice(0, 30))}`, fields: spec.base, params, cookie });
  }
  if (breakers.length === 0) throw new Error("A form spec needs at least one field or param that can be broken");

  const cases = [...breakers];
  const texts = spec.texts ?? [];
  for (let i = 0; cases.length < minimum || i < Math.min(breakers.length, PAYLOADS.length + 1); i += 1) {
    const breaker = breakers[i % breakers.length]!;
    const payload = PAYLOADS[i % PAYLOADS.length]!;
    const fields: Fields = { ...breaker.fields };
    for (const field of texts) if (field in fields && field !== breaker.broken) fields[field] = payload;
    const extras = i % 2 === 0 ? EXTRA_FIELDS : { [`extra_${i}`]: payload };
    cases.push({
      name: `${breaker.name} + ${texts.length ? `payload ${JSON.stringify(payload.slice(0, 20))} + ` : ""}extra fields`,
      fields: { ...extras, ...fields },
      params: breaker.params,
      broken: breaker.broken,
      cookie: breaker.cookie,
    });
  }
  return cases;
}

type Tree = { [key: string]: string | Tree };
const LOCALES = join(import.meta.dirname, "../../../app/locales");
const dictionaries: Record<"lt" | "en", Record<string, Tree>> = { lt: {}, en: {} };
for (const language of ["lt", "en"] as const) {
  for (const file of readdirSync(join(LOCALES, language)).filter((f) => f.endsWith(".json"))) {
    dictionaries[language][file.replace(/\.json$/, "")] = JSON.parse(
      readFileSync(join(LOCALES, language, file), "utf8"),
    ) as Tree;
  }
}

/** The text of a translation key ("ns:a.b", or "a.b" in common) in a language, or null when it has none. */
export function translate(key: string, language: "lt" | "en"): string | null {
  const colon = key.indexOf(":");
  const namespace = colon > 0 ? key.slice(0, colon) : "common";
  const path = (colon > 0 ? key.slice(colon + 1) : key).split(".");
  let node: string | Tree | undefined = dictionaries[language][namespace];
  for (const part of path.slice(0, -1)) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "object") return null;
  const last = path.at(-1)!;
  const value = node[last] ?? node[`${last}_other`];
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** Where actions put what the user is told: conform's `error`, `issues`, `formIssue`, `error` keys and so on. */
const MESSAGE_KEYS = new Set([
  "error",
  "formError",
  "fieldError",
  "reasonError",
  "formIssue",
  "issues",
  "photoError",
  "title",
  "message",
  "description",
]);

/** What the user typed, sent back to refill the form: never a message, even in a field named "message". */
const TYPED_KEYS = new Set(["initialValue", "values", "payload", "content", "email", "reason"]);

/** The message strings in an action's answer. */
export function messagesIn(value: unknown, inside = false): string[] {
  if (typeof value === "string") return inside ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => messagesIn(v, inside));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value)
    .filter(([key]) => !TYPED_KEYS.has(key) || inside)
    .flatMap(([key, v]) => messagesIn(v, inside || MESSAGE_KEYS.has(key)));
}
