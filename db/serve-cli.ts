// Serves the local database over the libSQL HTTP protocol, standing in for Turso during development.
// Env: DB_FILE (default db/local.db), LIBSQL_PORT (default 8080, 0 = any free port), LIBSQL_AUTH_TOKEN (optional).
import { startLibsqlHttpServer } from "./libsql-http-server";

const file = process.env.DB_FILE || "db/local.db";
const portText = process.env.LIBSQL_PORT || "8080";
const port = Number(portText);
const authToken = process.env.LIBSQL_AUTH_TOKEN || undefined;

if (!/^\d+$/.test(portText) || port > 65535) {
  console.error(`LIBSQL_PORT must be a port number, got ${JSON.stringify(portText)}`);
  process.exit(1);
}

let server: Awaited<ReturnType<typeof startLibsqlHttpServer>>;
try {
  server = await startLibsqlHttpServer({ file, port, authToken });
} catch (error) {
  console.error(`Could not start the libSQL HTTP server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

console.log(`libSQL HTTP server on ${server.url} serving ${file}`);

let stopping = false;
function stop(): void {
  // A second signal means the user does not want to wait for open requests.
  if (stopping) process.exit(1);
  stopping = true;
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Error while shutting down: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

process.on("SIGINT", stop);
process.on("SIGTERM", stop);
