/** @jest-environment node */
import type { AccountRow } from "@/db/queries/auth";
import { avatarOf, isLocked, requireStaff, roleOf, type Principal } from "@/lib/auth/principal";

// The signed-in caller: the role the routes check, the avatar, whether the account is locked.

const account = (type: string, person: Partial<Record<"staff" | "student" | "sysadmin", object>> = {}, disabledAt: Date | null = null) =>
  ({
    user: { id: 1, account_type: type, disabled_at: disabledAt },
    staff: person.staff ?? null,
    student: person.student ?? null,
    sysadmin: person.sysadmin ?? null,
  }) as unknown as AccountRow;

describe("the principal", () => {
  it("a role by account type; staff are administrators only with the flag", () => {
    expect(roleOf(account("student", { student: {} }))).toBe("student");
    expect(roleOf(account("sysadmin", { sysadmin: {} }))).toBe("sysadmin");
    expect(roleOf(account("staff", { staff: { administrator: true } }))).toBe("admin");
    expect(roleOf(account("staff", { staff: { administrator: false } }))).toBe("teacher");
    expect(roleOf(account("staff"))).toBe("teacher");
  });

  it("the avatar is the person's initials and colour, with a neutral stand-in", () => {
    expect(avatarOf(account("staff", { staff: { initials: "AO", color: "teal" } }))).toEqual({ initials: "AO", color: "teal" });
    expect(avatarOf(account("student", { student: { initials: "MC", color: "red" } }))).toEqual({ initials: "MC", color: "red" });
    expect(avatarOf(account("sysadmin", { sysadmin: { initials: "SA", color: "blue" } }))).toEqual({ initials: "SA", color: "blue" });
    expect(avatarOf(account("staff"))).toEqual({ initials: "?", color: "blue-grey" });
  });

  it("an account is locked from its disabled instant on", () => {
    const at = new Date("2026-03-02T12:00:00Z");
    expect(isLocked(account("staff", {}, null), at)).toBe(false);
    expect(isLocked(account("staff", {}, at), at)).toBe(true);
    expect(isLocked(account("staff", {}, new Date(at.getTime() - 1)), at)).toBe(true);
    expect(isLocked(account("staff", {}, new Date(at.getTime() + 1)), at)).toBe(false);
  });

  it("a staff-only service gets the staff row, or a 403 for anyone else", () => {
    const staff = { id: 4, administrator: false };
    expect(requireStaff({ ...account("staff", { staff }), role: "teacher", sessionId: 1 } as Principal)).toBe(staff);
    expect(() => requireStaff({ ...account("student", { student: {} }), role: "student", sessionId: 1 } as Principal)).toThrow(
      expect.objectContaining({ status: 403, code: "not_staff" }),
    );
  });
});
