/** @jest-environment node */
import { eq } from "drizzle-orm";
import { POST as addMembers } from "@/app/api/clusters/[id]/members/route";
import { POST as createCluster } from "@/app/api/clusters/route";
import { clusterMembers, students } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";

/**
 * Clusters take student numbers (a class list is a column of numbers): POST /api/clusters/{id}/members with
 * {student_numbers}, pasted or from a CSV. One transaction: an unknown number or an archived student
 * refuses the whole request (422 naming them); already-members are left as they are.
 */

const state = useTestDb();
let adminToken: string;
let teacherToken: string;

beforeAll(async () => {
  adminToken = await tokenFor(state.db, await createAdmin(state.db));
  teacherToken = await tokenFor(state.db, await createStaff(state.db));
});

let clusterSeq = 0;
async function newCluster(student_ids: number[] = []) {
  const res = await call(createCluster, {
    token: adminToken,
    body: { name: `Advisory ${++clusterSeq}`, student_ids },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}
const add = (id: number, body: unknown, token = adminToken) =>
  call(addMembers, { token, params: { id: String(id) }, body });
const membersOf = async (id: number) =>
  (await state.db.select().from(clusterMembers).where(eq(clusterMembers.cluster_id, id)))
    .map((row) => row.student_id)
    .sort((a, b) => a - b);
const newStudents = async (n: number) => {
  const rows = [];
  for (let i = 0; i < n; i++) rows.push((await createStudent(state.db)).student);
  return rows;
};

describe("POST /api/clusters/{id}/members with student_numbers", () => {
  it("adds the students with those numbers, ignoring ones already in it and repeats", async () => {
    const [a, b, c] = await newStudents(3);
    const id = await newCluster([a!.id]);
    const res = await add(id, {
      student_numbers: [a!.student_number, ` ${b!.student_number} `, c!.student_number, c!.student_number],
    });
    expect(res.status).toBe(200);
    expect(res.body.member_count).toBe(3);
    expect(await membersOf(id)).toEqual([a!.id, b!.id, c!.id].sort((x, y) => x - y));
  });

  it("refuses unknown numbers with 422 listing them, and adds nothing", async () => {
    const [a] = await newStudents(1);
    const id = await newCluster();
    const res = await add(id, { student_numbers: [a!.student_number, "NOPE-1", "NOPE-2"] });
    expect(res.status).toBe(422);
    expect(res.body.errors.student_numbers).toEqual(["These student numbers are not known: NOPE-1, NOPE-2."]);
    expect(await membersOf(id)).toEqual([]);
  });

  it("refuses an archived student with 422, and adds nothing", async () => {
    const [a, gone] = await newStudents(2);
    await state.db.update(students).set({ archived_at: new Date() }).where(eq(students.id, gone!.id));
    const id = await newCluster();
    const res = await add(id, { student_numbers: [a!.student_number, gone!.student_number] });
    expect(res.status).toBe(422);
    expect(res.body.errors.student_numbers).toEqual([`This student is archived: ${gone!.student_number}.`]);
    expect(await membersOf(id)).toEqual([]);
  });

  it("runs the same statements for 2 numbers as for 40", async () => {
    const many = await newStudents(40);
    const small = await newCluster();
    const big = await newCluster();
    const count = async (id: number, numbers: string[]) => {
      const { statements, result } = await statementsOf(adminToken, () =>
        add(id, { student_numbers: numbers }),
      );
      expect(result.status).toBe(200);
      return statements;
    };
    const two = await count(
      small,
      many.slice(0, 2).map((s) => s.student_number),
    );
    const forty = await count(
      big,
      many.map((s) => s.student_number),
    );
    expect(forty).toBe(two);
    expect((await membersOf(big)).length).toBe(40);
  });

  it("keeps the student_ids body, and refuses both, neither, an empty list and a teacher", async () => {
    const [a] = await newStudents(1);
    const id = await newCluster();
    expect((await add(id, { student_ids: [a!.id] })).status).toBe(200);
    const both = await add(id, { student_ids: [a!.id], student_numbers: [a!.student_number] });
    expect(both.status).toBe(422);
    expect(both.body.errors.student_numbers).toEqual(["Give student ids or student numbers, not both."]);
    expect((await add(id, {})).status).toBe(422);
    const empty = await add(id, { student_numbers: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.student_numbers).toEqual(["Give at least one student number."]);
    expect((await add(id, { student_numbers: [a!.student_number] }, teacherToken)).status).toBe(403);
  });
});
