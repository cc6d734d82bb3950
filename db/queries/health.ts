import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { ONE_ROW, preparedPerDb } from "../prepared";

/** `select 1`, prepared once: the health check measures the database and the framework, not the SQL builder. */
export const pingQuery = (db: Db) => db.select({ one: sql`1` }).from(ONE_ROW);

const ping = preparedPerDb((db) => pingQuery(db).prepare("health_ping"));

export async function pingDatabase(db: Db): Promise<void> {
  await ping(db).execute();
}
