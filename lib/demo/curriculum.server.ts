import "server-only";
import type { Db } from "@/db/client";
import { clusterMembers, clusters } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { WEEKDAY_NAMES } from "@/lib/calendar/generate";
import { saveTimetable } from "@/lib/calendar/timetable.server";
import { createCourse } from "@/lib/courses/service.server";
import { MAX_ENROL } from "@/lib/sections/schemas";
import { createSection, enrollStudents } from "@/lib/sections/service.server";
import { bulkInsert } from "./insert.server";
import { COURSE_BLOCKS, FOCUS_BLOCK, TIMETABLE } from "./calendar.server";
import type { SeededPeople } from "./people.server";
import type { Random } from "./random.server";
import { CITIES, SUBJECTS } from "./words.server";

export interface SeededBlocks {
  focusBlockId: number;
  idByLabel: Map<string, number>;
}

/**
 * Block 1–8 (course blocks) and the Focus Block (flex): the weekly timetable in force from the year's
 * start, saved as an administrator would (PUT /api/timetable's service), which creates the blocks and
 * generates the school days.
 */
export async function seedBlocks(db: Db, principal: Principal, yearStart: string, now: Date): Promise<SeededBlocks> {
  const labels = [...COURSE_BLOCKS, FOCUS_BLOCK];
  const saved = await saveTimetable(
    db,
    principal,
    {
      effective_from: yearStart,
      cycle: {
        kind: "weekly",
        day_types: [...new Set(TIMETABLE.map((meeting) => meeting.day))].sort().map((day) => WEEKDAY_NAMES[day]!),
      },
      blocks: labels.map((label) => ({
        label,
        flex: label === FOCUS_BLOCK,
        times: TIMETABLE.filter((meeting) => meeting.label === label).map((meeting) => ({
          day_type: WEEKDAY_NAMES[meeting.day]!,
          start: meeting.start,
          end: meeting.end,
        })),
      })),
    },
    now,
  );
  const idByLabel = new Map(saved.blocks.map((block) => [block.label, block.id]));
  return { focusBlockId: idByLabel.get(FOCUS_BLOCK)!, idByLabel };
}

interface CourseSpec {
  name: string;
  short_name: string;
  grade: number;
  block: string;
  teacherId: number;
}

/**
 * 24 courses (6 subjects × grades 9–12), attached round-robin to the 8 course blocks. Courses are
 * ordered grade by grade so every block offers a mix of grades; no teacher gets two courses in one block.
 */
function courseSpecs(people: SeededPeople): CourseSpec[] {
  const pool = people.staff.filter((s) => !s.administrator);
  const teachers = pool.length > 0 ? pool : people.staff;
  const busy = new Map<string, Set<number>>();
  let next = 0;
  const specs: CourseSpec[] = [];
  for (let grade = 9; grade <= 12; grade += 1) {
    for (const subject of SUBJECTS) {
      const block = COURSE_BLOCKS[specs.length % COURSE_BLOCKS.length]!;
      const inBlock = busy.get(block) ?? new Set<number>();
      let teacher = teachers[next % teachers.length]!;
      for (let tries = 0; inBlock.has(teacher.id) && tries < teachers.length; tries += 1) {
        next += 1;
        teacher = teachers[next % teachers.length]!;
      }
      next += 1;
      inBlock.add(teacher.id);
      busy.set(block, inBlock);
      specs.push({
        name: `${subject.name} ${grade}`,
        short_name: `${subject.short}${grade}`,
        grade,
        block,
        teacherId: teacher.id,
      });
    }
  }
  return specs;
}

/**
 * Courses, each with one section (its code the block's label) taught by its teacher in that block on
 * every day it meets, and one section per course block for every student from the year's first day:
 * created as an administrator would (POST /api/courses, /api/courses/{short_name}/sections and
 * /api/sections/{id}/enrollments' services), audited.
 */
export async function seedCourses(
  db: Db,
  principal: Principal,
  random: Random,
  people: SeededPeople,
  seededBlocks: SeededBlocks,
  yearStart: string,
  now: Date,
): Promise<void> {
  const specs = courseSpecs(people);
  const sectionOf = new Map<string, number>();
  for (const spec of specs) {
    await createCourse(db, principal, { name: spec.name, short_name: spec.short_name, teacher_id: spec.teacherId }, now);
    const section = await createSection(
      db,
      principal,
      spec.short_name,
      {
        code: spec.block,
        term_id: null,
        teacher_ids: [spec.teacherId],
        meetings: [{ block_id: seededBlocks.idByLabel.get(spec.block)!, day_type: null }],
      },
      now,
    );
    sectionOf.set(spec.short_name, section.id);
  }

  const studentsOf = new Map<number, number[]>();
  for (const student of people.students) {
    const grade = Math.min(12, Math.max(9, student.grade));
    for (const block of COURSE_BLOCKS) {
      const offered = specs.filter((course) => course.block === block);
      const sameGrade = offered.filter((course) => course.grade === grade);
      const course = random.pick(sameGrade.length > 0 ? sameGrade : offered);
      const sectionId = sectionOf.get(course.short_name)!;
      studentsOf.set(sectionId, [...(studentsOf.get(sectionId) ?? []), student.id]);
    }
  }
  for (const [sectionId, ids] of studentsOf) {
    for (let i = 0; i < ids.length; i += MAX_ENROL) {
      await enrollStudents(db, principal, sectionId, { student_ids: ids.slice(i, i + MAX_ENROL), begin_date: yearStart }, now);
    }
  }
}

export interface SeededCluster {
  id: number;
  name: string;
}

/** Five clusters named after cities, about eight students each; teacher@ owns the first, with student 100001 in it. */
export async function seedClusters(db: Db, random: Random, people: SeededPeople): Promise<SeededCluster[]> {
  const names = random.sample(CITIES, 5);
  const rows = await db
    .insert(clusters)
    .values(
      names.map((name, i) => ({
        name,
        owner_id: i === 0 ? people.teacher.id : random.pick(people.staff).id,
      })),
    )
    .returning({ id: clusters.id, name: clusters.name });
  const others = people.students.slice(1);
  const members: (typeof clusterMembers.$inferInsert)[] = [];
  rows.forEach((cluster, i) => {
    const chosen = random.sample(others, Math.min(others.length, random.between(6, 10)));
    if (i === 0) chosen.unshift(people.student);
    for (const student of chosen) members.push({ cluster_id: cluster.id, student_id: student.id });
  });
  await bulkInsert(db, clusterMembers, members);
  return rows;
}
