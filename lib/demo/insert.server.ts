import "server-only";
import { getTableColumns, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";

const CHUNK = 1000;

/**
 * Inserts many rows a statement at a time. The rows travel as one JSON parameter and are spread by
 * json_populate_recordset on the table's own row type, so a chunk costs one bind and one parse
 * whatever its size (drizzle's VALUES lists take a parameter per cell). Row keys are column names;
 * columns left out get their defaults.
 */
export async function bulkInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T["$inferInsert"][],
  chunk = CHUNK,
): Promise<void> {
  if (rows.length === 0) return;
  const { name } = getTableConfig(table);
  const columns = Object.keys(rows[0]!);
  const known = getTableColumns(table);
  for (const key of columns) {
    // The JSON keys must be the database's column names; every schema here names them alike.
    if (known[key]?.name !== key) throw new Error(`bulkInsert: ${name}.${key} is not a column name`);
  }
  const list = sql.raw(columns.map((column) => `"${column}"`).join(", "));
  const type = sql.identifier(name);
  for (let start = 0; start < rows.length; start += chunk) {
    const json = JSON.stringify(rows.slice(start, start + chunk));
    await db.execute(
      sql`insert into ${type} (${list}) select ${list} from json_populate_recordset(null::${type}, ${json}::json)`,
    );
  }
}

/** Drizzle's own multi-row insert with `returning`, chunked; for the smaller tables whose ids the seed needs. */
export async function insertReturning<Row, R>(
  rows: readonly Row[],
  insertChunk: (chunk: Row[]) => Promise<R[]>,
  chunk = CHUNK,
): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < rows.length; start += chunk) {
    out.push(...(await insertChunk(rows.slice(start, start + chunk))));
  }
  return out;
}

/**
 * Runs a bulk load with foreign-key triggers off, as pg_restore --disable-triggers does, when the
 * role may (PGlite always; an ordinary PostgreSQL role simply keeps them on). The checks cost ~80 %
 * of the time of a large seed, and every id the seed writes came back from its own inserts. Unique
 * constraints still apply. Must run inside a transaction: the setting is local to it.
 */
export async function withoutForeignKeyChecks<T>(db: Db, load: () => Promise<T>): Promise<T> {
  const set = (role: "replica" | "origin") =>
    db.execute(
      sql`select set_config('session_replication_role', ${role}, true) where current_setting('is_superuser') = 'on'`,
    );
  await set("replica");
  try {
    return await load();
  } finally {
    await set("origin");
  }
}

/** Collects rows for one table and writes them a chunk at a time, so a large seed never holds them all. */
export class BulkWriter<T extends PgTable> {
  private rows: T["$inferInsert"][] = [];
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly table: T,
  ) {}

  async push(row: T["$inferInsert"]): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= CHUNK) await this.flush();
  }

  async flush(): Promise<void> {
    const rows = this.rows;
    this.rows = [];
    this.written += rows.length;
    await bulkInsert(this.db, this.table, rows);
  }
}
