import type { Db } from "@/db";
import {
  groupIdsByName,
  insertMissingGroups,
  insertMissingSettings,
  listSettingsWithGroups,
  settingValues,
  type SettingRow,
} from "@/db/queries/settings";
import { SETTING_GROUPS, SETTINGS, type SettingType } from "./definitions";

export type SettingValue = string | number | boolean | null;

/** Stored text → the typed value clients get. */
export function typedValue(type: SettingType, value: string | null): SettingValue {
  if (value === null) return null;
  switch (type) {
    case "boolean":
      return value === "true" || value === "1";
    case "numeric":
      return value.trim() === "" ? null : Number(value);
    case "datetime":
      return value === "" ? null : value;
    default:
      return value;
  }
}

function presentSetting(row: SettingRow) {
  return {
    id: row.id,
    key: row.key,
    type: row.type,
    value: typedValue(row.type, row.value),
    description: row.description,
    min: row.min,
    max: row.max,
  };
}

export type PresentedSetting = ReturnType<typeof presentSetting>;

/** GET /api/settings (and the signed-out subset): values keyed by setting, and the groups with their settings. */
export async function getSettings(db: Db, onlyPublic = false) {
  const rows = await listSettingsWithGroups(db, onlyPublic);
  const values: Record<string, PresentedSetting> = {};
  const groups = new Map<number, { id: number; name: string; description: string; settings: PresentedSetting[] }>();
  for (const { setting, group } of rows) {
    const presented = presentSetting(setting);
    values[setting.key] = presented;
    if (!groups.has(group.id)) {
      groups.set(group.id, { id: group.id, name: group.name, description: group.description, settings: [] });
    }
    groups.get(group.id)!.settings.push(presented);
  }
  return { values, groups: [...groups.values()] };
}

/** Creates any setting (and group) the database does not have yet, with its default. Idempotent. */
export async function ensureDefaultSettings(db: Db, now: Date, overrides: Record<string, string> = {}) {
  await insertMissingGroups(
    db,
    SETTING_GROUPS.map((group, position) => ({ ...group, position })),
  );
  const groupIds = await groupIdsByName(db);
  await insertMissingSettings(
    db,
    SETTINGS.map((definition, position) => ({
      key: definition.key,
      group_id: groupIds.get(definition.group)!,
      type: definition.type,
      description: definition.description,
      value:
        overrides[definition.key] ??
        (typeof definition.default === "function" ? definition.default(now) : definition.default),
      min: definition.min ?? null,
      max: definition.max ?? null,
      authenticated: !definition.public,
      position,
    })),
  );
}

export interface SchoolCalendarSettings {
  timezone: string;
  yearStart: string;
  yearEnd: string;
  weekends: boolean;
  appointmentLimit: number;
}

/** The settings every date rule needs, in one query. */
export async function schoolCalendarSettings(db: Db): Promise<SchoolCalendarSettings> {
  const rows = await settingValues(db, ["timezone", "start_datetime", "end_datetime", "weekends", "appointment_limit"]);
  const byKey = new Map(rows.map((row) => [row.key, typedValue(row.type, row.value)]));
  return {
    timezone: (byKey.get("timezone") as string) || "UTC",
    yearStart: ((byKey.get("start_datetime") as string) ?? "").slice(0, 10),
    yearEnd: ((byKey.get("end_datetime") as string) ?? "").slice(0, 10),
    weekends: byKey.get("weekends") === true,
    appointmentLimit: Number(byKey.get("appointment_limit") ?? 1),
  };
}
