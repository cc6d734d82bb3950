import "server-only";
import { env } from "@/lib/core/env.server";
import { openDatabase, type DbHandle } from "./client";

export type { Db } from "./client";

/**
 * The process-wide database. One instance per process (two PGlite instances on one folder would
 * corrupt it), kept on globalThis so hot reloads reuse it. What the application does with it once open
 * (settings, the calendar, the demo school) is lib/setup/boot.server.ts's business, passed in as `prepare`:
 * the data layer imports nothing above it.
 */
const holder = globalThis as unknown as { __flexblockDb?: Promise<DbHandle> };

export type PrepareDatabase = (handle: DbHandle) => Promise<void>;

async function boot(prepare: PrepareDatabase): Promise<DbHandle> {
  const config = env();
  const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  await prepare(handle);
  return handle;
}

/** Opens (once per process) and prepares the database; later calls get the same handle. */
export function openProcessDatabase(prepare: PrepareDatabase): Promise<DbHandle> {
  holder.__flexblockDb ??= boot(prepare).catch((error) => {
    holder.__flexblockDb = undefined;
    throw error;
  });
  return holder.__flexblockDb;
}

/** Tests point route handlers at their own database. */
export function setDatabaseForTests(handle: DbHandle): void {
  holder.__flexblockDb = Promise.resolve(handle);
}

export async function closeDatabase(): Promise<void> {
  const pending = holder.__flexblockDb;
  holder.__flexblockDb = undefined;
  if (pending) await (await pending).close();
}

