import "server-only";
import type { Db } from "@/db";
import { deleteStar, insertStar, starTargets, starsOf, type StarItemType } from "@/db/queries/starred";
import { notFound } from "@/lib/api/errors.server";
import { requireStaff, type Principal } from "@/lib/auth/principal";
import { staffName, studentName } from "@/lib/people/names";
import type { StarBody } from "./schemas";
import type { StarAnswer, StarredItem } from "./answers";

type Targets = Awaited<ReturnType<typeof starTargets>>;

function labelOf(targets: Targets, type: StarItemType, id: number): string | null {
  switch (type) {
    case "student": {
      const row = targets.student.find((s) => s.id === id);
      return row ? studentName(row) : null;
    }
    case "staff": {
      const row = targets.staff.find((s) => s.id === id);
      return row ? staffName(row) : null;
    }
    case "course":
      return targets.course.find((c) => c.id === id)?.name ?? null;
    case "cluster":
      return targets.cluster.find((c) => c.id === id)?.name ?? null;
  }
}

const emptyIds = (): Record<StarItemType, number[]> => ({ student: [], staff: [], course: [], cluster: [] });

/** GET /api/starred: the caller's stars with live labels; stars whose item is gone are left out. */
export async function listStarred(db: Db, principal: Principal): Promise<StarredItem[]> {
  if (!principal.staff) return []; // sysadmins have no stars
  const rows = await starsOf(db, principal.staff.id);
  const ids = emptyIds();
  for (const row of rows) ids[row.item_type].push(row.item_id);
  const targets = await starTargets(db, ids);
  return rows.flatMap((row) => {
    const label = labelOf(targets, row.item_type, row.item_id);
    if (label === null) return [];
    const course = row.item_type === "course" ? targets.course.find((c) => c.id === row.item_id) : undefined;
    return [{ id: row.id, item_type: row.item_type, item_id: row.item_id, label, isStarred: true, short_name: course?.short_name }];
  });
}

/** The item must exist; its label comes back. */
async function assertTarget(db: Db, body: StarBody): Promise<string> {
  const ids = emptyIds();
  ids[body.item_type].push(body.item_id);
  const label = labelOf(await starTargets(db, ids), body.item_type, body.item_id);
  if (label === null) throw notFound("That item could not be found.");
  return label;
}

/** POST /api/star: idempotent on the unique (staff, type, item) key. */
export async function star(db: Db, principal: Principal, body: StarBody): Promise<StarAnswer> {
  const me = requireStaff(principal);
  const label = await assertTarget(db, body);
  await insertStar(db, { staff_id: me.id, ...body });
  return { ...body, label, isStarred: true };
}

/** POST /api/unstar. */
export async function unstar(db: Db, principal: Principal, body: StarBody): Promise<StarAnswer> {
  const me = requireStaff(principal);
  const label = await assertTarget(db, body);
  await deleteStar(db, { staff_id: me.id, ...body });
  return { ...body, label, isStarred: false };
}
