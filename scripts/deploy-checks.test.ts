import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv, type WorkerEnv } from "../app/env.server";
import {
  STRIPE_CONNECT_WEBHOOK_EVENTS,
  STRIPE_WEBHOOK_EVENTS,
  WORKER_SECRETS,
  checkDeployEnv,
  checkPartySecrets,
  checkWorkerSecrets,
  manualSteps,
  parsePartyEnvList,
  parseSecretList,
  workerDeployArgs,
} from "./deploy-checks";

const complete = {
  DATABASE_URL: "libsql://ratai-someone.aws-eu-west-1.turso.io",
  DATABASE_AUTH_TOKEN: "token",
  APP_URL: "https://ratai.lt",
  PARTYKIT_HOST: "ratai-messages.someone.partykit.dev",
};

describe("checkDeployEnv", () => {
  it("accepts a complete environment and deploys with its values", () => {
    expect(checkDeployEnv(complete)).toEqual({
      problems: [],
      settings: {
        databaseUrl: complete.DATABASE_URL,
        appUrl: "https://ratai.lt",
        partykitHost: complete.PARTYKIT_HOST,
      },
    });
  });

  it("names everything that is missing, with how to get it", () => {
    const { problems } = checkDeployEnv({});
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^DATABASE_URL .*turso db show/);
    expect(problems[1]).toMatch(/^DATABASE_AUTH_TOKEN .*turso db tokens create/);
    expect(problems[2]).toMatch(/^APP_URL /);
    expect(problems[3]).toMatch(/^PARTYKIT_HOST /);
  });

  it("refuses local and malformed values", () => {
    const { problems } = checkDeployEnv({
      ...complete,
      DATABASE_URL: "http://127.0.0.1:8080",
      APP_URL: "http://ratai.lt/lt",
      PARTYKIT_HOST: "https://ratai-messages.someone.partykit.dev",
    });
    expect(problems.map((p) => p.split(" ")[0])).toEqual(["DATABASE_URL", "APP_URL", "PARTYKIT_HOST"]);
    expect(checkDeployEnv({ ...complete, DATABASE_URL: "file:db/local.db" }).problems).toHaveLength(1);
    expect(checkDeployEnv({ ...complete, PARTYKIT_HOST: "localhost:1999" }).problems).toHaveLength(1);
  });

  it("derives the rooms' host from the PartyKit login or team, and PARTYKIT_HOST=off turns the rooms off", () => {
    const { PARTYKIT_HOST: _, ...rest } = complete;
    expect(checkDeployEnv({ ...rest, PARTYKIT_LOGIN: "someone" }).settings.partykitHost).toBe(
      "ratai-messages.someone.partykit.dev",
    );
    expect(checkDeployEnv({ ...rest, PARTYKIT_LOGIN: "someone", PARTYKIT_TEAM: "ratai" }).settings.partykitHost).toBe(
      "ratai-messages.ratai.partykit.dev",
    );
    expect(checkDeployEnv({ ...complete, PARTYKIT_HOST: "off" })).toMatchObject({
      problems: [],
      settings: { partykitHost: null },
    });
  });

  it("keeps an APP_URL's trailing slash out of the links", () => {
    expect(checkDeployEnv({ ...complete, APP_URL: "https://ratai.lt/" }).settings.appUrl).toBe("https://ratai.lt");
  });
});

