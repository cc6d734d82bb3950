import { presentStaffRef } from "@/lib/people/present-person";
import type { StaffRefRow } from "@/db/queries/staff-ref";
import type { ClusterHit, CourseHit, StaffHit, StudentHit } from "./answers";
import type { searchClusters, searchCourses, searchStaff, searchStudents } from "@/db/queries/search";

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/**
 * The spec's result shapes (students {id, first_name, last_name}, staff {id, title, first_name,
 * last_name}, courses {name, short_name}, clusters {id, name}) plus the details of the panel's second
 * line: a student's grade, number (only where the viewer may see it: the key is absent otherwise) and
 * homeroom teacher, a staff member's email, a course's teacher, a cluster's size.
 * Fields are only ever added here: the shapes are a contract with the original front end.
 */
export const presentStudents = (rows: Rows<typeof searchStudents>): StudentHit[] =>
  rows.map(({ id, first_name, last_name, grade, student_number, homeroom }) => ({
    id,
    first_name,
    last_name,
    grade,
    ...(student_number !== null && { student_number }),
    homeroom: homeroom ? presentStaffRef(typeof homeroom === "string" ? (JSON.parse(homeroom) as StaffRefRow) : homeroom) : null,
  }));

export const presentStaff = (rows: Rows<typeof searchStaff>): StaffHit[] =>
  rows.map(({ id, title, first_name, last_name, email }) => ({ id, title, first_name, last_name, email }));

export const presentCourses = (rows: Rows<typeof searchCourses>): CourseHit[] =>
  rows.map(({ id, name, short_name, teacher }) => ({
    id,
    name,
    short_name,
    teacher: teacher ? presentStaffRef(teacher) : null,
  }));

export const presentClusters = (rows: Rows<typeof searchClusters>): ClusterHit[] =>
  rows.map(({ id, name, member_count }) => ({ id, name, member_count }));

/** Matches of a kind before paging (every row of a page carries it; an empty page has none). */
export const totalOf = (rows: { total: number }[]) => rows[0]?.total ?? 0;
