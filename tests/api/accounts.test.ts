/** @jest-environment node */
import { POST as login } from "@/app/api/login/route";
import { GET as currentUser } from "@/app/api/user/route";
import { createSysadminAccount } from "@/lib/people/accounts.server";
import { useTestDb } from "../helpers/db";
import { call } from "../helpers/http";

const state = useTestDb();

describe("create-sysadmin (a real school's first account)", () => {
  it("creates a sysadmin whose one-time password works once and must be changed", async () => {
    const { sysadmin, password } = await createSysadminAccount(state.db, {
      email: "  IT@School.Example ",
      name: "IT Office",
    });
    expect(sysadmin).toMatchObject({ email: "it@school.example", initials: "IO", color: "black" });
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);

    const signedIn = await call(login, { body: { username: "it@school.example", password } });
    expect(signedIn.status).toBe(200);
    const me = await call(currentUser, { token: signedIn.body.access_token });
    expect(me.body).toMatchObject({ account_type: "sysadmin", display_role: "Systems Admin", password_expired: true });
  });

  it("refuses a second account with the same email and leaves no half-made rows", async () => {
    await createSysadminAccount(state.db, { email: "dup@school.example", name: "First" });
    await expect(createSysadminAccount(state.db, { email: "DUP@school.example", name: "Second" })).rejects.toThrow();
  });
});
