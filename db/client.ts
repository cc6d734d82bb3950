import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

/** The one database type services and queries take: the same for PGlite, postgres.js and a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite folder, or memory:// for an in-memory database. */
  pgliteDir?: string;
  /** A PGlite data-dir dump that is already migrated (tests). */
  pgliteTemplate?: Blob;
  migrate?: boolean;
  /** postgres.js pool size. */
  max?: number;
}

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");

/** Counts statements, so tests can prove a request's query count does not grow with the data. */
export const queryCounter = { count: 0 };
const countingLogger: Logger = {
  logQuery() {
    queryCounter.count += 1;
  },
};

export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  const handle = options.url ? await openPostgres(options.url, options.max) : await openPglite(options);
  if (options.migrate !== false && !options.pgliteTemplate) await migrateDatabase(handle);
  return handle;
}

async function openPostgres(url: string, max = 10): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, { max, onnotice: () => {} });
  const db = drizzle(preparing(client), { schema, logger: countingLogger }) as unknown as Db;
  return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
}

/** Statements with up to this many parameters are prepared (bulk inserts with more are not). */
const PREPARE_MAX_PARAMS = 100;

/**
 * drizzle sends every statement unprepared, so PostgreSQL parses and plans the session lookup and
 * each schedule query again on every request. postgres.js prepares (and caches per connection) a
 * statement when asked; ask for every parameterised statement of ordinary size.
 */
function preparing<T extends { unsafe: (...args: never[]) => unknown }>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== "unsafe") return Reflect.get(target, property, receiver);
      return (query: string, params: unknown[] = [], options: { prepare?: boolean } = {}) =>
        (target.unsafe as (q: string, p: unknown[], o: object) => unknown)(query, params, {
          ...options,
          prepare: Boolean(options.prepare) || (params.length > 0 && params.length <= PREPARE_MAX_PARAMS),
        });
    },
  });
}

async function openPglite(options: OpenOptions): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = options.pgliteDir ?? "memory://";
  if (!dir.startsWith("memory://")) fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const client = options.pgliteTemplate
    ? new PGlite({ loadDataDir: options.pgliteTemplate, extensions: { pg_trgm } })
    : new PGlite(dir, { extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzle(client, { schema, logger: countingLogger }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

/** Applies db/migrations. On PostgreSQL an advisory lock keeps several app instances from racing. */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS });
    return;
  }
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  await handle.db.execute(sql`select pg_advisory_lock(728145)`);
  try {
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS });
  } finally {
    await handle.db.execute(sql`select pg_advisory_unlock(728145)`);
  }
}
