import { z } from "zod";
import { idOf, numeric, schoolDate } from "@/lib/api/schemas";

/** An empty query parameter (a cleared filter) means "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** The longest range one report covers: a school year and some. */
export const MAX_REPORT_DAYS = 400;

export const GROUP_BY = ["student", "teacher", "day"] as const;
export type GroupBy = (typeof GROUP_BY)[number];

const range = {
  from: schoolDate,
  to: schoolDate,
};

/** GET /api/reports/attendance: a date range, a view, filters, and JSON or CSV. */
export const attendanceQuery = z.object({
  ...range,
  group_by: z.enum(GROUP_BY, { error: "Group by student, teacher or day." }),
  grade: optional(
    numeric(
      z
        .number({ error: "Grades run from 8 to 12." })
        .int({ error: "Grades run from 8 to 12." })
        .min(8, { error: "Grades run from 8 to 12." })
        .max(12, { error: "Grades run from 8 to 12." }),
    ),
  ),
  cluster_id: optional(idOf("cluster")),
  /** Drill-down: one student's blocks in the range (with group_by=student). */
  student_id: optional(idOf("student")),
  format: optional(z.enum(["json", "csv"], { error: "The format is json or csv." })),
});
export type AttendanceQuery = z.infer<typeof attendanceQuery>;

/** GET /api/reports/sis-export: a date range (the SIS pulls one day nightly). */
export const sisExportQuery = z.object(range);
export type SisExportQuery = z.infer<typeof sisExportQuery>;
