// The pure part of `npm run deploy` (scripts/deploy.ts): what the operator's environment must hold, which Worker
// secrets and PartyKit variables must already be set, and what is left to do by hand. Unit-tested beside it.
import { PRODUCTION_REQUIRED } from "../app/env.server";

/** The PartyKit project (partykit.json's "name"); its deployed host is `<name>.<login or team>.partykit.dev`. */
export const PARTYKIT_PROJECT = "ratai-messages";

/** Set on every deploy with `wrangler deploy --var` (they differ per deployment, so wrangler.toml leaves them out). */
export const DEPLOY_VARS = ["DATABASE_URL", "APP_URL", "PARTYKIT_HOST"] as const;

/**
 * What `wrangler secret put NAME --env production` must have set: everything the Worker requires in production
 * that is not a deploy var, plus the webhook's signing secret (required with STRIPE_SECRET_KEY, app/env.server.ts).
 */
export const WORKER_SECRETS: readonly string[] = [
  ...PRODUCTION_REQUIRED.filter((name) => !(DEPLOY_VARS as readonly string[]).includes(name)),
  "STRIPE_WEBHOOK_SECRET",
];

/** The one secret the rooms need (party/conversation.ts), the same value as the Worker's. */
export const PARTY_SECRETS = ["PARTYKIT_SECRET"] as const;

/**
 * The Stripe events POST /webhooks/stripe acts on (app/payments/fulfilment.server.ts, handlePaymentEvent); the
 * endpoint registered at Stripe should send exactly these.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "checkout.session.expired",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "payment_intent.amount_capturable_updated",
  "payment_intent.succeeded",
  "payment_intent.canceled",
  "charge.refunded",
] as const;

/**
 * The events of the hosts' connected accounts POST /webhooks/stripe acts on (app/payouts/payout-accounts.server.ts,
 * handleAccountEvent), sent by a second endpoint at Stripe ("Listen to events on Connected accounts") to the same URL.
 */
export const STRIPE_CONNECT_WEBHOOK_EVENTS = ["account.updated"] as const;

export interface DeploySettings {
  databaseUrl: string;
  appUrl: string;
  /** null when PARTYKIT_HOST=off: no rooms are deployed and open threads poll. */
  partykitHost: string | null;
}

export interface EnvCheck {
  /** What is missing or wrong, each with how to fix it; a real deploy stops when this is not empty. */
  problems: string[];
  /** The values to deploy with; in a dry run, placeholders stand in for what is missing. */
  settings: DeploySettings;
}

const PLACEHOLDERS: DeploySettings = {
  databaseUrl: "libsql://ratai-placeholder.turso.io",
  appUrl: "https://ratai.example",
  partykitHost: `${PARTYKIT_PROJECT}.placeholder.partykit.dev`,
};

const isLocalHost = (host: string) => /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|0\.0\.0\.0)$/.test(host);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Checks the operator's environment for a production deploy (the Cloudflare login is checked by wrangler). */
export function checkDeployEnv(env: Record<string, string | undefined>): EnvCheck {
  const problems: string[] = [];
  const settings: DeploySettings = { ...PLACEHOLDERS };

  const databaseUrl = env.DATABASE_URL?.trim();
  const database = databaseUrl ? parseUrl(databaseUrl) : null;
  if (!databaseUrl) {
    problems.push("DATABASE_URL is not set: your Turso database's URL (`turso db show ratai --url`, libsql://…).");
  } else if (!database || !["libsql:", "https:"].includes(database.protocol) || isLocalHost(database.hostname)) {
    problems.push(
      `DATABASE_URL must be the Turso database's libsql:// or https:// URL, not ${JSON.stringify(databaseUrl)}.`,
    );
  } else {
    settings.databaseUrl = databaseUrl;
  }
  if (!env.DATABASE_AUTH_TOKEN?.trim()) {
    problems.push(
      "DATABASE_AUTH_TOKEN is not set: a Turso token for the migrations (`turso db tokens create ratai`); " +
        "the Worker's copy is its secret of the same name.",
    );
  }

  const appUrl = env.APP_URL?.trim();
  const app = appUrl ? parseUrl(appUrl) : null;
  if (!appUrl) {
    problems.push("APP_URL is not set: the site's public origin, e.g. https://ratai.lt (e-mailed links use it).");
  } else if (
    !app ||
    app.protocol !== "https:" ||
    app.origin !== appUrl.replace(/\/$/, "") ||
    isLocalHost(app.hostname)
  ) {
    problems.push(
      `APP_URL must be an https origin with no path, e.g. https://ratai.lt, not ${JSON.stringify(appUrl)}.`,
    );
  } else {
    settings.appUrl = app.origin;
  }

  const partykitHost = env.PARTYKIT_HOST?.trim();
  const partykitOwner = env.PARTYKIT_TEAM?.trim() || env.PARTYKIT_LOGIN?.trim();
  if (partykitHost === "off") {
    settings.partykitHost = null;
  } else if (partykitHost) {
    if (/[/:]/.test(partykitHost.replace(/:\d+$/, "")) || isLocalHost(partykitHost.replace(/:\d+$/, ""))) {
      problems.push(
        `PARTYKIT_HOST is a host name such as ${PARTYKIT_PROJECT}.<login>.partykit.dev (no scheme, not local), not ${JSON.stringify(partykitHost)}.`,
      );
    } else {
      settings.partykitHost = partykitHost;
    }
  } else if (partykitOwner) {
    settings.partykitHost = `${PARTYKIT_PROJECT}.${partykitOwner}.partykit.dev`;
  } else {
    problems.push(
      `PARTYKIT_HOST is not set: the rooms' host, ${PARTYKIT_PROJECT}.<your PartyKit login>.partykit.dev ` +
        "(or set PARTYKIT_LOGIN, or PARTYKIT_HOST=off to run without live rooms).",
    );
  }

  return { problems, settings };
}

