import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { runStatement, statement } from "../prepared";

/** `select 1`, built once: the health check measures the database and the framework, not the SQL builder. */
const PING = statement("health_ping", sql`select 1`);

export async function pingDatabase(db: Db): Promise<void> {
  await runStatement(db, PING, {});
}
