import { z } from "zod";
import { idOf, numeric, schoolDate } from "@/lib/api/schemas";

/** An empty query parameter (a cleared filter) means "no filter". */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** The longest range one report covers: a school year and some. */
export const MAX_REPORT_DAYS = 400;

export const GROUP_BY = ["student", "teacher", "day"] as const;
export type GroupBy = (typeof GROUP_BY)[number];

/** Any grade a school can have (pre-K -1 to 13): the school's own range is a setting (grade_min, grade_max). */
export const gradeFilter = optional(
  numeric(
    z
      .number({ error: "Grades run from -1 (pre-K) to 13." })
      .int({ error: "Grades run from -1 (pre-K) to 13." })
      .min(-1, { error: "Grades run from -1 (pre-K) to 13." })
      .max(13, { error: "Grades run from -1 (pre-K) to 13." }),
  ),
);

const range = {
  from: schoolDate,
  to: schoolDate,
};

/** GET /api/reports/attendance: a date range, a view, filters, and JSON or CSV. */
export const attendanceQuery = z.object({
  ...range,
  group_by: z.enum(GROUP_BY, { error: "Group by student, teacher or day." }),
  grade: gradeFilter,
  cluster_id: optional(idOf("cluster")),
  /** Drill-down: one student's blocks in the range (with group_by=student). */
  student_id: optional(idOf("student")),
  format: optional(z.enum(["json", "csv"], { error: "The format is json or csv." })),
});
export type AttendanceQuery = z.infer<typeof attendanceQuery>;

/** GET /api/reports/sis-export: a date range (the SIS pulls one day nightly). */
export const sisExportQuery = z.object(range);
export type SisExportQuery = z.infer<typeof sisExportQuery>;
