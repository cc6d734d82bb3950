import { closeDatabase, getDatabaseHandle } from "@/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

env(); // fail fast, with a clear message, on a bad configuration

const ready = getDatabaseHandle().then(
  (handle) => log.info({ database: handle.kind }, "database ready"),
  (error) => log.error({ err: error }, "database failed to open"),
);

/** PGlite must close cleanly or the next start replays its WAL. */
async function shutdown(signal: string) {
  log.info({ signal }, "shutting down");
  try {
    await ready;
    await closeDatabase();
  } finally {
    process.exit(0);
  }
}

process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
