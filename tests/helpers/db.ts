import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { openDatabase, type DbHandle } from "@/db/client";
import { ensureDefaultSettings } from "@/lib/settings/service.server";
import { setDatabaseForTests } from "@/db";

/**
 * A database of the test file's own: a copy of the migrated PGlite template, or with
 * TEST_DATABASE_URL a new PostgreSQL database (a copy of the migrated template database) that is
 * dropped again by close().
 */
export async function createTestDb(): Promise<DbHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createPostgresDb(serverUrl);
  const template = process.env.PGLITE_TEMPLATE;
  if (template && fs.existsSync(template)) {
    return openDatabase({ pgliteTemplate: new Blob([fs.readFileSync(template)]) });
  }
  const handle = await openDatabase({ pgliteDir: "memory://" });
  await ensureDefaultSettings(handle.db, new Date(), { timezone: "America/Vancouver" });
  return handle;
}

/** A new, empty PostgreSQL database on the test server: its URL, and how to drop it. */
export function createEmptyPostgresDatabase(serverUrl: string, prefix = "flexblock_test") {
  return createPostgresDatabase(serverUrl, prefix);
}

/** A new PostgreSQL database on the test server, empty or a copy of `template`: its URL, and how to drop it. */
async function createPostgresDatabase(serverUrl: string, prefix: string, template?: string) {
  const { default: postgres } = await import("postgres");
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  };
  return { url: url.toString(), drop };
}

async function createPostgresDb(serverUrl: string): Promise<DbHandle> {
  // A copy of the run's migrated template (tests/helpers/global-setup.ts), else migrated here.
  const template = process.env.POSTGRES_TEMPLATE;
  const database = await createPostgresDatabase(serverUrl, "flexblock_test", template);
  const handle = await openDatabase({ url: database.url, max: 20, migrate: !template });
  if (!template) await ensureDefaultSettings(handle.db, new Date(), { timezone: "America/Vancouver" });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * Gives the test file a fresh database that route handlers use too, closed after the file.
 * Call at the top of a describe or file; read `.db` inside tests.
 */
export function useTestDb() {
  const state = {} as { handle: DbHandle; db: DbHandle["db"] };
  // A busy machine (CI beside other work) can take longer than jest's 30 s to copy the template.
  beforeAll(async () => {
    state.handle = await createTestDb();
    state.db = state.handle.db;
    setDatabaseForTests(state.handle);
  }, 120_000);
  afterAll(async () => {
    await state.handle?.close();
  });
  return state;
}
