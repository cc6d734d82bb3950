/** @jest-environment node */
import { POST as archiveRoute } from "@/app/api/students/[id]/archive/route";
import { POST as restoreRoute } from "@/app/api/students/[id]/restore/route";
import { DELETE as removeMemberRoute } from "@/app/api/clusters/[id]/members/[student_id]/route";
import { POST as addMembersRoute } from "@/app/api/clusters/[id]/members/route";
import { GET as clusterRoute } from "@/app/api/clusters/[id]/route";
import { GET as clusterListRoute, POST as createClusterRoute } from "@/app/api/clusters/route";
import { GET as courseRoute } from "@/app/api/courses/[short_name]/route";
import { GET as schedulerOptionsRoute } from "@/app/api/power-scheduler/options/route";
import { courses } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createCluster, enroll } from "../helpers/schedule-factories";

/**
 * A student who leaves is archived: hidden from lists, search, pickers and check-in until restored
 * (history stays, lists forget them; the student list, search, check-in and sign-in: people-admin.test.ts). Here: the lists a
 * course's and a cluster's page show, a cluster's member count, and the Power Scheduler's picker.
 */
const state = useTestDb();
const tokens = {} as Record<"admin" | "teacher", string>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  admin = await createAdmin(state.db);
  tokens.admin = await tokenFor(state.db, admin);
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
});

it("leaves an archived student out of course and cluster members, cluster counts and the Power Scheduler's picker", async () => {
  const stays = await createStudent(state.db, { first_name: "Stays", last_name: "Member" });
  const leaves = await createStudent(state.db, { first_name: "Leaves", last_name: "Member" });
  const [course] = await state.db
    .insert(courses)
    .values({ name: "Archive Science 9", short_name: "ARCSCI9", owner_id: admin.staff.id })
    .returning();
  for (const { student } of [stays, leaves]) {
    await enroll(state.db, { student_id: student.id, course_id: course!.id });
  }
  const cluster = await createCluster(state.db, {
    name: "Archive Club",
    student_ids: [stays.student.id, leaves.student.id],
  });
  const ids = (list: { id: number }[]) => list.map((s) => s.id).sort((a, b) => a - b);
  const members = async () => {
    const coursePage = await call(courseRoute, { token: tokens.teacher, params: { short_name: "ARCSCI9" } });
    const clusterPage = await call(clusterRoute, {
      token: tokens.teacher,
      params: { id: String(cluster.id) },
    });
    const list = await call(clusterListRoute, { token: tokens.teacher });
    const picker = await call(schedulerOptionsRoute, { token: tokens.admin });
    return {
      course: ids(coursePage.body.students),
      cluster: ids(clusterPage.body.members),
      count: clusterPage.body.member_count,
      listed: list.body.find((c: { id: number }) => c.id === cluster.id).member_count,
      picked: ids(picker.body.students).filter((id) => id === stays.student.id || id === leaves.student.id),
    };
  };
  const both = [stays.student.id, leaves.student.id].sort((a, b) => a - b);
  const all = { course: both, cluster: both, count: 2, listed: 2, picked: both };
  expect(await members()).toEqual(all);

  const id = { id: String(leaves.student.id) };
  expect((await call(archiveRoute, { token: tokens.admin, params: id })).status).toBe(200);
  const only = [stays.student.id];
  expect(await members()).toEqual({ course: only, cluster: only, count: 1, listed: 1, picked: only });

  expect((await call(restoreRoute, { token: tokens.admin, params: id })).status).toBe(200);
  expect(await members()).toEqual(all);
});

it("cannot be added to a cluster (422, as an unknown student), but can still be taken out of one", async () => {
  const gone = await createStudent(state.db, { first_name: "Gone", last_name: "Member" });
  const cluster = await createCluster(state.db, { name: "Leavers' Club", student_ids: [gone.student.id] });
  expect(
    (await call(archiveRoute, { token: tokens.admin, params: { id: String(gone.student.id) } })).status,
  ).toBe(200);
  const other = await createCluster(state.db, { name: "Newcomers", student_ids: [] });
  const add = await call(addMembersRoute, {
    token: tokens.admin,
    params: { id: String(other.id) },
    body: { student_ids: [gone.student.id] },
  });
  expect([add.status, add.body.errors?.student_ids]).toEqual([
    422,
    ["Some of those students could not be found."],
  ]);
  const created = await call(createClusterRoute, {
    token: tokens.admin,
    body: { name: "Another club", student_ids: [gone.student.id] },
  });
  expect(created.status).toBe(422);
  const removed = await call(removeMemberRoute, {
    token: tokens.admin,
    params: { id: String(cluster.id), student_id: String(gone.student.id) },
  });
  expect(removed.status).toBe(200);
});
