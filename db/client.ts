import "server-only";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { connectionFailure } from "./errors";
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
  /** Seconds to wait for a new PostgreSQL connection before failing (503), default 5. */
  connectTimeout?: number;
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
  const handle = options.url
    ? await openPostgres(options.url, options.max, options.connectTimeout)
    : await openPglite(options);
  if (options.migrate !== false && !options.pgliteTemplate) {
    try {
      await migrateDatabase(handle);
    } catch (error) {
      // An unreachable database at start: the next request tries again with a new pool, so close this one.
      await handle.close().catch(() => {});
      throw error;
    }
  }
  return handle;
}

/** Counts statements retried after a connection failure (soak and fault tests report it). */
export const retryCounter = { count: 0 };

/**
 * The pool. postgres.js 3.4.9 is patched at install (patches/postgres+3.4.9.patch) so that a dead
 * connection is dropped and replaced instead of poisoning the pool, and a transaction's connection is
 * never shared. Here: a short connect timeout (a restarting database answers 503 within seconds
 * instead of hanging 30 s), a short reconnect backoff, idle connections closed after a minute,
 * connections renewed every 30–60 minutes (postgres.js's default max_lifetime), and JIT off.
 */
async function openPostgres(url: string, max = 10, connectTimeout = 5): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: connectTimeout,
    idle_timeout: 60,
    // postgres.js waits backoff(failures so far, pool-wide) before each new connection, and its default
    // grows to 20 s during an outage and stays there until a connection succeeds: after PostgreSQL
    // came back, requests still waited up to 20 s. A short wait; a failed connect fails its request (503).
    backoff: (failures: number) => Math.min(0.05 * failures, 0.5),
    // No JIT compilation: the server compiles any statement whose estimated cost passes
    // jit_above_cost, and a year's attendance report or SIS export (estimated high, run in well
    // under a second) spent 0.1-1.3 s compiling. Nothing this app runs is a long analytic query.
    connection: { jit: "off" },
  });
  const db = drizzle(resilient(client), { schema, logger: countingLogger }) as unknown as Db;
  return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
}

/** Statements with up to this many parameters are prepared (bulk inserts with more are not). */
const PREPARE_MAX_PARAMS = 100;

/**
 * A statement that says this (in a comment, anywhere in it) is never prepared. After five runs of a
 * prepared statement PostgreSQL may switch to a generic plan, made without the parameters' values:
 * for the reports' and the dashboard's cells (db/queries/reports.ts cellsCte) it guesses a date range
 * at 0.5 % of the rows, and a year's report went from 0.3 s to 2 s on its sixth run on a connection.
 * Planned afresh each time instead (a few milliseconds for a statement that runs for hundreds).
 */
export const UNPREPARED = "/* unprepared: planned for its parameters every time */";

const RETRY_DELAY_MS = 100;
/** A statement that only reads: running it twice is harmless. */
const READ = /^\s*select\b/i;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type PendingQuery = PromiseLike<unknown> & { values(): PromiseLike<unknown> };
interface RawClient {
  unsafe(query: string, params: unknown[], options: object): PendingQuery;
  begin(...args: unknown[]): Promise<unknown>;
}

/**
 * Runs a statement again, once, on another connection, when its connection failed and running it
 * again is safe: it never reached the server, or it only reads. Anything else fails (503).
 */
async function once<T>(query: string, attempt: () => PromiseLike<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    const failure = connectionFailure(error);
    if (failure === "unreached" || (failure === "lost" && READ.test(query))) {
      retryCounter.count += 1;
      await pause(RETRY_DELAY_MS);
      return attempt();
    }
    throw error;
  }
}

/**
 * What drizzle sees of the postgres.js client:
 *  - every parameterised statement of ordinary size is prepared (drizzle sends every statement
 *    unprepared, so PostgreSQL would parse and plan the session lookup and each schedule query on
 *    every request; postgres.js caches the prepared statement per connection);
 *  - a statement whose connection failed is retried once when that is safe (see `once`);
 *  - a transaction whose BEGIN failed on a dead or unreachable connection is started again, once
 *    (nothing of it ran); a transaction that failed after it started is never repeated.
 */
function resilient<T extends object>(client: T): T {
  const raw = client as unknown as RawClient;
  const unsafe = (query: string, params: unknown[] = [], options: { prepare?: boolean } = {}) => {
    const settings = {
      ...options,
      prepare:
        Boolean(options.prepare) ||
        (params.length > 0 && params.length <= PREPARE_MAX_PARAMS && !query.includes(UNPREPARED)),
    };
    // Lazy like postgres.js's own query: it runs when awaited, once.
    let rows: Promise<unknown> | undefined;
    let values: Promise<unknown> | undefined;
    return {
      then<A, B>(resolve?: (value: unknown) => A, reject?: (reason: unknown) => B) {
        rows ??= once(query, () => raw.unsafe(query, params, settings));
        return rows.then(resolve, reject);
      },
      values: () => (values ??= once(query, () => raw.unsafe(query, params, settings).values())),
    };
  };
  const begin = async (...args: unknown[]) => {
    const work = args.pop() as (sql: unknown) => unknown;
    let started = false;
    const attempt = () =>
      raw.begin(...args, (sql: unknown) => {
        started = true;
        return work(sql);
      });
    try {
      return await attempt();
    } catch (error) {
      if (started || !connectionFailure(error)) throw error;
      retryCounter.count += 1;
      await pause(RETRY_DELAY_MS);
      return attempt();
    }
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") return unsafe;
      if (property === "begin") return begin;
      return Reflect.get(target, property, receiver);
    },
  });
}

async function openPglite(options: OpenOptions): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = options.pgliteDir ?? "memory://";
  if (!dir.startsWith("memory://")) fs.mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ dir)), { recursive: true });
  const client = options.pgliteTemplate
    ? new PGlite({ loadDataDir: options.pgliteTemplate, extensions: { pg_trgm, unaccent } })
    : new PGlite(dir, { extensions: { pg_trgm, unaccent } });
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
