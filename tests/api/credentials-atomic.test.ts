/** @jest-environment node */
import { eq, sql } from "drizzle-orm";
import { POST as invalidatePasswords } from "@/app/api/users/invalidate-passwords/route";
import { sessions, users } from "@/db/schema";
import { confirmedCall, useCredentialsCast } from "../helpers/credentials-cast";
import { useTestDb } from "../helpers/db";
import { createStudent, tokenFor } from "../helpers/factories";

/**
 * A credentials action is one transaction (dropping it was once caught by no test): when its
 * last write fails (the audit log, made to refuse here by a trigger), no password, session or account of
 * the batch is changed.
 */
const state = useTestDb();
const cast = useCredentialsCast(state);

afterEach(async () => {
  await state.db.execute(sql`drop trigger if exists refuse_audit on audit_log`);
  await state.db.execute(sql`drop function if exists refuse_audit()`);
});

it("changes nothing when the audit log refuses the action's rows", async () => {
  const a = await createStudent(state.db);
  const b = await createStudent(state.db);
  await tokenFor(state.db, a); // a session that the action would end
  const before = await state.db.select().from(users).where(eq(users.id, a.user.id));
  const sessionsBefore = await state.db.select().from(sessions).where(eq(sessions.user_id, a.user.id));
  expect(sessionsBefore.length).toBeGreaterThan(0);
  await state.db.execute(sql`create function refuse_audit() returns trigger language plpgsql as
    $$ begin raise exception 'audit refused (test)'; end $$`);
  await state.db.execute(sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`);

  const res = await confirmedCall(invalidatePasswords, { token: cast.tokens.admin, body: { user_ids: [a.user.id, b.user.id] } });
  expect(res.status).toBe(500);
  expect(await state.db.select().from(users).where(eq(users.id, a.user.id))).toEqual(before);
  expect(await state.db.select().from(sessions).where(eq(sessions.user_id, a.user.id))).toHaveLength(sessionsBefore.length);
});
