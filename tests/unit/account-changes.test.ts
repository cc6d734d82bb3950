/** @jest-environment node */
import { accountChangeProblem, type AccountPart, type AccountRef } from "@/lib/auth/account-changes";
import { ALL_ROLES } from "@/lib/auth/roles";

/** The one rule for changing an account's sign-in, every caller role against every target role. */
const PARTS: AccountPart[] = ["username", "enabled", "password", "sso_link", "administrator"];
const ref = (id: number, role: AccountRef["role"]): AccountRef => ({ id, role });

describe("accountChangeProblem", () => {
  it.each(PARTS)("%s: a sysadmin changes anyone's but their own; an administrator only students' and teachers'", (part) => {
    const table = ALL_ROLES.map((caller) => ALL_ROLES.map((target) => accountChangeProblem(ref(1, caller), ref(2, target), [part])));
    expect(table).toEqual([
      // target: student, teacher, admin, sysadmin
      ["protected_account", "protected_account", "protected_account", "protected_account"], // a student
      ["protected_account", "protected_account", "protected_account", "protected_account"], // a teacher
      [null, null, "protected_account", "protected_account"], // an administrator
      [null, null, null, null], // a sysadmin
    ]);
    for (const role of ALL_ROLES) expect(accountChangeProblem(ref(1, role), ref(1, role), [part])).toBe("own_account");
  });

  it("has nothing to refuse when no part of the account changes (names, capacity)", () => {
    expect(accountChangeProblem(ref(1, "admin"), ref(2, "admin"), [])).toBeNull();
    expect(accountChangeProblem(ref(1, "admin"), ref(1, "admin"), [])).toBeNull();
  });

  it("refuses the whole change when one part of it is protected", () => {
    expect(accountChangeProblem(ref(1, "admin"), ref(2, "admin"), ["administrator", "username"])).toBe("protected_account");
  });
});
