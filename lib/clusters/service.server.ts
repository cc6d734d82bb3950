import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import {
  addMembers,
  clusterMemberRows,
  clusterNamed,
  deleteCluster,
  findCluster,
  insertCluster,
  listClusters,
  removeMembers,
  renameCluster,
  studentsByIds,
  studentsByNumbers,
} from "@/db/queries/clusters";
import { conflict, invalid, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { presentCluster, type ClusterListItem, type ClusterPage } from "./present";
import type { ClusterBody, ClusterMembersBody, ClusterRenameBody } from "./schemas";
import { isUniqueViolation } from "@/db/errors";

/**
 * Clusters: named groups of students. Staff and sysadmins read them; administrators create, rename
 * and delete them and change who is in them. Each write is one transaction with its audit row.
 */

const missing = () => notFound("The cluster could not be found.");

/** GET /api/clusters. */
export async function clusterList(db: Db): Promise<ClusterListItem[]> {
  return listClusters(db);
}

/** GET /api/clusters/{id}: two statements whatever the cluster's size. */
export async function clusterPage(db: Db, viewer: Principal, id: number): Promise<ClusterPage> {
  const [cluster, members] = await Promise.all([
    findCluster(db, id, viewer.staff?.id ?? null),
    clusterMemberRows(db, id),
  ]);
  if (!cluster) throw missing();
  return presentCluster(cluster, members);
}

const nameTaken = () => conflict("cluster_exists", "A cluster with this name already exists.");

async function assertNameFree(db: Db, name: string, exceptId?: number) {
  if (await clusterNamed(db, name, exceptId)) throw nameTaken();
}

/**
 * The students must all exist and not be archived (a student who left is in no picker, so an id of
 * one is as good as unknown); their rows come back (with login ids for the audit log).
 */
async function existingStudents(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? (await studentsByIds(db, unique)).filter((row) => row.archived_at === null)
    : [];
  if (rows.length !== unique.length)
    throw invalid({ student_ids: ["Some of those students could not be found."] });
  return rows;
}

/** A list for a message: the first ten, then "and N more". */
function listed(values: string[]) {
  const shown = values.slice(0, 10).join(", ");
  return values.length > 10 ? `${shown} and ${values.length - 10} more` : shown;
}

/**
 * The students with these numbers (one statement whatever their count). An unknown number or an archived
 * student refuses the whole request (422 naming them), so nothing is half-added.
 */
async function studentsNumbered(db: Db, numbers: string[]) {
  const unique = [...new Set(numbers)];
  const rows = await studentsByNumbers(db, unique);
  const found = new Map(rows.map((row) => [row.student_number, row]));
  const unknown = unique.filter((number) => !found.has(number));
  const archived = rows.filter((row) => row.archived_at !== null).map((row) => row.student_number);
  const errors: string[] = [];
  if (unknown.length > 0)
    errors.push(
      `${unknown.length === 1 ? "This student number is" : "These student numbers are"} not known: ${listed(unknown)}.`,
    );
  if (archived.length > 0)
    errors.push(
      `${archived.length === 1 ? "This student is" : "These students are"} archived: ${listed(archived)}.`,
    );
  if (errors.length > 0) throw invalid({ student_numbers: errors });
  return rows;
}

const audit = (db: Db, user: Principal, action: string, details: Record<string, unknown>, target?: number) =>
  insertAudit(db, { actor_user_id: user.user.id, action, details, target_user_id: target ?? null });

/** POST /api/clusters: a new cluster, owned by the caller when they are staff, with any first members. */
export async function createCluster(db: Db, user: Principal, body: ClusterBody): Promise<ClusterPage> {
  const id = await nameSettled(db, (tx) => createIn(tx, user, body));
  return clusterPage(db, user, id);
}

/**
 * A write naming a cluster, in one transaction: a name another cluster has (ignoring case) is 409,
 * whether it was there before (assertNameFree) or another request made it a moment ago (the unique
 * index on lower(name), migration 0022, answers 23505).
 */
async function nameSettled<T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** The new cluster and its first members, audited (inside nameSettled's transaction). */
async function createIn(tx: Db, user: Principal, body: ClusterBody) {
  await assertNameFree(tx, body.name);
  const students = await existingStudents(tx, body.student_ids);
  const clusterId = await insertCluster(tx, { name: body.name, owner_id: user.staff?.id ?? null });
  await addMembers(
    tx,
    clusterId,
    students.map((s) => s.id),
  );
  await audit(tx, user, "cluster.create", {
    cluster_id: clusterId,
    name: body.name,
    student_ids: students.map((s) => s.id),
  });
  return clusterId;
}

/** PUT /api/clusters/{id}: rename. */
export async function renameClusterById(
  db: Db,
  user: Principal,
  id: number,
  body: ClusterRenameBody,
): Promise<ClusterPage> {
  await nameSettled(db, async (tx) => {
    const before = await findCluster(tx, id);
    if (!before) throw missing();
    await assertNameFree(tx, body.name, id);
    await renameCluster(tx, id, body.name);
    await audit(tx, user, "cluster.rename", { cluster_id: id, name: body.name, previous_name: before.name });
  });
  return clusterPage(db, user, id);
}

/** DELETE /api/clusters/{id}: the cluster and its memberships (students and stars of it stay). */
export async function deleteClusterById(db: Db, user: Principal, id: number) {
  return db.transaction(async (tx) => {
    const before = await findCluster(tx, id);
    if (!before) throw missing();
    await deleteCluster(tx, id);
    await audit(tx, user, "cluster.delete", { cluster_id: id, name: before.name });
    return { id, deleted: true as const };
  });
}

/**
 * POST /api/clusters/{id}/members: add students by id or by student number; ones already in it are left
 * as they are. The same statements for 2 numbers or 2,000.
 */
export async function addClusterMembers(
  db: Db,
  user: Principal,
  id: number,
  body: ClusterMembersBody,
): Promise<ClusterPage> {
  await db.transaction(async (tx) => {
    if (!(await findCluster(tx, id))) throw missing();
    const students = body.student_numbers
      ? await studentsNumbered(tx, body.student_numbers)
      : await existingStudents(tx, body.student_ids ?? []);
    const added = await addMembers(
      tx,
      id,
      students.map((s) => s.id),
    );
    const single = students.length === 1 ? students[0]!.user_id : undefined;
    if (added.length > 0)
      await audit(tx, user, "cluster.members.add", { cluster_id: id, student_ids: added }, single);
  });
  return clusterPage(db, user, id);
}

/** DELETE /api/clusters/{id}/members/{student_id}: take one student out (404 when not a member). */
export async function removeClusterMember(
  db: Db,
  user: Principal,
  id: number,
  studentId: number,
): Promise<ClusterPage> {
  await db.transaction(async (tx) => {
    if (!(await findCluster(tx, id))) throw missing();
    const [student] = await studentsByIds(tx, [studentId]);
    const removed = student ? await removeMembers(tx, id, [studentId]) : [];
    if (removed.length === 0) throw notFound("That student is not in this cluster.");
    await audit(
      tx,
      user,
      "cluster.members.remove",
      { cluster_id: id, student_ids: removed },
      student!.user_id,
    );
  });
  return clusterPage(db, user, id);
}
