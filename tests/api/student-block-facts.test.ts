/** @jest-environment node */
import { sql } from "drizzle-orm";
import { executeRows } from "@/db/execute";
import { appointments, checkIns, plans } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent } from "../helpers/factories";
import { createFocusBlock } from "../helpers/timetable-factories";

/**
 * student_block_facts (db/schema/facts.ts) is derived from plans, appointments and check_ins by
 * statement triggers (migrations 0031 and 0032): after any write, by any path, it must hold exactly what
 * a direct build from the three tables holds. Each step below writes the way some part of the app does
 * (bulk inserts, an upsert, a delete and insert in one statement, a move, cascades, a truncate) and
 * compares the two in one snapshot.
 */
const state = useTestDb();

const DATES = ["2026-11-02", "2026-11-03", "2026-11-04"];

/** Rows of the facts table that a direct build lacks, and the other way round (both empty when in step). */
async function drift() {
  return executeRows<{ side: string; date: string; student_id: number }>(
    state.db,
    sql`with direct as (
      select k.date, k.block_id, k.student_id, p.source as plan_source, p.staff_id as plan_staff_id,
        (select a.staff_id from appointments a where a.student_id = k.student_id and a.block_id = k.block_id
          and a.date = k.date order by a.id limit 1) as appointment_staff_id,
        ci.id as check_in_id, ci.staff_id as check_in_staff_id
      from (select student_id, block_id, date from plans union select student_id, block_id, date from check_ins
            union select student_id, block_id, date from appointments) k
      left join plans p on p.student_id = k.student_id and p.block_id = k.block_id and p.date = k.date
      left join check_ins ci on ci.student_id = k.student_id and ci.block_id = k.block_id and ci.date = k.date
    ),
    direct_kept as (select * from direct where plan_source is not null or check_in_id is not null or appointment_staff_id is not null),
    facts as (select date, block_id, student_id, plan_source, plan_staff_id, appointment_staff_id, check_in_id, check_in_staff_id
      from student_block_facts)
    select 'facts only' as side, date::text, student_id from (select * from facts except select * from direct_kept) x
    union all
    select 'direct only', date::text, student_id from (select * from direct_kept except select * from facts) y`,
  );
}

let blockId: number;
let teachers: number[];
let pupils: number[];

beforeAll(async () => {
  const block = await createFocusBlock(state.db, { days: [1, 2, 3, 4, 5] });
  blockId = block.id;
  teachers = [];
  for (let i = 0; i < 3; i++) teachers.push((await createStaff(state.db)).staff.id);
  pupils = [];
  for (let i = 0; i < 6; i++) pupils.push((await createStudent(state.db)).student.id);
});

const ofStudents = () => sql.raw(`array[${pupils.join(",")}]::int[]`);

it("follows bulk inserts of plans and check-ins, and an upsert that inserts some and skips others", async () => {
  await state.db.insert(plans).values(
    pupils.flatMap((student_id, i) => DATES.map((date) => ({ student_id, block_id: blockId, date, staff_id: teachers[i % 3]!, source: "placed" as const }))),
  );
  expect(await drift()).toEqual([]);
  await state.db.insert(checkIns).values(
    pupils.slice(0, 4).map((student_id) => ({ student_id, block_id: blockId, date: DATES[0]!, staff_id: teachers[1]!, checked_in_at: new Date() })),
  );
  // As the check-in does it: some students already checked in, the rest inserted.
  await state.db.execute(sql`insert into check_ins (student_id, block_id, date, staff_id, checked_in_at)
    select s, ${blockId}, ${DATES[0]}::date, ${teachers[2]}, now() from unnest(${ofStudents()}) s
    on conflict (student_id, block_id, date) do nothing`);
  expect(await drift()).toEqual([]);
  const [row] = await executeRows<{ n: number }>(state.db, sql`select count(*)::int as n from student_block_facts where check_in_id is not null`);
  expect(row!.n).toBe(6);
});

it("follows appointments, plans changed, a plan deleted and inserted again by one statement, and a check-in moved", async () => {
  await state.db.insert(appointments).values([
    { student_id: pupils[0]!, staff_id: teachers[2]!, block_id: blockId, date: DATES[1]!, memo: "" },
    { student_id: pupils[0]!, staff_id: teachers[0]!, block_id: blockId, date: DATES[1]!, memo: "" },
    { student_id: pupils[5]!, staff_id: teachers[1]!, block_id: blockId, date: "2026-11-05", memo: "" },
  ]);
  expect(await drift()).toEqual([]);
  await state.db.execute(sql`update plans set staff_id = ${teachers[0]}, source = 'chosen' where student_id = ${pupils[1]}`);
  expect(await drift()).toEqual([]);
  // The triggers of the two parts fire in either order; the key keeps its new plan.
  await state.db.execute(sql`with gone as (delete from plans where student_id = ${pupils[2]} and date = ${DATES[1]}::date returning student_id, block_id, date)
    insert into plans (student_id, block_id, date, staff_id, source) select student_id, block_id, date, ${teachers[2]}, 'waitlist' from gone`);
  expect(await drift()).toEqual([]);
  await state.db.execute(sql`update check_ins set date = ${DATES[2]}::date where student_id = ${pupils[3]} and date = ${DATES[0]}::date`);
  expect(await drift()).toEqual([]);
});

it("follows deletes: a check-in undone, plans removed, an appointment cancelled, a student's rows by cascade", async () => {
  await state.db.execute(sql`delete from check_ins where student_id = ${pupils[0]} and date = ${DATES[0]}::date`);
  await state.db.execute(sql`delete from plans where student_id = ${pupils[4]}`);
  expect(await drift()).toEqual([]);
  // pupil 4 still has a check-in on the first date: that row stays, with no plan.
  const [kept] = await executeRows<{ n: number }>(state.db, sql`select count(*)::int as n from student_block_facts where student_id = ${pupils[4]}`);
  expect(kept!.n).toBe(1);
  await state.db.execute(sql`delete from appointments where student_id = ${pupils[0]} and staff_id = ${teachers[2]}`);
  await state.db.execute(sql`delete from appointments where student_id = ${pupils[5]}`);
  expect(await drift()).toEqual([]);
  await state.db.execute(sql`delete from users where id = (select user_id from students where id = ${pupils[1]})`);
  expect(await drift()).toEqual([]);
  const [gone] = await executeRows<{ n: number }>(state.db, sql`select count(*)::int as n from student_block_facts where student_id = ${pupils[1]}`);
  expect(gone!.n).toBe(0);
});

it("is built again after a truncate", async () => {
  await state.db.execute(sql`truncate check_ins cascade`);
  expect(await drift()).toEqual([]);
  await state.db.execute(sql`truncate appointments`);
  await state.db.execute(sql`truncate plans`);
  expect(await drift()).toEqual([]);
  const [left] = await executeRows<{ n: number }>(state.db, sql`select count(*)::int as n from student_block_facts`);
  expect(left!.n).toBe(0);
});