describe("the secrets", () => {
  it("are every production requirement the Worker reads that is not a deploy var", () => {
    const secrets = Object.fromEntries(WORKER_SECRETS.map((name) => [name, "s".repeat(40)]));
    const production = { ENVIRONMENT: "production", ...secrets, PHOTOS: {} } as unknown as WorkerEnv;
    // With the secrets and the deploy's vars the Worker starts; without the vars it refuses (wrangler.toml leaves
    // them empty in [env.production.vars]).
    expect(() =>
      parseEnv({ ...production, DATABASE_URL: complete.DATABASE_URL, APP_URL: "https://ratai.lt" }),
    ).not.toThrow();
    expect(() => parseEnv({ ...production, DATABASE_URL: "", APP_URL: "", PARTYKIT_HOST: "" })).toThrow(
      /DATABASE_URL.*APP_URL.*PARTYKIT_HOST/,
    );
    for (const name of WORKER_SECRETS) {
      expect(() => parseEnv({ ...production, APP_URL: "https://ratai.lt", [name]: undefined }), name).toThrow(name);
    }
  });

  it("lists the Worker secrets still to set and those that clash with a deploy var", () => {
    expect(checkWorkerSecrets(WORKER_SECRETS)).toEqual([]);
    const problems = checkWorkerSecrets(
      parseSecretList(JSON.stringify([{ name: "SESSION_SECRET", type: "secret_text" }, { name: "APP_URL" }])),
    );
    expect(problems).toHaveLength(WORKER_SECRETS.length);
    expect(problems).toContain(
      "Worker secret STRIPE_WEBHOOK_SECRET is not set: npx wrangler secret put STRIPE_WEBHOOK_SECRET --env production",
    );
    expect(problems.at(-1)).toMatch(/^APP_URL is set as a Worker secret/);
  });

  it("reads the PartyKit project's variables", () => {
    expect(checkPartySecrets(parsePartyEnvList("Deployed variables: OTHER, PARTYKIT_SECRET\n"))).toEqual([]);
    expect(checkPartySecrets(parsePartyEnvList("Deployed variables: \n"))).toEqual([
      "PartyKit variable PARTYKIT_SECRET is not set: npx partykit env add PARTYKIT_SECRET (the same value as the Worker's)",
    ]);
    expect(() => parsePartyEnvList("Not logged in")).toThrow();
  });
});

describe("workerDeployArgs", () => {
  it("deploys production with this deployment's vars on APP_URL's host", () => {
    const settings = checkDeployEnv(complete).settings;
    expect(workerDeployArgs(settings, { dryRun: false })).toEqual([
      "wrangler",
      "deploy",
      "--env",
      "production",
      "--var",
      `DATABASE_URL:${complete.DATABASE_URL}`,
      "--var",
      "APP_URL:https://ratai.lt",
      "--var",
      `PARTYKIT_HOST:${complete.PARTYKIT_HOST}`,
      "--domain",
      "ratai.lt",
    ]);
    expect(workerDeployArgs({ ...settings, partykitHost: null }, { dryRun: true, outdir: "/tmp/x" })).toEqual(
      expect.arrayContaining(["PARTYKIT_HOST:off", "--dry-run", "--outdir", "/tmp/x"]),
    );
  });
});

describe("manualSteps", () => {
  it("gives the Stripe webhook's URL and every event the webhook route handles", () => {
    const [stripe] = manualSteps(checkDeployEnv(complete).settings);
    expect(stripe).toContain("https://ratai.lt/webhooks/stripe");
    for (const event of STRIPE_WEBHOOK_EVENTS) expect(stripe).toContain(event);
  });

  it("lists the events fulfilment has a case for, no more and no fewer", () => {
    const source = readFileSync(new URL("../app/payments/fulfilment.server.ts", import.meta.url), "utf8");
    const handled = [...source.matchAll(/case "([a-z_.]+)":/g)].map((match) => match[1]);
    expect([...STRIPE_WEBHOOK_EVENTS].sort()).toEqual(handled.sort());
  });

  it("gives the Connect endpoint every account event the payouts handle, and the payouts handle no other", () => {
    const connect = manualSteps(checkDeployEnv(complete).settings).find((step) => step.includes("Connect"));
    for (const event of STRIPE_CONNECT_WEBHOOK_EVENTS) expect(connect).toContain(event);
    const source = readFileSync(new URL("../app/payouts/payout-accounts.server.ts", import.meta.url), "utf8");
    const handled = [...source.matchAll(/event\.type !== "([a-z_.]+)"/g)].map((match) => match[1]);
    expect([...STRIPE_CONNECT_WEBHOOK_EVENTS].sort()).toEqual(handled.sort());
  });
});
