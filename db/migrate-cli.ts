// npm run db:migrate: the local file (DB_FILE, default db/local.db), or Turso when DATABASE_URL is set.
import { migrateDatabase } from "./migrate";
import { createNodeClient } from "./node-client";

const client = createNodeClient();
try {
  await migrateDatabase(client);
  console.log("Migrations applied.");
} finally {
  client.close();
}
