import { getTableColumns, sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client";

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
  for (let start = 0; start < rows.length; start += chunk) {
    const json = JSON.stringify(rows.slice(start, start + chunk));
    await db.execute(
      sql`insert into ${sql.identifier(name)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(name)}, ${json}::json)`,
    );
  }
}

/** Drizzle's own multi-row insert with `returning`, chunked; for the small tables whose ids the seed needs. */
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
