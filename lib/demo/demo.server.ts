import "server-only";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { updateSettingValue } from "@/db/queries/settings";
import { anyAccountExists } from "@/db/queries/setup";
import { uploads } from "@/db/schema";
import { ensureDefaultSettings } from "@/lib/settings/service.server";
import { schoolToday } from "@/lib/core/time";
import { schoolYearAround } from "./calendar.server";
import { seedSchool, type SeededSchool } from "./school.server";
import { logoFileName } from "@/lib/settings/logo";

export const DEMO_SCHOOL_NAME = "Demo Secondary School";
const LOGO_FILE = path.join(process.cwd(), "lib", "demo", "assets", "logo.png");
/** Any constant will do: it only keeps two app instances from seeding one PostgreSQL database at once. */
const SEED_LOCK = 728146;

/** Stores the crest as the newest 'logo' upload and points the school_logo setting at it. */
async function seedLogo(db: Db, now: Date): Promise<number | null> {
  if (!fs.existsSync(LOGO_FILE)) return null;
  const data = fs.readFileSync(LOGO_FILE);
  const [row] = await db
    .insert(uploads)
    .values({
      kind: "logo",
      filename: "logo.png",
      content_type: "image/png",
      size: data.length,
      data,
      status: "processed",
      created_at: now,
      processed_at: now,
    })
    .returning({ id: uploads.id });
  await updateSettingValue(db, "school_logo", logoFileName(row!.id, "image/png"));
  return row!.id;
}

/** The demo school (docs/design/demo-school.md), with the accounts the README lists. */
export async function seedDemoSchool(db: Db, now: Date): Promise<SeededSchool> {
  const timezone = process.env.SCHOOL_TIMEZONE ?? "America/Vancouver";
  const year = schoolYearAround(schoolToday(timezone, now));
  const school = await seedSchool(db, {
    now,
    timezone,
    students: 121,
    extraTeachers: 20,
    weeksBack: 2,
    weeksAhead: 2,
    yearStart: year.start,
    yearEnd: year.end,
  });
  await updateSettingValue(db, "school_name", DEMO_SCHOOL_NAME);
  await seedLogo(db, now);
  return school;
}

/**
 * First start of an empty database: makes sure the settings exist, then seeds the demo school in one
 * transaction. Returns false, changing nothing else, once any account exists.
 */
export async function seedDemoSchoolIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  await ensureDefaultSettings(db, now);
  if (await anyAccountExists(db)) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await anyAccountExists(tx)) return false;
    await seedDemoSchool(tx, now);
    return true;
  });
}
