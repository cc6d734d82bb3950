import { exportCaller, withExportSlot } from "@/lib/http/exports.server";
import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { attendanceReportAnswer } from "@/lib/reports/answers";
import { attendanceQuery } from "@/lib/reports/schemas";
import { attendanceReport, reportReach } from "@/lib/reports/service.server";

// GET /api/reports/attendance: attendance by student, teacher or day for a date range (JSON, or CSV with format=csv)
export const GET = route({ roles: ROLES.shell, tokenScopes: ["reports:read"], query: attendanceQuery, response: attendanceReportAnswer }, ({ db, user, apiToken, query, now }) =>
  query.format === "csv"
    ? withExportSlot(exportCaller(user, apiToken), () => attendanceReport(db, reportReach(user), query, now))
    : attendanceReport(db, reportReach(user), query, now),
);
