/**
 * `npm run bench:calendar`: the calendar regeneration figure alone (scripts/bench/calendar.ts) on a new
 * database: PostgreSQL when DATABASE_URL names a server (a throwaway database is created on it and
 * dropped), else an in-memory PGlite. The settings get a September–June school year.
 */
import { ensureDefaultSettings } from "../../lib/settings/service.server";
import { updateSettingValue } from "../../db/queries/settings";
import { benchCalendar } from "./calendar";
import { openBenchDatabase } from "./throwaway-db";

async function main() {
  const bench = await openBenchDatabase("calendar");
  const { handle } = bench;
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
    await bench.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
