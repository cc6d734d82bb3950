import "server-only";
import type { UploadedFile } from "@/lib/api/multipart.server";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import {
  calendarSettingValues,
  groupIdsByName,
  insertMissingGroups,
  insertMissingSettings,
  listSettingsWithGroups,
  lockSettingsByKeys,
  updateSettingValues,
  type SettingRow,
} from "@/db/queries/settings";
import { insertUpload, newestUpload, uploadById } from "@/db/queries/uploads";
import { regenerateSchoolDays } from "@/lib/calendar/regenerate.server";
import { ApiError, invalid, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { SETTING_GROUPS, SETTINGS, type SettingType } from "@/lib/setting-definitions";
import { LOGO_MESSAGES, MAX_LOGO_BYTES, MAX_LOGO_SIDE } from "./logo";
import { offsetsAround } from "@/lib/school-clock";
import { isValidTimeZone } from "@/lib/core/time";
import { logoFileName, presentLogo } from "./logo";
import { FileAnswer } from "@/lib/api/answers";
import { checkSettingValue, SETTING_MESSAGES, type SettingsUpdateBody } from "./schemas";
import type { PresentedSetting, SettingsAnswer } from "./answers";

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

/** The settings only a sysadmin may change (lib/setting-definitions.ts). */
const SYSADMIN_ONLY = new Set(SETTINGS.filter((setting) => setting.sysadminOnly).map((setting) => setting.key));

export const SYSADMIN_ONLY_SETTING = "Only a system administrator can change this setting.";

function presentSetting(row: SettingRow): PresentedSetting {
  const presented = {
    id: row.id,
    key: row.key,
    type: row.type,
    value: typedValue(row.type, row.value),
    description: row.description,
    min: row.min,
    max: row.max,
    // Added for the settings screen (read-only for administrators); absent on every other setting.
    ...(SYSADMIN_ONLY.has(row.key) ? { sysadmin_only: true as const } : {}),
  };
  // school_logo: the file name the original client expects as value, our URL in the added `url` (lib/settings/logo.ts).
  if (row.key === "school_logo") return { ...presented, ...presentLogo(row.value ?? "") };
  // timezone: the zone's offsets by the server's rules, so browsers write school times as the server does (lib/school-clock.ts).
  if (row.key === "timezone" && row.value && isValidTimeZone(row.value)) {
    return { ...presented, offsets: offsetsAround(row.value, new Date()) };
  }
  return presented;
}

export type { PresentedSetting };

/** GET /api/settings (and the signed-out subset): values keyed by setting, and the groups with their settings. */
export async function getSettings(db: Db, onlyPublic = false): Promise<SettingsAnswer> {
  const rows = await listSettingsWithGroups(db, onlyPublic);
  const values: Record<string, PresentedSetting> = {};
  const groups = new Map<
    number,
    { id: number; name: string; description: string; settings: PresentedSetting[] }
  >();
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
  return calendarSettingsOf(await calendarSettingValues(db));
}

/** The calendar settings from their rows (pure; the bench floor shapes with it too). */
export function calendarSettingsOf(
  rows: { key: string; value: string | null; type: SettingType }[],
): SchoolCalendarSettings {
  const byKey = new Map(rows.map((row) => [row.key, typedValue(row.type, row.value)]));
  return {
    timezone: (byKey.get("timezone") as string) || "UTC",
    yearStart: ((byKey.get("start_datetime") as string) ?? "").slice(0, 10),
    yearEnd: ((byKey.get("end_datetime") as string) ?? "").slice(0, 10),
    weekends: byKey.get("weekends") === true,
    appointmentLimit: Number(byKey.get("appointment_limit") ?? 1),
  };
}

/**
 * PUT /api/settings: checks every value against its setting's type and limits; any error → 422 with
 * the errors by key and nothing saved. Otherwise one transaction updates the values and writes the
 * change to the audit log. Answers with the settings as GET does.
 */
export async function updateSettings(db: Db, principal: Principal, body: SettingsUpdateBody, now: Date) {
  const keys = Object.keys(body.values);
  await db.transaction(async (tx) => {
    // The school-year bounds are read too: a change to one is checked against the other.
    const rows = await lockSettingsByKeys(tx, [
      ...new Set([...keys, "start_datetime", "end_datetime", "grade_min", "grade_max"]),
    ]);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const errors: Record<string, string[]> = {};
    const changes: { key: string; value: string; from: string | null }[] = [];
    for (const key of keys) {
      const row = byKey.get(key);
      if (!row) {
        errors[key] = [SETTING_MESSAGES.unknown];
        continue;
      }
      const checked = checkSettingValue(row, body.values[key] ?? null);
      if ("error" in checked) errors[key] = [checked.error];
      else if (checked.stored !== row.value) changes.push({ key, value: checked.stored, from: row.value });
    }
    const yearError = schoolYearProblem(rows, changes);
    if (yearError) errors.end_datetime = [yearError];
    const gradeError = gradeRangeProblem(rows, changes);
    if (gradeError) errors.grade_max = [gradeError];
    if (Object.keys(errors).length > 0) throw invalid(errors);
    // A value sent unchanged is no change: a client that saves every setting still may.
    const refused = principal.role === "sysadmin" ? [] : changes.filter((c) => SYSADMIN_ONLY.has(c.key));
    if (refused.length > 0) {
      throw new ApiError(403, "forbidden", SYSADMIN_ONLY_SETTING, Object.fromEntries(refused.map((c) => [c.key, [SYSADMIN_ONLY_SETTING]])));
    }
    if (changes.length === 0) return;
    await updateSettingValues(tx, changes, now);
    if (changes.some((c) => CALENDAR_SHAPING_KEYS.includes(c.key)))
      await regenerateSchoolDays(tx, now, "today");
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "settings.update",
      details: { changes: Object.fromEntries(changes.map((c) => [c.key, { from: c.from, to: c.value }])) },
      created_at: now,
    });
  });
  return getSettings(db);
}

