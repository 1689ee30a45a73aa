import { sql } from "drizzle-orm";

/**
 * A random UUID (version 4 form) made by SQLite, for rows one INSERT ... SELECT writes for many users at once
 * (notifications to everyone who favourited a car, say), where the app cannot hand in an id per row.
 */
export const SQL_UUID = sql.raw(
  `(lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))))`,
);
