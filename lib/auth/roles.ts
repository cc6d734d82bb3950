/** Who may call what. Every route names one of these lists; nothing else decides access. */
export type Role = "student" | "teacher" | "admin" | "sysadmin";

export const ALL_ROLES: readonly Role[] = ["student", "teacher", "admin", "sysadmin"];

export const ROLES = {
  /** Anyone signed in. */
  anyone: ALL_ROLES,
  students: ["student"],
  /** Staff members: teachers and administrators (they have a staff row). */
  staff: ["teacher", "admin"],
  /** Everyone on the navigation shell. */
  shell: ["teacher", "admin", "sysadmin"],
  /** Administrators and system administrators. */
  admins: ["admin", "sysadmin"],
} as const satisfies Record<string, readonly Role[]>;

export const DISPLAY_ROLE: Record<Role, string> = {
  student: "Student",
  teacher: "Teacher",
  admin: "Administrator",
  sysadmin: "Systems Admin",
};