/** `wrangler secret list --format json` prints `[{ "name": …, "type": "secret_text" }, …]`. */
export function parseSecretList(output: string): string[] {
  const parsed: unknown = JSON.parse(output);
  if (!Array.isArray(parsed)) throw new Error("wrangler secret list did not print a list");
  return parsed.map((entry: { name?: unknown }) => String(entry.name));
}

/** `partykit env list` prints `Deployed variables: A, B` (names only). */
export function parsePartyEnvList(output: string): string[] {
  const line = output.split("\n").find((l) => l.includes("Deployed variables:"));
  if (line === undefined) throw new Error("partykit env list printed no 'Deployed variables:' line");
  return line
    .slice(line.indexOf(":") + 1)
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

/** The Worker secrets still to set, and names set as secrets that would clash with this deploy's --var values. */
export function checkWorkerSecrets(present: readonly string[]): string[] {
  const problems = WORKER_SECRETS.filter((name) => !present.includes(name)).map(
    (name) => `Worker secret ${name} is not set: npx wrangler secret put ${name} --env production`,
  );
  for (const name of DEPLOY_VARS.filter((n) => present.includes(n))) {
    problems.push(
      `${name} is set as a Worker secret but the deploy sets it as a variable: npx wrangler secret delete ${name} --env production`,
    );
  }
  return problems;
}

export function checkPartySecrets(present: readonly string[]): string[] {
  return PARTY_SECRETS.filter((name) => !present.includes(name)).map(
    (name) => `PartyKit variable ${name} is not set: npx partykit env add ${name} (the same value as the Worker's)`,
  );
}

/** The `wrangler deploy` arguments: the production environment, this deployment's vars and its custom domain. */
export function workerDeployArgs(settings: DeploySettings, options: { dryRun: boolean; outdir?: string }): string[] {
  const args = ["wrangler", "deploy", "--env", "production"];
  args.push("--var", `DATABASE_URL:${settings.databaseUrl}`);
  args.push("--var", `APP_URL:${settings.appUrl}`);
  args.push("--var", `PARTYKIT_HOST:${settings.partykitHost ?? "off"}`);
  // The site is served on APP_URL's host as a Workers Custom Domain (its zone must be on the Cloudflare account).
  args.push("--domain", new URL(settings.appUrl).hostname);
  if (options.dryRun) args.push("--dry-run");
  if (options.outdir) args.push("--outdir", options.outdir);
  return args;
}

/** What the script cannot do: the Stripe webhook endpoint (its signing secret is a Worker secret), and a look. */
export function manualSteps(settings: DeploySettings): string[] {
  return [
    `Stripe webhook, if not registered yet (README, Deploying): the endpoint ${settings.appUrl}/webhooks/stripe ` +
      `with the events ${STRIPE_WEBHOOK_EVENTS.join(", ")}; its signing secret (whsec_…) is the Worker's ` +
      `STRIPE_WEBHOOK_SECRET: npx wrangler secret put STRIPE_WEBHOOK_SECRET --env production`,
    `Stripe Connect (README, Deploying): the platform profile (Settings → Connect: Express accounts, Lithuania, the ` +
      `branding), and a second endpoint for connected accounts at ${settings.appUrl}/webhooks/stripe with the events ` +
      `${STRIPE_CONNECT_WEBHOOK_EVENTS.join(", ")}; its signing secret goes after the first in STRIPE_WEBHOOK_SECRET, ` +
      `comma-separated`,
    `Check the site: ${settings.appUrl}/ (sign up and get the e-mail; a booking paid with a Stripe test card is authorised).`,
  ];
}
