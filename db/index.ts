import "server-only";
import { env } from "@/lib/env";
import { prepareSchool } from "@/lib/setup/first-run";
import { openDatabase, type Db, type DbHandle } from "./client";
import { seedDemoSchoolIfEmpty } from "./seed/demo";

export type { Db } from "./client";

/**
 * The process-wide database. One instance per process (two PGlite instances on one folder would
 * corrupt it), kept on globalThis so hot reloads reuse it.
 */
const holder = globalThis as unknown as { __flexblockDb?: Promise<DbHandle> };

async function boot(): Promise<DbHandle> {
  const config = env();
  const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  // Every setting with its default and the product's help, on every database: a real school's too.
  await prepareSchool(handle.db, new Date());
  const seed = config.DATABASE_URL ? config.SEED_DEMO === "1" : config.SEED_DEMO !== "0";
  if (seed) await seedDemoSchoolIfEmpty(handle.db);
  return handle;
}

export function getDatabaseHandle(): Promise<DbHandle> {
  holder.__flexblockDb ??= boot().catch((error) => {
    holder.__flexblockDb = undefined;
    throw error;
  });
  return holder.__flexblockDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabaseHandle()).db;
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
