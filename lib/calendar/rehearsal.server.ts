import "server-only";
import type { Db } from "@/db";

/** Carries what a rehearsed transaction found out of it, rolling it back. */
class Rehearsed extends Error {
  constructor(readonly value: unknown) {
    super("A dry run's transaction is rolled back.");
  }
}

/**
 * Runs `work` in one transaction; for a dry run, rolls it back and answers what it returned. A dry run
 * thus goes through the very checks, writes and regeneration of the save (under the calendar's lock),
 * so the dates it shows are the dates the save changes.
 */
export async function inTransaction<T>(db: Db, dryRun: boolean, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!dryRun) return db.transaction((tx) => work(tx));
  try {
    await db.transaction(async (tx) => {
      throw new Rehearsed(await work(tx));
    });
  } catch (error) {
    if (error instanceof Rehearsed) return error.value as T;
    throw error;
  }
  throw new Error("A dry run ended without rolling back.");
}