/** Settings that change which dates are school days: the school days are regenerated with them. */
const CALENDAR_SHAPING_KEYS = ["start_datetime", "end_datetime", "include_days"];

/** The school year must end after it starts, whichever of the two dates changes. */
function schoolYearProblem(rows: SettingRow[], changes: { key: string; value: string }[]): string | null {
  if (!changes.some((c) => c.key === "start_datetime" || c.key === "end_datetime")) return null;
  const value = (key: string) =>
    changes.find((c) => c.key === key)?.value ?? rows.find((r) => r.key === key)?.value ?? null;
  const start = value("start_datetime");
  const end = value("end_datetime");
  if (!start || !end) return null;
  return start.slice(0, 10) < end.slice(0, 10) ? null : SETTING_MESSAGES.yearOrder;
}

/** The school's grade range must not run backwards, whichever end changes. */
function gradeRangeProblem(rows: SettingRow[], changes: { key: string; value: string }[]): string | null {
  if (!changes.some((c) => c.key === "grade_min" || c.key === "grade_max")) return null;
  const value = (key: string) =>
    changes.find((c) => c.key === key)?.value ?? rows.find((r) => r.key === key)?.value ?? null;
  const min = Number(value("grade_min"));
  const max = Number(value("grade_max"));
  if (!Number.isFinite(min) || !Number.isFinite(max)) return null;
  return min <= max ? null : SETTING_MESSAGES.gradeOrder;
}

/** The image type from the file's first bytes (never from its name or the browser's claim). */
export function imageTypeOf(bytes: Uint8Array): "image/png" | "image/jpeg" | "image/webp" | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/**
 * The image's width and height from its header, read by sharp without decoding a pixel (its own
 * pixel limit lifted, so a huge image is measured and refused here rather than failing there); null
 * when the bytes are not a readable image of that type.
 */
export async function imageSizeOf(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  const { default: sharp } = await import("sharp");
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/settings/logo: a PNG, JPEG or WebP of at most 1 MB and 4096 pixels a side becomes the school logo: stored as an
 * upload, school_logo pointed at it, audited, in one transaction. Answers with the settings.
 */
export async function uploadLogo(db: Db, principal: Principal, file: UploadedFile | null, now: Date) {
  if (!file) throw invalid({ file: [LOGO_MESSAGES.missing] }, LOGO_MESSAGES.missing);
  if (file.size > MAX_LOGO_BYTES) throw invalid({ file: [LOGO_MESSAGES.tooLarge] }, LOGO_MESSAGES.tooLarge);
  const bytes = file.bytes;
  const contentType = imageTypeOf(bytes);
  if (!contentType || bytes.length === 0)
    throw invalid({ file: [LOGO_MESSAGES.wrongType] }, LOGO_MESSAGES.wrongType);
  const size = await imageSizeOf(bytes);
  if (!size) throw invalid({ file: [LOGO_MESSAGES.unreadable] }, LOGO_MESSAGES.unreadable);
  if (size.width > MAX_LOGO_SIDE || size.height > MAX_LOGO_SIDE)
    throw invalid({ file: [LOGO_MESSAGES.tooManyPixels] }, LOGO_MESSAGES.tooManyPixels);
  const filename = (file.name || "logo").replace(/[\\/\u0000-\u001f]/g, "_").slice(-200);
  await db.transaction(async (tx) => {
    const upload = await insertUpload(tx, {
      kind: "logo",
      filename,
      content_type: contentType,
      size: bytes.length,
      data: Buffer.from(bytes),
      uploaded_by: principal.user.id,
      status: "processed",
      created_at: now,
      processed_at: now,
    });
    await updateSettingValues(tx, [{ key: "school_logo", value: logoFileName(upload.id, contentType) }], now);
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "settings.logo",
      details: { upload_id: upload.id, size: bytes.length, content_type: contentType },
      created_at: now,
    });
  });
  return getSettings(db);
}

/**
 * The logo an upload id names (null: the newest) as an image answer, 404 when there is none: GET
 * /api/settings/logo and the original client's /static/images/logos/{file name}.
 */
export async function logoFile(db: Db, id: number | null): Promise<FileAnswer> {
  const logo = id !== null ? await uploadById(db, "logo", id) : await newestUpload(db, "logo");
  if (!logo) throw notFound("No logo has been uploaded.");
  return new FileAnswer(new Uint8Array(logo.data), {
    contentType: logo.content_type,
    // A versioned address never changes what it serves.
    cacheControl: id !== null ? "public, max-age=31536000, immutable" : "public, max-age=300",
    headers: { "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'" },
  });
}
