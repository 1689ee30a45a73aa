// npm run db:seed — fills a local database with the demo data set, and optionally thousands of extra listings.
//   --db <file>          database file (default: DB_FILE or db/local.db); created and migrated when missing
//   --persist-to <dir>   wrangler's local state directory, as given to `wrangler dev --persist-to` (default .wrangler/state)
//   --cars <N>           bulk mode: add N approved listings (the demo is seeded first when it is missing)
//   --quiet              print nothing but errors
// Passwords are hashed with PASSWORD_PEPPER when set, else the local development pepper of app/env.server.ts.
import { statSync } from "node:fs";
import { parseArgs } from "node:util";
import { migrateDatabase } from "../db/migrate";
import { createNodeClient, DEFAULT_DB_FILE, fileUrl, prepareLocalFile } from "../db/node-client";
import { openWranglerPhotoStore, type ClosablePhotoStore } from "./seed/photo-store";
import { seedBulkCars } from "./seed/seed-bulk";
import { existingDemoEmails, seedDemo } from "./seed/seed-demo";
import { DEMO_PASSWORD, PEOPLE } from "./seed/demo-data";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      db: { type: "string" },
      "persist-to": { type: "string", default: ".wrangler/state" },
      cars: { type: "string" },
      quiet: { type: "boolean", default: false },
    },
    strict: true,
  }).values;
}
try {
  args = parse();
} catch (error) {
  fail(
    `${error instanceof Error ? error.message : String(error)}\nUsage: npm run db:seed -- [--db <file>] [--persist-to <dir>] [--cars <N>] [--quiet]`,
  );
}

const file = args.db ?? process.env.DB_FILE ?? DEFAULT_DB_FILE;
const persistTo = args["persist-to"] ?? ".wrangler/state";
const quiet = args.quiet ?? false;
const say = (line: string) => {
  if (!quiet) console.log(line);
};
let bulkCount: number | null = null;
if (args.cars !== undefined) {
  if (!/^\d+$/.test(args.cars) || Number(args.cars) < 1 || Number(args.cars) > 1_000_000) {
    fail(`--cars must be a whole number from 1 to 1000000, got ${JSON.stringify(args.cars)}`);
  }
  bulkCount = Number(args.cars);
}

// Always the file: a DATABASE_URL exported for the Worker must not send the seed to a remote database.
const client = createNodeClient({ file, url: fileUrl(file) });
let photos: ClosablePhotoStore | undefined;
let exitCode = 0;
try {
  await prepareLocalFile(client);
  await migrateDatabase(client);
  const existing = await existingDemoEmails(client);
  if (existing.length > 0 && bulkCount === null) {
    say(`The demo data is already in ${file} (${existing.length} demo accounts found); nothing to do.`);
    say("To start again, delete the file and run the seed once more.");
    await closeAndExit(0);
  }
  // Starting workerd for the local R2 takes a few seconds, so it waits until there is something to store.
  photos = await openWranglerPhotoStore({ persistTo });

  const started = performance.now();
  const demo = await seedDemo(client, photos);
  const demoSeconds = (performance.now() - started) / 1000;
  if (demo.status === "seeded") {
    const c = demo.counts;
    say(`Seeded the demo into ${file} in ${demoSeconds.toFixed(1)} s:`);
    say(
      `  ${c.users} people, ${c.cars} listings (${c.publicCars} public), ${c.carImages} photos, ${c.pickupPoints} pickup points`,
    );
    say(`  ${c.bookings} bookings, ${c.reviews} reviews, ${c.conversations} conversations with ${c.messages} messages`);
    say(
      `  ${c.notifications} notifications, ${c.favorites} favourites, ${c.savedSearches} saved searches, ${c.dailyStats} daily statistics rows`,
    );
    say(`  ${c.photoObjects} R2 objects (${(c.photoBytes / 1024 / 1024).toFixed(1)} MB) in ${persistTo}`);
    say(
      `  Sign in as ${PEOPLE.slice(0, 5)
        .map((p) => p.email)
        .join(", ")} with the password ${DEMO_PASSWORD}`,
    );
  }

  if (bulkCount !== null) {
    const bulk = await seedBulkCars(client, photos, { count: bulkCount });
    say(
      `Added ${bulk.cars} listings with ${bulk.images} photos and ${bulk.pickupPoints} pickup points in ${(bulk.ms / 1000).toFixed(1)} s.`,
    );
  }
  if (!quiet) {
    await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    say(`Database size: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`);
  }
} catch (error) {
  console.error(`Seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
}
await closeAndExit(exitCode);

async function closeAndExit(code: number): Promise<never> {
  await photos?.close();
  client.close();
  process.exit(code);
}
