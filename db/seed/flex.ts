import type { Db } from "../client";
import { amendments, appointments, checkIns, plans } from "../schema";
import type { FocusOccurrence } from "./calendar";
import { bulkInsert } from "./insert";
import type { SeededPeople } from "./people";
import type { Random } from "./random";
import type { DemoStudentStory } from "./story";
import type { TopicGrid } from "./topics";
import { AMENDMENT_MEMOS, APPOINTMENT_MEMOS } from "./words";

/** Staff index of teacher@ in people.staff (admin@ is 0). */
const TEACHER = 1;
/** Student index of 100001. */
const STUDENT = 0;
const DAY = 24 * 60 * 60 * 1000;

const storyMemo = (future: boolean) =>
  future ? "Finish the lab write-up before the unit test" : "Rewrite the chemistry quiz";

interface Plan {
  student: number;
  staff: number;
  date: number;
}

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

/**
 * Each student plans into most Focus Blocks: often with a favourite teacher, never with a teacher
 * who is full or not taking students. Student 100001 goes first so the README's story always fits.
 */
function choosePlans(random: Random, people: SeededPeople, options: FlexOptions) {
  const staffCount = people.staff.length;
  const favourite = people.students.map(() => random.int(staffCount));
  const plansByDate: Plan[][] = [];
  const walkIns: Plan[] = [];
  const rest = people.students.slice(1).map((_, i) => i + 1);
  options.focus.forEach((occurrence, date) => {
    const topicsToday = options.grid[date]!;
    const open = people.staff.flatMap((_, i) => (topicsToday[i]!.available ? [i] : []));
    const seats = new Int32Array(staffCount);
    const fits = (staff: number) => topicsToday[staff]!.available && seats[staff]! < people.staff[staff]!.capacity;
    const today: Plan[] = [];
    for (const student of [STUDENT, ...random.shuffle(rest)]) {
      const story = student === STUDENT;
      if (!story && !random.chance(0.9)) {
        if (occurrence.past && open.length > 0 && random.chance(0.5)) {
          walkIns.push({ student, staff: random.pick(open), date });
        }
        continue;
      }
      let staff = story && options.story.withTeacher.has(date) ? TEACHER : favourite[student]!;
      if (!story && !random.chance(0.4)) staff = random.pick(open.length > 0 ? open : [staff]);
      for (let tries = 0; !fits(staff) && tries < 4 && open.length > 0; tries += 1) staff = random.pick(open);
      if (!fits(staff)) staff = open.find(fits) ?? -1;
      if (staff < 0) continue;
      seats[staff] += 1;
      today.push({ student, staff, date });
    }
    plansByDate.push(today);
  });
  return { plans: plansByDate.flat(), walkIns };
}

/** Plans, appointments, amendments and the check-ins of every Focus Block that has already ended. */
export async function seedFlexActivity(
  db: Db,
  random: Random,
  people: SeededPeople,
  options: FlexOptions,
): Promise<FlexCounts> {
  const { focus, focusBlockId, grid, story, now } = options;
  const { plans: chosen, walkIns } = choosePlans(random, people, options);
  const studentOf = (plan: Plan) => people.students[plan.student]!;
  const staffOf = (plan: Plan) => people.staff[plan.staff]!;
  const admins = people.staff.filter((s) => s.administrator);
  const bookedAt = (plan: Plan) => {
    const at = new Date(Math.min(now.getTime(), focus[plan.date]!.start.getTime() - 3 * DAY));
    return { created_at: at, updated_at: at };
  };
  const base = (plan: Plan) => ({
    student_id: studentOf(plan).id,
    staff_id: staffOf(plan).id,
    block_id: focusBlockId,
    date: focus[plan.date]!.date,
  });

  const appointmentRows: (typeof appointments.$inferInsert)[] = [];
  const amendmentRows: (typeof amendments.$inferInsert)[] = [];
  const excused = new Set<string>();
  for (const plan of chosen) {
    const isStory = plan.student === STUDENT;
    const appointment = isStory
      ? plan.date === story.futureAppointment || plan.date === story.pastAppointment
      : random.chance(plan.staff === TEACHER ? 0.12 : 0.03);
    const amendment = isStory ? plan.date === story.amendment : !appointment && random.chance(0.005);
    if (appointment) {
      const memo = isStory ? storyMemo(plan.date === story.futureAppointment) : random.pick(APPOINTMENT_MEMOS);
      appointmentRows.push({ ...base(plan), memo, ...bookedAt(plan) });
    } else if (amendment) {
      const by = isStory ? people.admin : random.pick(admins.length > 0 ? admins : [staffOf(plan)]);
      const memo = isStory ? "Excused: school band trip" : random.pick(AMENDMENT_MEMOS);
      amendmentRows.push({ ...base(plan), staff_id: by.id, memo, ...bookedAt(plan) });
      excused.add(`${plan.student}:${plan.date}`);
    }
  }

  const checkInRows: (typeof checkIns.$inferInsert)[] = [];
  const attend = (plan: Plan, walkIn: boolean) => {
    const occurrence = focus[plan.date]!;
    if (!occurrence.past || excused.has(`${plan.student}:${plan.date}`)) return;
    if (!walkIn && plan.student !== STUDENT && !random.chance(0.9)) return;
    const span = occurrence.end.getTime() - occurrence.start.getTime();
    checkInRows.push({
      ...base(plan),
      checked_in_by: staffOf(plan).user_id,
      topic_id: grid[plan.date]![plan.staff]!.topicId,
      method: random.chance(0.2) ? "roll-call" : "manual",
      checked_in_at: new Date(occurrence.start.getTime() + random.int(Math.floor(span * 0.6))),
    });
  };
  for (const plan of chosen) attend(plan, false);
  for (const plan of walkIns) attend(plan, true);

  await bulkInsert(db, plans, chosen.map(base));
  await bulkInsert(db, appointments, appointmentRows);
  await bulkInsert(db, amendments, amendmentRows);
  await bulkInsert(db, checkIns, checkInRows);
  return {
    plans: chosen.length,
    checkIns: checkInRows.length,
    appointments: appointmentRows.length,
    amendments: amendmentRows.length,
  };
}
