/**
 * `npm run bench:calendar`: the calendar regeneration figure alone (scripts/bench/calendar.ts) on a new
 * database: PostgreSQL when DATABASE_URL names a server (a throwaway database is created on it and
 * dropped), else an in-memory PGlite. The settings get a September–June school year.
 */
import postgres from "postgres";
import { openDatabase } from "../../db/client";
import { ensureDefaultSettings } from "../../lib/settings/service";
import { updateSettingValue } from "../../db/queries/settings";
import { benchCalendar } from "./calendar";

async function main() {
  const server = process.env.DATABASE_URL;
  const name = `flexblock_bench_calendar_${process.pid}`;
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
  try {
    const now = new Date();
    await ensureDefaultSettings(handle.db, now);
    const year = now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
    await updateSettingValue(handle.db, "start_datetime", `${year}-09-01`);
    await updateSettingValue(handle.db, "end_datetime", `${year + 1}-06-30`);
    for (const figure of await benchCalendar({ db: handle.db })) {
      console.log(`${figure.name}: p50 ${figure.p50.toFixed(0)} ms, max ${figure.max.toFixed(0)} ms (budget ${figure.budgetMs} ms)`);
    }
  } finally {
    await handle.close();
    if (server) {
      const admin = postgres(server, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${name}`);
      await admin.end();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
