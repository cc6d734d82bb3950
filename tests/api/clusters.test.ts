/** @jest-environment node */
import { and, eq, like } from "drizzle-orm";
import { DELETE as removeMember } from "@/app/api/clusters/[id]/members/[student_id]/route";
import { POST as addMembers } from "@/app/api/clusters/[id]/members/route";
import { GET as clusterPage, PUT as rename, DELETE as deleteCluster } from "@/app/api/clusters/[id]/route";
import { GET as clusterList, POST as createCluster } from "@/app/api/clusters/route";
import { POST as star } from "@/app/api/star/route";
import { auditLog, clusterMembers, clusters } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";

const state = useTestDb();
const tokens = {} as Record<"admin" | "teacher" | "student" | "sysadmin", string>;
let adminStaffId: number;

beforeAll(async () => {
  const admin = await createAdmin(state.db, { title: "Ms.", first_name: "Amara", last_name: "Okafor" });
  adminStaffId = admin.staff.id;
  tokens.admin = await tokenFor(state.db, admin);
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
  tokens.student = await tokenFor(state.db, await createStudent(state.db));
  tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
});

const student = async (first_name: string, last_name: string, grade = 9) =>
  (await createStudent(state.db, { first_name, last_name, grade })).student;

async function newCluster(name: string, student_ids: number[] = []) {
  const res = await call(createCluster, { token: tokens.admin, body: { name, student_ids } });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string };
}

