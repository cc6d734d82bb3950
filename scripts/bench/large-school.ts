import { randomBytes } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, type Db } from "../../db/client";
import { seedSchool } from "../../lib/demo/school.server";

const TIMEZONE = "America/Vancouver";

/** The bench's large school: 2,000 students, 120 staff, BENCH_WEEKS_BACK weeks of history (36) and two ahead. */
export const largeSchool = (now: Date) => ({
  now,
  timezone: TIMEZONE,
  students: 2000,
  extraTeachers: 117,
  weeksBack: Number(process.env.BENCH_WEEKS_BACK ?? 36),
  weeksAhead: 2,
});

/**
 * A standalone bench on the large school (2,000 students, 120 staff, BENCH_WEEKS_BACK weeks of
 * history, 36 by default): a new database on the PostgreSQL server in DATABASE_URL, seeded, vacuumed
 * and dropped afterwards. BENCH_KEEP_DB=1 keeps it; BENCH_REUSE_DB=<name> runs on a kept one unseeded.
 */
export async function withLargeSchool(prefix: string, run: (db: Db) => Promise<void>) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("Set DATABASE_URL to a PostgreSQL server (a database is created there and dropped).");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = process.env.BENCH_REUSE_DB ?? `flexblock_bench_${prefix}_${randomBytes(4).toString("hex")}`;
  if (!process.env.BENCH_REUSE_DB) await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), max: 10 });
  try {
    if (!process.env.BENCH_REUSE_DB) {
      const started = Date.now();
      const school = await seedSchool(handle.db, largeSchool(new Date()));
      console.log(`Seeded ${school.people.students.length} students, ${school.checkIns} check-ins in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
      await handle.db.execute(sql`vacuum (analyze)`);
    }
    console.log(`Load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    await run(handle.db);
  } finally {
    await handle.close();
    if (!process.env.BENCH_REUSE_DB && process.env.BENCH_KEEP_DB !== "1") await admin.unsafe(`drop database if exists ${name} with (force)`);
    else console.log(`Kept database ${name}.`);
    await admin.end({ timeout: 5 });
  }
}
