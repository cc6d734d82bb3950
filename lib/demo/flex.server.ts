import "server-only";
import type { Db } from "@/db/client";
import { amendments, appointments, checkIns, plans } from "@/db/schema";
import type { FocusOccurrence } from "./calendar.server";
import { BulkWriter } from "./insert.server";
import type { SeededPeople } from "./people.server";
import type { Random } from "./random.server";
import type { DemoStudentStory } from "./story.server";
import type { TopicGrid } from "./topics.server";
import { AMENDMENT_MEMOS, APPOINTMENT_MEMOS } from "./words.server";

/** Staff index of teacher@ in people.staff (admin@ is 0). */
const TEACHER = 1;
/** Student index of 100001. */
const STUDENT = 0;
const DAY = 24 * 60 * 60 * 1000;

/** How the generated school behaves: most students plan and show up; a few are booked or excused. */
const RATES = {
  plans: 0.9,
  favourite: 0.4,
  walkIn: 0.5,
  attends: 0.9,
  rollCall: 0.2,
  appointment: 0.03,
  teacherAppointment: 0.12,
  amendment: 0.005,
};

export interface FlexOptions {
  now: Date;
  focus: FocusOccurrence[];
  focusBlockId: number;
  grid: TopicGrid;
  story: DemoStudentStory;
}

export interface FlexCounts {
  plans: number;
  checkIns: number;
  appointments: number;
  amendments: number;
}

/** A student (index into people.students) with a staff member (index into people.staff). */
interface Pairing {
  student: number;
  staff: number;
}

/**
 * One Focus date's plans: most students plan, often with a favourite teacher, never with a teacher
 * who is full or not taking students. Student 100001 goes first so the README's story always fits.
 * Past dates also get walk-ins: students who had not planned but checked in somewhere.
 */
function choosePlans(
  random: Random,
  people: SeededPeople,
  options: FlexOptions,
  date: number,
  favourite: number[],
) {
  const topicsToday = options.grid[date]!;
  const open = people.staff.flatMap((_, i) => (topicsToday[i]!.available ? [i] : []));
  const seats = new Int32Array(people.staff.length);
  const fits = (staff: number) =>
    topicsToday[staff]!.available && seats[staff]! < people.staff[staff]!.capacity;
  const planned: Pairing[] = [];
  const walkIns: Pairing[] = [];
  const others = random.shuffle(Array.from({ length: people.students.length - 1 }, (_, i) => i + 1));
  for (const student of [STUDENT, ...others]) {
    const story = student === STUDENT;
    if (story && date === options.story.open) continue;
    if (!story && !random.chance(RATES.plans)) {
      if (options.focus[date]!.past && open.length > 0 && random.chance(RATES.walkIn)) {
        walkIns.push({ student, staff: random.pick(open) });
      }
      continue;
    }
    let staff = story && options.story.withTeacher.has(date) ? TEACHER : favourite[student]!;
    if (!story && !random.chance(RATES.favourite)) staff = random.pick(open.length > 0 ? open : [staff]);
    for (let tries = 0; !fits(staff) && tries < 4 && open.length > 0; tries += 1) staff = random.pick(open);
    if (!fits(staff)) staff = open.find(fits) ?? -1;
    if (staff < 0) continue;
    seats[staff] += 1;
    planned.push({ student, staff });
  }
  return { planned, walkIns };
}

/**
 * Plans, appointments (on a few plans, same teacher), amendments (on a few others) and the check-ins
 * of every Focus Block that has already ended, written date by date.
 */
export async function seedFlexActivity(
  db: Db,
  random: Random,
  people: SeededPeople,
  options: FlexOptions,
): Promise<FlexCounts> {
  const { focus, focusBlockId, grid, story, now } = options;
  const writers = {
    plans: new BulkWriter(db, plans),
    appointments: new BulkWriter(db, appointments),
    amendments: new BulkWriter(db, amendments),
    checkIns: new BulkWriter(db, checkIns),
  };
  const favourite = people.students.map(() => random.int(people.staff.length));
  const admins = people.staff.filter((s) => s.administrator);

  for (const [date, occurrence] of focus.entries()) {
    const { planned, walkIns } = choosePlans(random, people, options, date, favourite);
    const at = new Date(Math.min(now.getTime(), occurrence.start.getTime() - 3 * DAY));
    const row = ({ student, staff }: Pairing) => ({
      student_id: people.students[student]!.id,
      staff_id: people.staff[staff]!.id,
      block_id: focusBlockId,
      date: occurrence.date,
    });
    const excused = new Set<number>();
    for (const plan of planned) {
      await writers.plans.push(row(plan));
      const isStory = plan.student === STUDENT;
      const booked = isStory
        ? date === story.futureAppointment || date === story.pastAppointment
        : random.chance(plan.staff === TEACHER ? RATES.teacherAppointment : RATES.appointment);
      if (booked) {
        const memo = isStory ? storyAppointmentMemo(!occurrence.past) : random.pick(APPOINTMENT_MEMOS);
        await writers.appointments.push({ ...row(plan), memo, created_at: at, updated_at: at });
      } else if (isStory ? date === story.amendment : random.chance(RATES.amendment)) {
        const by = isStory
          ? people.admin
          : random.pick(admins.length > 0 ? admins : [people.staff[plan.staff]!]);
        const memo = isStory ? "Excused: school band trip" : random.pick(AMENDMENT_MEMOS);
        await writers.amendments.push({
          ...row(plan),
          staff_id: by.id,
          memo,
          created_at: at,
          updated_at: at,
        });
        excused.add(plan.student);
      }
    }
    if (!occurrence.past) continue;

    const span = occurrence.end.getTime() - occurrence.start.getTime();
    const attended = [
      ...planned.filter(
        (p) => !excused.has(p.student) && (p.student === STUDENT || random.chance(RATES.attends)),
      ),
      ...walkIns,
    ];
    for (const pairing of attended) {
      await writers.checkIns.push({
        ...row(pairing),
        checked_in_by: people.staff[pairing.staff]!.user_id,
        topic_id: grid[date]![pairing.staff]!.topicId,
        method: random.chance(RATES.rollCall) ? "roll-call" : "manual",
        checked_in_at: new Date(occurrence.start.getTime() + random.int(Math.floor(span * 0.6))),
      });
    }
  }

  for (const writer of Object.values(writers)) await writer.flush();
  return {
    plans: writers.plans.written,
    checkIns: writers.checkIns.written,
    appointments: writers.appointments.written,
    amendments: writers.amendments.written,
  };
}

function storyAppointmentMemo(upcoming: boolean): string {
  return upcoming ? "Finish the lab write-up before the unit test" : "Rewrite the chemistry quiz";
}
