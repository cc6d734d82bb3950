import postgres from "postgres";
import { openDatabase, type DbHandle } from "../../db/client";

/**
 * The database a standalone bench runs on: a throwaway one on the server DATABASE_URL names (created
 * here, dropped by close()), else PGlite in memory. Migrated, with nothing in it.
 */
export async function openBenchDatabase(prefix: string): Promise<{ handle: DbHandle; onPostgres: boolean; url: string | undefined; close(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  const name = `flexblock_bench_${prefix}_${process.pid}`;
  let url: string | undefined;
  if (server) {
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const target = new URL(server);
    target.pathname = `/${name}`;
    url = target.toString();
  }
  const handle = await openDatabase(url ? { url, migrate: true } : { pgliteDir: "memory://", migrate: true });
  return {
    handle,
    onPostgres: Boolean(server),
    url,
    async close() {
      await handle.close();
      if (!server) return;
      const admin = postgres(server, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}
