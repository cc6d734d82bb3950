import { POST as verifyUser } from "@/app/api/verify-user/route";
import { createAdmin, createStaff, createStudent, createSysadmin, TEST_PASSWORD, tokenFor } from "./factories";
import { call, type CallOptions } from "./http";
import type { useTestDb } from "./db";

type Account = { user: { id: number; username: string } };

/** The accounts the credentials tests act as and on, filled in before the file's tests run. */
export interface CredentialsCast {
  admin: Account;
  otherAdmin: Account;
  sysadmin: Account;
  teacher: Account;
  /** Sign-in tokens for admin, sysadmin, teacher and a student. */
  tokens: Record<string, string>;
}

/**
 * credentials.test.ts and credentials-rules.test.ts: an administrator (Ada Admin), a second
 * administrator, a sysadmin, a teacher (Ms. Tess Teacher) and a student's token.
 */
export function useCredentialsCast(state: ReturnType<typeof useTestDb>): CredentialsCast {
  const cast = { tokens: {} } as CredentialsCast;
  beforeAll(async () => {
    cast.admin = await createAdmin(state.db, { first_name: "Ada", last_name: "Admin" });
    cast.otherAdmin = await createAdmin(state.db);
    cast.sysadmin = await createSysadmin(state.db);
    cast.teacher = await createStaff(state.db, { title: "Ms.", first_name: "Tess", last_name: "Teacher" });
    cast.tokens.admin = await tokenFor(state.db, cast.admin);
    cast.tokens.sysadmin = await tokenFor(state.db, cast.sysadmin);
    cast.tokens.teacher = await tokenFor(state.db, cast.teacher);
    cast.tokens.student = await tokenFor(state.db, await createStudent(state.db));
  });
  return cast;
}

/**
 * The credentials actions take a password confirmation made by the same session shortly before
 * (POST /api/verify-user), as the Credentials Manager does: this confirms, then calls.
 */
export async function confirmedCall(handler: Parameters<typeof call>[0], options: CallOptions) {
  const confirmed = await call(verifyUser, { token: options.token, body: { password: TEST_PASSWORD } });
  expect(confirmed.status).toBe(200);
  return call(handler, options);
}
