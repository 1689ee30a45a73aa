import { defineConfig } from "drizzle-kit";

// Generates db/migrations from db/schema.ts. Migrations are applied by `npm run db:migrate`
// (db/migrate-cli.ts), against the local file by default or DATABASE_URL for Turso.
export default defineConfig({
  dialect: "turso",
  schema: "./db/schema.ts",
  out: "./db/migrations",
  dbCredentials: { url: process.env.DATABASE_URL ?? "file:db/local.db" },
});
