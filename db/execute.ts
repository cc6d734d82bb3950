import "server-only";
import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/** The rows of a raw statement: postgres-js answers an array of rows, PGlite an object holding them. */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}
