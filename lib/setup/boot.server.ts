import "server-only";
import { openProcessDatabase, type Db } from "@/db";
import type { DbHandle } from "@/db/client";
import { seedDemoSchoolIfEmpty } from "@/lib/demo/demo.server";
import { env } from "@/lib/core/env.server";
import { prepareSchool } from "./first-run.server";

/**
 * The application's way into its database: opened once per process, then, at every start, every
 * setting with its default, the product's help and the school days (lib/setup/first-run.server.ts), and on a
 * new embedded database (or with SEED_DEMO=1) the demo school (lib/demo).
 */
async function prepareDatabase(handle: DbHandle) {
  const config = env();
  await prepareSchool(handle.db, new Date());
  const seed = config.DATABASE_URL ? config.SEED_DEMO === "1" : config.SEED_DEMO !== "0";
  if (seed) await seedDemoSchoolIfEmpty(handle.db);
}

export function getDatabaseHandle(): Promise<DbHandle> {
  return openProcessDatabase(prepareDatabase);
}

export async function getDb(): Promise<Db> {
  return (await getDatabaseHandle()).db;
}
