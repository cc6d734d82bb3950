import "server-only";
import type { Db } from "@/db";
import { findImport, staffBySourcedIds } from "@/db/queries/imports";
import type { Principal } from "@/lib/auth/principal";
import { importReport } from "@/lib/imports/report.server";
import type { ImportOrRosterReport, OneRosterReport, OneRosterResult } from "./present";

/**
 * GET /api/imports/{id}. Every import is one entry of the history (lib/imports/report.server.ts); a
 * OneRoster import's report adds its result (counts, problems, the rows skipped to protect administrators
 * and sysadmins, overwritten and kept values, terms, homerooms) and each person the SIS calls an
 * administrator with their staff record as it is now, for the one-click "Make administrator"
 * (PUT /api/staff/{id}, with its own rules). Two statements more, for a OneRoster import only.
 */
export async function importOrRosterReport(
  db: Db,
  principal: Principal,
  id: number,
  now: Date,
): Promise<ImportOrRosterReport> {
  const report = await importReport(db, principal, id, now);
  if (report.kind !== "oneroster") return report;
  const row = await findImport(db, id);
  const result = (row?.result ?? null) as OneRosterResult | null;
  const listed = result?.sis_administrators ?? [];
  const staffOf = new Map(
    (
      await staffBySourcedIds(
        db,
        listed.map((a) => a.sourced_id),
      )
    ).map((s) => [s.sourced_id!, s]),
  );
  const oneroster: OneRosterReport | null = result && {
    ...result,
    sis_administrators: listed.map((a) => {
      const member = staffOf.get(a.sourced_id);
      return {
        ...a,
        staff_id: member?.id ?? null,
        administrator: member?.administrator ?? false,
        staff: member
          ? {
              id: member.id,
              first_name: member.first_name,
              last_name: member.last_name,
              title: member.title,
              initials: member.initials,
            }
          : null,
      };
    }),
  };
  return { ...report, oneroster };
}
