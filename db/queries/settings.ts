import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { settingGroups, settings } from "../schema";

export type SettingRow = typeof settings.$inferSelect;
export type SettingGroupRow = typeof settingGroups.$inferSelect;

export async function listSettingsWithGroups(db: Db, onlyPublic = false) {
  const rows = await db
    .select({ setting: settings, group: settingGroups })
    .from(settings)
    .innerJoin(settingGroups, eq(settingGroups.id, settings.group_id))
    .where(onlyPublic ? eq(settings.authenticated, false) : undefined)
    .orderBy(asc(settingGroups.position), asc(settings.position));
  return rows;
}

export async function insertMissingGroups(db: Db, groups: { name: string; description: string; position: number }[]) {
  if (groups.length === 0) return;
  await db.insert(settingGroups).values(groups).onConflictDoNothing({ target: settingGroups.name });
}

export async function insertMissingSettings(db: Db, rows: (typeof settings.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(settings).values(rows).onConflictDoNothing({ target: settings.key });
}

export async function groupIdsByName(db: Db) {
  const rows = await db.select({ id: settingGroups.id, name: settingGroups.name }).from(settingGroups);
  return new Map(rows.map((row) => [row.name, row.id]));
}

export async function settingValues(db: Db, keys: string[]) {
  const rows = await db
    .select({ key: settings.key, value: settings.value, type: settings.type })
    .from(settings)
    .where(sql`${settings.key} in ${keys}`);
  return rows;
}

/** The settings every calendar read needs (time zone, school year, weekends, appointment limit). */
export const CALENDAR_SETTING_KEYS = ["timezone", "start_datetime", "end_datetime", "weekends", "appointment_limit"];

/**
 * The calendar settings, in a statement built once (db/prepared.ts): every week schedule and
 * notification poll reads them. Read, not cached: a change applies at once on every instance.
 */
export const calendarSettingsQuery = (db: Db) =>
  db
    .select({ key: settings.key, value: settings.value, type: settings.type })
    .from(settings)
    .where(sql`${settings.key} in ${CALENDAR_SETTING_KEYS}`);
const calendarSettings = preparedPerDb((db) => calendarSettingsQuery(db).prepare("calendar_settings"));

export async function calendarSettingValues(db: Db) {
  return calendarSettings(db).execute();
}

export async function updateSettingValue(db: Db, key: string, value: string | null) {
  await db.update(settings).set({ value }).where(eq(settings.key, key));
}

/** The rows for these keys, locked until the transaction ends (PUT /api/settings). */
export async function lockSettingsByKeys(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(settings)
    .where(sql`${settings.key} in ${keys}`)
    .for("update");
}

/** Sets several settings' values in one statement. */
export async function updateSettingValues(db: Db, entries: { key: string; value: string | null }[], now: Date) {
  if (entries.length === 0) return;
  const rows = sql.join(
    entries.map((entry) => sql`(${entry.key}::text, ${entry.value}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${settings} set value = v.value, updated_at = ${now.toISOString()}::timestamptz from (values ${rows}) as v(key, value) where ${settings.key} = v.key`,
  );
}
