// The Worker's bindings and secrets, validated once per request into a typed object (never kept in module scope).
import { z } from "zod";

/** What wrangler gives the Worker: wrangler.toml [vars], secrets and bindings. */
export interface WorkerEnv {
  ENVIRONMENT?: string;
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  SESSION_SECRET?: string;
  PASSWORD_PEPPER?: string;
  APP_URL?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Where the Stripe SDK sends its requests; only tests set it (to a local fake of the API). */
  STRIPE_API_URL?: string;
  PARTYKIT_HOST?: string;
  PARTYKIT_SECRET?: string;
  PHOTOS: R2Bucket;
  /** Cloudflare Images, which turns uploads into stored photos (app/photos). Tests that store none leave it out. */
  IMAGES?: ImagesBinding;
  ASSETS?: Fetcher;
}

// Local defaults: the quick start needs no account and no secret. Production refuses to start without the real ones.
const DEV_SESSION_SECRET = "dev-session-secret-not-for-production";
const DEV_PASSWORD_PEPPER = "dev-pepper-not-for-production";

/** What the Worker refuses to run without in production (scripts/deploy.ts checks them before a deploy). */
export const PRODUCTION_REQUIRED = [
  "DATABASE_AUTH_TOKEN",
  "SESSION_SECRET",
  "PASSWORD_PEPPER",
  "APP_URL",
  "EMAIL_API_KEY",
  "PARTYKIT_SECRET",
  "STRIPE_SECRET_KEY",
] as const;

const EnvSchema = z
  .object({
    ENVIRONMENT: z.enum(["development", "test", "production"]).default("development"),
    DATABASE_URL: z.string().url().default("http://127.0.0.1:8080"),
    DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
    SESSION_SECRET: z.string().min(1).optional(),
    PASSWORD_PEPPER: z.string().min(1).optional(),
    APP_URL: z.string().url().optional(),
    EMAIL_API_URL: z.string().url().default("https://api.resend.com/emails"),
    EMAIL_API_KEY: z.string().min(1).optional(),
    EMAIL_FROM: z.string().min(3).default("Ratai <no-reply@ratai.lt>"),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_API_URL: z.string().url().optional(),
    PARTYKIT_HOST: z.string().min(1).default("127.0.0.1:1999"),
    PARTYKIT_SECRET: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    // Without the webhook secret no payment could ever be fulfilled.
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "STRIPE_WEBHOOK_SECRET goes with STRIPE_SECRET_KEY",
      });
    }
    if (env.ENVIRONMENT !== "production") return;
    for (const key of PRODUCTION_REQUIRED) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required in production` });
    }
    if (env.STRIPE_API_URL) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_API_URL"], message: "STRIPE_API_URL is for tests only" });
    }
    if (env.SESSION_SECRET && env.SESSION_SECRET.length < 32) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET must be 32+ characters" });
    }
  });

export type AppEnv = ReturnType<typeof parseEnv>;

export function parseEnv(raw: WorkerEnv) {
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid Worker configuration: ${problems}`);
  }
  const env = parsed.data;
  const isProduction = env.ENVIRONMENT === "production";
  return {
    environment: env.ENVIRONMENT,
    isProduction,
    database: { url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN },
    // Several comma-separated secrets allow rotation: the first signs, all verify.
    sessionSecrets: (env.SESSION_SECRET ?? DEV_SESSION_SECRET).split(",").map((s) => s.trim()),
    passwordPepper: env.PASSWORD_PEPPER ?? DEV_PASSWORD_PEPPER,
    appUrl: env.APP_URL,
    email: env.EMAIL_API_KEY
      ? ({ kind: "http", url: env.EMAIL_API_URL, apiKey: env.EMAIL_API_KEY, from: env.EMAIL_FROM } as const)
      : ({ kind: "dev-mailbox", from: env.EMAIL_FROM } as const),
    stripe: env.STRIPE_SECRET_KEY
      ? ({
          kind: "stripe",
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiUrl: env.STRIPE_API_URL,
        } as const)
      : ({ kind: "stand-in" } as const),
    partykit: { host: env.PARTYKIT_HOST, secret: env.PARTYKIT_SECRET ?? DEV_SESSION_SECRET },
    photos: raw.PHOTOS,
    images: raw.IMAGES,
  };
}
