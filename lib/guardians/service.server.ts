import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { deleteGuardian, guardiansOf, insertGuardian, studentExists, type GuardianRow } from "@/db/queries/guardians";
import { ApiError, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import type { GuardianBody } from "./schemas";
import type { GuardianList, GuardianView, RemovedGuardian } from "./answers";

/**
 * A student's family contacts on the profile (GET/POST /api/students/{id}/guardians, DELETE …/{guardianId}).
 * Privacy (a family's address is the school's record): administrators see and change everything; a teacher sees names and the
 * relationship, never the address; students are refused by the route (a contact list is the school's
 * record, not the student's). Adding and removing are audited.
 */

const isAdmin = (user: Principal) => user.role === "admin" || user.role === "sysadmin";

export function presentGuardian(row: GuardianRow, withAddress: boolean): GuardianView {
  const view: GuardianView = { id: row.id, name: row.name, relationship: row.relationship, source: row.source };
  if (withAddress) {
    view.email = row.email;
    view.locale = row.locale;
  }
  return view;
}

const STUDENT_NOT_FOUND = "There is no such student.";

export async function listGuardians(db: Db, user: Principal, studentId: number): Promise<GuardianList> {
  if (!(await studentExists(db, studentId))) throw notFound(STUDENT_NOT_FOUND);
  const rows = await guardiansOf(db, studentId);
  return { guardians: rows.map((row) => presentGuardian(row, isAdmin(user))), addresses_shown: isAdmin(user) };
}

export async function addGuardian(db: Db, user: Principal, studentId: number, body: GuardianBody, now: Date): Promise<GuardianView> {
  return db.transaction(async (tx) => {
    if (!(await studentExists(tx, studentId))) throw notFound(STUDENT_NOT_FOUND);
    const row = await insertGuardian(tx, {
      student_id: studentId,
      name: body.name,
      email: body.email,
      relationship: body.relationship,
      locale: body.locale ?? null,
    });
    if (!row) throw new ApiError(409, "guardian_exists", "This student already has a family contact with that email address.");
    await insertAudit(tx, {
      actor_user_id: user.user.id,
      action: "guardian.add",
      details: { student_id: studentId, guardian_id: row.id, relationship: row.relationship },
      created_at: now,
    });
    return presentGuardian(row, true);
  });
}

export async function removeGuardian(db: Db, user: Principal, studentId: number, guardianId: number, now: Date): Promise<RemovedGuardian> {
  return db.transaction(async (tx) => {
    const row = await deleteGuardian(tx, studentId, guardianId);
    if (!row) throw notFound("This student has no such family contact.");
    await insertAudit(tx, {
      actor_user_id: user.user.id,
      action: "guardian.remove",
      details: { student_id: studentId, guardian_id: guardianId, source: row.source },
      created_at: now,
    });
    return { deleted: true as const, id: guardianId };
  });
}
