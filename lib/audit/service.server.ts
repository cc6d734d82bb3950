import "server-only";
import type { Db } from "@/db";
import { auditActions, auditActors, listAuditEntries, type AuditFilter } from "@/db/queries/audit";
import { invalid } from "@/lib/api/errors.server";
import { readSchoolDate } from "@/lib/schedule/occurrence.server";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { addDays, schoolInstant } from "@/lib/core/time";
import { toCsv } from "@/lib/csv";
import { csvFile, type FileAnswer } from "@/lib/api/answers";
import { actionLabel, presentAuditEntry } from "./present";
import type { AuditQuery } from "./schemas";
import type { AuditLogView } from "./answers";

/** The page shows the newest this many matching entries; the CSV export carries up to EXPORT_LIMIT. */
export const PAGE_LIMIT = 1000;
export const EXPORT_LIMIT = 100_000;

/** Filters from the query, with the dates as the school day's bounds in its time zone. */
async function filterOf(db: Db, query: AuditQuery): Promise<{ filter: AuditFilter; timezone: string }> {
  const { timezone } = await schoolCalendarSettings(db);
  const from = query.from ? readSchoolDate(query.from, timezone, "from") : undefined;
  const to = query.to ? readSchoolDate(query.to, timezone, "to") : undefined;
  if (from && to && to < from) throw invalid({ to: ["The end date cannot be before the start date."] });
  return {
    timezone,
    filter: {
      actorUserId: query.actor,
      action: query.action,
      since: from ? schoolInstant(from, "00:00", timezone) : undefined,
      until: to ? schoolInstant(addDays(to, 1), "00:00", timezone) : undefined,
    },
  };
}

export type { AuditLogView };

/** GET /api/audit: the newest matching entries, and the choices for the actor and action filters. */
export async function auditLogView(db: Db, query: AuditQuery): Promise<AuditLogView> {
  const { filter } = await filterOf(db, query);
  const [rows, actors, actions] = await Promise.all([
    listAuditEntries(db, filter, PAGE_LIMIT + 1),
    auditActors(db),
    auditActions(db),
  ]);
  return {
    entries: rows.slice(0, PAGE_LIMIT).map(presentAuditEntry),
    truncated: rows.length > PAGE_LIMIT,
    limit: PAGE_LIMIT,
    actors: actors.map((a) => ({ user_id: a.user_id, name: a.name ?? "Unknown" })),
    actions: actions.map((a) => ({ action: a.action, label: actionLabel(a.action) })),
  };
}

/** GET /api/audit/export: every matching entry (up to EXPORT_LIMIT) as a CSV download. */
export async function exportAuditCsv(db: Db, query: AuditQuery, now: Date): Promise<FileAnswer> {
  const { filter, timezone } = await filterOf(db, query);
  const rows = (await listAuditEntries(db, filter, EXPORT_LIMIT)).map(presentAuditEntry);
  const csv = toCsv([
    ["Time", "Actor", "Action", "Target", "Target username", "Details"],
    ...rows.map((e) => [
      format(new TZDate(new Date(e.created_at), timezone), "yyyy-MM-dd HH:mm:ss"),
      e.actor?.name ?? "",
      e.action_label,
      e.target?.name ?? "",
      e.target?.username ?? "",
      e.summary,
    ]),
  ]);
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, "-");
  return csvFile(csv, `audit-log-${stamp}.csv`);
}