describe("reading clusters", () => {
  it("shows a cluster's members by last name, its owner and the viewer's star", async () => {
    const ann = await student("Ann", "Young", 12);
    const bo = await student("Bo", "Abel", 8);
    const cluster = await newCluster("Robotics", [ann.id, bo.id]);

    const res = await call(clusterPage, { token: tokens.teacher, params: { id: String(cluster.id) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: cluster.id,
      name: "Robotics",
      hidden: false,
      owner: { id: adminStaffId, name: "Ms. Okafor, Amara" },
      member_count: 2,
      members: [
        {
          id: bo.id,
          first_name: "Bo",
          last_name: "Abel",
          name: "Bo Abel",
          grade: 8,
          initials: "SS",
          color: "green",
        },
        {
          id: ann.id,
          first_name: "Ann",
          last_name: "Young",
          name: "Ann Young",
          grade: 12,
          initials: "SS",
          color: "green",
        },
      ],
      starred: false,
    });
    await call(star, { token: tokens.teacher, body: { item_type: "cluster", item_id: cluster.id } });
    expect(
      (await call(clusterPage, { token: tokens.teacher, params: { id: String(cluster.id) } })).body.starred,
    ).toBe(true);
    expect(
      (await call(clusterPage, { token: tokens.sysadmin, params: { id: String(cluster.id) } })).body.starred,
    ).toBe(false);

    const list = await call(clusterList, { token: tokens.teacher });
    expect(list.body).toContainEqual({ id: cluster.id, name: "Robotics", hidden: false, member_count: 2 });
  });

  it("reads a cluster with the same statements whatever its size", async () => {
    const small = await newCluster("Small", [(await student("One", "Only")).id]);
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push((await student(`S${i}`, "Many")).id);
    const big = await newCluster("Big", ids);
    const count = async (id: number) =>
      (await statementsOf(tokens.teacher, () => call(clusterPage, { token: tokens.teacher, params: { id: String(id) } })))
        .statements;
    expect(await count(big.id)).toBe(await count(small.id));
  });

  it("answers 404 for an unknown cluster, 422 for a bad id, 403 for students, 401 signed out", async () => {
    expect((await call(clusterPage, { token: tokens.teacher, params: { id: "999999" } })).status).toBe(404);
    expect((await call(clusterPage, { token: tokens.teacher, params: { id: "x" } })).status).toBe(422);
    expect((await call(clusterPage, { token: tokens.student, params: { id: "1" } })).status).toBe(403);
    expect((await call(clusterList, { token: tokens.student })).status).toBe(403);
    expect((await call(clusterList)).status).toBe(401);
  });
});

describe("changing clusters", () => {
  it("is for administrators and sysadmins: teachers get 403 on every write", async () => {
    const cluster = await newCluster("Teachers may not");
    const id = String(cluster.id);
    const token = tokens.teacher;
    expect((await call(createCluster, { token, body: { name: "Mine" } })).status).toBe(403);
    expect((await call(rename, { token, method: "PUT", params: { id }, body: { name: "New" } })).status).toBe(
      403,
    );
    expect((await call(addMembers, { token, params: { id }, body: { student_ids: [1] } })).status).toBe(403);
    expect(
      (await call(removeMember, { token, method: "DELETE", params: { id, student_id: "1" } })).status,
    ).toBe(403);
    expect((await call(deleteCluster, { token, method: "DELETE", params: { id } })).status).toBe(403);
    const bySysadmin = await call(createCluster, { token: tokens.sysadmin, body: { name: "Sysadmin's" } });
    expect(bySysadmin.status).toBe(201);
    expect(bySysadmin.body.owner).toBeNull();
  });

  it("refuses bad input: 400 unreadable, 422 empty name or unknown students, 409 a name in use", async () => {
    const token = tokens.admin;
    await newCluster("Chess Club");
    expect((await call(createCluster, { token, rawBody: "[" })).status).toBe(400);
    const empty = await call(createCluster, { token, body: { name: "  " } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name).toEqual(["This field cannot be empty."]);
    const unknown = await call(createCluster, { token, body: { name: "Ghosts", student_ids: [999999] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.student_ids).toEqual(["Some of those students could not be found."]);
    expect(await state.db.select().from(clusters).where(eq(clusters.name, "Ghosts"))).toEqual([]);
    const taken = await call(createCluster, { token, body: { name: "chess club " } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("cluster_exists");
    expect(
      (await call(addMembers, { token, params: { id: "999999" }, body: { student_ids: [1] } })).status,
    ).toBe(404);
    expect((await call(addMembers, { token, params: { id: "1" }, body: { student_ids: [] } })).status).toBe(
      422,
    );
  });

  it("renames, adds members once each, removes one, and deletes the cluster but not its students", async () => {
    const token = tokens.admin;
    const a = await student("Ada", "Ames");
    const b = await student("Ben", "Burr");
    const cluster = await newCluster("Band", [a.id]);
    const id = String(cluster.id);

    const renamed = await call(rename, { token, method: "PUT", params: { id }, body: { name: "Jazz Band" } });
    expect(renamed.body).toMatchObject({ name: "Jazz Band", member_count: 1 });
    const same = await call(rename, { token, method: "PUT", params: { id }, body: { name: "jazz band" } });
    expect(same.status).toBe(200);

    const added = await call(addMembers, {
      token,
      params: { id },
      body: { student_ids: [a.id, b.id, b.id] },
    });
    expect(added.status).toBe(200);
    expect(added.body.members.map((m: { id: number }) => m.id)).toEqual([a.id, b.id]);

    const removed = await call(removeMember, {
      token,
      method: "DELETE",
      params: { id, student_id: String(a.id) },
    });
    expect(removed.body.members.map((m: { id: number }) => m.id)).toEqual([b.id]);
    expect(
      (await call(removeMember, { token, method: "DELETE", params: { id, student_id: String(a.id) } }))
        .status,
    ).toBe(404);

    expect((await call(deleteCluster, { token, method: "DELETE", params: { id } })).status).toBe(200);
    expect((await call(clusterPage, { token, params: { id } })).status).toBe(404);
    expect(
      await state.db.select().from(clusterMembers).where(eq(clusterMembers.cluster_id, cluster.id)),
    ).toEqual([]);
    expect((await call(clusterPage, { token, params: { id } })).status).toBe(404);

    const log = await state.db.select().from(auditLog).where(like(auditLog.action, "cluster.%"));
    const mine = log.filter((row) => (row.details as { cluster_id?: number }).cluster_id === cluster.id);
    expect(mine.map((row) => row.action)).toEqual([
      "cluster.create",
      "cluster.rename",
      "cluster.rename",
      "cluster.members.add",
      "cluster.members.remove",
      "cluster.delete",
    ]);
    expect(mine[4]!.target_user_id).not.toBeNull();
    const [removal] = await state.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "cluster.members.remove"),
          eq(auditLog.target_user_id, mine[4]!.target_user_id!),
        ),
      );
    expect(removal!.details).toMatchObject({ student_ids: [a.id] });
  });
});
