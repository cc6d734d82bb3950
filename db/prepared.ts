import "server-only";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * Hot statements built ONCE (issue 14): drizzle builds a query's text from its SQL tree on every call
 * (a third of a signed-in request's CPU under load). A statement here is turned into text with
 * placeholders at module load; a request only fills the placeholders. On PostgreSQL the text is a
 * server-side prepared statement (db/client.ts), on PGlite it runs as usual. It still goes through
 * drizzle's logger, so queryCounter (tests/helpers/statements.ts) counts it.
 */

const dialect = new PgDialect();

export interface Statement {
  name: string;
  /** The text with $1…$n. */
  sql: string;
  /** Placeholders (sql.placeholder(name)) and constants, in $n order. */
  params: unknown[];
}

/** Builds the text once. Use `sql.placeholder("x")` for every value a request supplies. */
export function statement(name: string, query: SQL): Statement {
  const built = dialect.sqlToQuery(query);
  return { name, sql: built.sql, params: built.params };
}

/** Runs a statement built once; raw rows (column name → value), JSON columns as the driver gives them. */
export async function runStatement(db: Db, st: Statement, values: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const result: unknown = await db._.session
    .prepareQuery({ sql: st.sql, params: st.params }, undefined, st.name, false)
    .execute(values);
  // postgres.js answers an array of rows, PGlite `{ rows }`.
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Record<string, unknown>[];
}

/**
 * A drizzle builder's prepared query, made once per database (and per transaction object) and reused:
 * `const q = preparedPerDb((db) => db.select()….where(eq(t.id, sql.placeholder("id"))).prepare("name"))`,
 * then `q(db).execute({ id })`.
 */
export function preparedPerDb<P>(build: (db: Db) => P): (db: Db) => P {
  const cache = new WeakMap<Db, P>();
  return (db) => {
    let prepared = cache.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}
