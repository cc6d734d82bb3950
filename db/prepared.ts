import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Hot statements built ONCE, for throughput: drizzle builds a query's text from its SQL tree on every call
 * (a third of a signed-in request's CPU under load). A hot statement is a drizzle builder with
 * `sql.placeholder(name)` for every value a request supplies, prepared with drizzle's public
 * `.prepare(name)`: its text is built once per database (and per transaction object), and a request only
 * fills the placeholders. On PostgreSQL it is a server-side prepared statement (db/client.ts), on PGlite it
 * runs as usual. It goes through drizzle's logger, so queryCounter (tests/helpers/statements.ts) counts it.
 *
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

/**
 * The FROM of a statement that selects only sub-selects (drizzle's select always has a FROM): one row
 * with no columns, so `select (…) as a, (…) as b from (select) as one_row` answers one row, as
 * `select (…) as a, (…) as b` would.
 */
export const ONE_ROW = sql`(select) as one_row`;
