// Every string goes through the translator in both languages (ARCHITECTURE rule 5): the two languages have the
// same keys, every key the code names exists, and the English texts of the spec's messages are the spec's words.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHARGE_PURPOSES, LINE_ITEM_CODES, LINE_ITEM_RECEIVERS } from "#db/enums";
import { resources } from "~/locales/resources.server";
import { MOVEMENT_KINDS } from "~/payments/money-attempts";

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part] ?? node[`${part}_other`] ?? node[`${part}_one`];
  }
  return typeof node === "string" ? node : undefined;
}

const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];
const en = resources.en as unknown as Record<string, Tree>;
const lt = resources.lt as unknown as Record<string, Tree>;

describe("translations", () => {
  it("ship the same namespaces in both languages, loaded by the server", () => {
    expect(Object.keys(resources.lt).sort()).toEqual(Object.keys(resources.en).sort());
    for (const language of ["en", "lt"]) {
      const files = readdirSync(join("app/locales", language)).map((f) => f.replace(/\.json$/, ""));
      expect(files.sort()).toEqual([...namespaces].sort());
    }
  });

  it.each(namespaces)("namespace %s has the same keys in Lithuanian and English", (ns) => {
    const base = (keys: string[]) => [...new Set(keys.map((k) => k.replace(PLURAL, "")))].sort();
    expect(base(flatten(lt[ns]!))).toEqual(base(flatten(en[ns]!)));
  });

  it("has no empty texts", () => {
    for (const [language, trees] of [
      ["en", en],
      ["lt", lt],
    ] as const) {
      for (const ns of namespaces) {
        for (const key of flatten(trees[ns]!)) {
          expect(lookup(trees[ns]!, key)?.trim(), `${language}/${ns}:${key}`).toBeTruthy();
        }
      }
    }
  });

  it("names every charge's purpose, line item and receiver the money page shows (keys built from enums)", () => {
    const named = (trees: Record<string, Tree>, key: string) => lookup(trees.admin!, key);
    for (const trees of [en, lt]) {
      for (const purpose of CHARGE_PURPOSES) expect(named(trees, `moneyPage.purpose.${purpose}`), purpose).toBeTruthy();
      for (const code of LINE_ITEM_CODES) expect(named(trees, `moneyPage.lineItem.${code}`), code).toBeTruthy();
      for (const who of LINE_ITEM_RECEIVERS) expect(named(trees, `moneyPage.receiver.${who}`), who).toBeTruthy();
      for (const kind of MOVEMENT_KINDS) {
        expect(named(trees, `held.kind.${kind}`), kind).toBeTruthy();
        expect(named(trees, `held.retryLabel.${kind}`), kind).toBeTruthy();
      }
    }
  });

  it("has every key the code names", () => {
    // Stripe's event types look like keys of a namespace with an "account" group.
    const STRIPE_EVENT_TYPES = new Set(["account.updated"]);
    const sourceFiles = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return sourceFiles(path);
        // Tests and the modules only tests import (`*.test-support.ts`) name keys that do not exist on purpose.
        return /\.(ts|tsx)$/.test(name) && !/\.test(-support)?\.tsx?$/.test(name) ? [path] : [];
      });
    const topLevel = new Map(namespaces.map((ns) => [ns, new Set(Object.keys(en[ns]!))]));
    const missing: string[] = [];
    let checked = 0;
    for (const file of sourceFiles("app")) {
      const source = readFileSync(file, "utf8");
      for (const [, literal] of source.matchAll(/["'`]((?:[a-z]+:)?[a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+)["'`]/g)) {
        if (STRIPE_EVENT_TYPES.has(literal!)) continue; // Stripe's name of an event, not a text
        const [nsPart, keyPart] = literal!.includes(":") ? literal!.split(":") : [undefined, literal!];
        const head = keyPart!.split(".")[0]!;
        const candidates = nsPart ? [nsPart] : namespaces.filter((ns) => topLevel.get(ns)?.has(head));
        if (candidates.length === 0) continue; // not a translation key (e.g. a file name)
        checked += 1;
        if (!candidates.some((ns) => en[ns] && lookup(en[ns]!, keyPart!) !== undefined))
          missing.push(`${file}: ${literal}`);
      }
      // Placeholder pages name their title key by page.
      for (const [, page] of source.matchAll(/placeholderData\(request, context, "([a-zA-Z]+)"/g)) {
        checked += 1;
        if (lookup(en.pages!, `titles.${page}`) === undefined) missing.push(`${file}: pages:titles.${page}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });
});

// Part 1 §5 and §8 as the spec words them: the English text of each message key.
const SPEC_TEXTS: Record<string, string> = {
  "validation.emailInvalid": "Please enter a valid email address.",
  "validation.passwordTooShort": "Password must be at least 8 characters long.",
  "validation.passwordRequirements": "Please ensure your password meets all requirements",
  "validation.passwordTooWeak": "Password is too weak. Please use a stronger password with at least 8 characters.",
  "validation.nameInvalid": "Please enter a valid name (2-100 characters, letters only).",
  "validation.companyNameInvalid": "Please enter a valid company name",
  "validation.companyNumberInvalid": "Please enter a valid company number",
  "validation.companyNumberFormat": "Invalid company number format",
  "validation.vinFormat":
    "Invalid VIN format. VIN must be 17 characters long and contain only letters and numbers (excluding I, O, Q).",
  "validation.vinLength": "Please enter a valid 17-character VIN",
  "validation.emailFormat": "Invalid email format",
  "validation.nameFormat": "Invalid name format",
  "validation.phoneFormat": "Invalid phone number format",
  "validation.locationFormat": "Invalid location format",
  "validation.listing.make": "Invalid car make",
  "validation.listing.model": "Invalid car model",
  "validation.listing.year": "Invalid year",
  "validation.listing.mileage": "Invalid mileage",
  "validation.listing.location": "Invalid location",
  "validation.listing.vin": "Invalid VIN format",
  "validation.listing.dailyPrice": "Invalid daily price",
  "validation.listing.salePrice": "Invalid sale price",
  "validation.listing.horsepower": "Invalid horsepower",
  "validation.listing.engineSize": "Invalid engine size",
  "validation.wizard.make": "Please enter a valid car make",
  "validation.wizard.model": "Please enter a valid car model",
  "validation.wizard.year": "Please enter a valid year",
  "validation.wizard.mileage": "Please enter valid mileage",
  "validation.wizard.location": "Please enter a valid location",
  "validation.wizard.dailyPriceRequired": "Daily price is required for rental listings",
  "wizard.titles.missingInformation": "Missing Information",
  "wizard.titles.missingPrice": "Missing Price",
  "wizard.titles.invalidData": "Invalid Data",
  "wizard.fillIn": "Please fill in: {{fields}}",
  "validation.photoType": "Only JPEG, PNG, and WebP images are allowed",
  "validation.photoSize": "Images must be smaller than 5MB",
  "validation.photoCount": "Maximum 10 images allowed",
  "validation.searchTooShort": "Search term must be at least 2 characters long",
  "validation.messageEmpty": "Message content cannot be empty",
  "validation.messageTooLong": "Message is too long (maximum 5000 characters)",
  "errors.unexpected": "An unexpected error occurred",
  "errors.unexpectedRetry": "An unexpected error occurred. Please try again.",
  "errors.carNotFoundTitle": "Car Not Found",
  "errors.browseAllCars": "Browse All Cars",
  "errors.profileNotFoundTitle": "Profile Not Found",
  "errors.profileNotFound": "Profile not found",
  "errors.goBack": "Go Back",
  "errors.accessDeniedTitle": "Access Denied",
  "errors.databaseUnavailable": "Database connection not available",
  "toasts.signOutFailed": "Error signing out. Please try again.",
  "auth:errors.tooManySignIns": "Too many sign-in attempts. Please wait 5 minutes before trying again.",
  "auth:errors.invalidCredentials": "Invalid email or password. Please check your credentials and try again.",
  "auth:errors.unconfirmed":
    "Please confirm your email address before signing in. Check your inbox for the confirmation email.",
  "auth:errors.signInFailed": "Sign in failed",
  "auth:errors.tooManySignUps": "Too many registration attempts. Please wait 5 minutes before trying again.",
  "auth:errors.emailTaken":
    "This email address is already registered. Please sign in instead or use a different email address.",
  "auth:errors.emailCheckFailed": "Unable to verify email availability",
  "auth:errors.signUpFailed": "Sign up failed",
  "auth:callback.errorMessage": "Email confirmation failed. Please try again.",
  "pages:titles.pricing": "Dynamic Pricing Settings",
  // Part 2 "Success messages".
  "bookings:toasts.confirmed": "Booking Confirmed",
  "bookings:toasts.cancelled": "Booking Cancelled",
  "bookings:toasts.declined": "Booking Cancelled",
  "bookings:toasts.completed": "Booking Completed",
  "admin:toasts.approved": "Listing Approved",
  "admin:toasts.rejected": "Listing Rejected",
  "admin:toasts.edited": "Listing Updated",
  "admin:toasts.packageCreated": "Package Created",
  "admin:toasts.packageSaved": "Package Updated",
  "admin:toasts.packageDeleted": "Package Deleted",
};

describe("the spec's texts", () => {
  it.each(Object.entries(SPEC_TEXTS))("%s is, in English, %j", (key, text) => {
    const [ns, path] = key.includes(":") ? key.split(":") : ["common", key];
    expect(lookup(en[ns!]!, path!)).toBe(text);
    expect(lookup(lt[ns!]!, path!)).toBeTruthy();
    expect(lookup(lt[ns!]!, path!)).not.toBe(text);
  });
});
