import "server-only";
import type { Db } from "@/db";
import { settingValues } from "@/db/queries/settings";
import { SETTINGS } from "@/lib/setting-definitions";
import type { Role } from "./roles";
import { ssoConfigured } from "./sso";

/** The Sign-in settings a sign-in reads (lib/setting-definitions.ts), with their defaults where a row is missing. */
export interface SignInPolicy {
  schoolName: string;
  /** Whether each role may sign in with a password. Sysadmins always may (the way back in). */
  passwordAllowed: (role: Role) => boolean;
  /** The identity provider's claim carrying a student's SIS identifier or student number; null: none. */
  studentIdClaim: string | null;
  /** Whether a sysadmin may sign in with a school account (off unless a sysadmin turned it on). */
  ssoForSysadmins: boolean;
  /** Whether each role chooses (or re-enters) their school account at every single sign-on. Sysadmins always do. */
  asksForAccount: (role: Role) => boolean;
}

const KEYS = {
  schoolName: "school_name",
  student: "password-sign-in-students",
  teacher: "password-sign-in-teachers",
  admin: "password-sign-in-administrators",
  studentIdClaim: "sso-student-id-claim",
  ssoForSysadmins: "sso-sysadmins",
  askStudent: "sso-choose-account-students",
  askTeacher: "sso-choose-account-teachers",
  askAdmin: "sso-choose-account-administrators",
} as const;

const defaultOf = (key: string) => {
  const value = SETTINGS.find((setting) => setting.key === key)?.default;
  return typeof value === "string" ? value : "";
};

export async function signInPolicy(db: Db): Promise<SignInPolicy> {
  const rows = await settingValues(db, Object.values(KEYS));
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? defaultOf(key);
  // Without a provider, password sign-in is the only way in: a setting must never lock a school out.
  const sso = ssoConfigured();
  const allowed = {
    student: !sso || value(KEYS.student) !== "false",
    teacher: !sso || value(KEYS.teacher) !== "false",
    admin: !sso || value(KEYS.admin) !== "false",
    sysadmin: true,
  } satisfies Record<Role, boolean>;
  const asks = {
    student: value(KEYS.askStudent) === "true",
    teacher: value(KEYS.askTeacher) === "true",
    admin: value(KEYS.askAdmin) === "true",
    sysadmin: true,
  } satisfies Record<Role, boolean>;
  return {
    schoolName: value(KEYS.schoolName) || "your school",
    passwordAllowed: (role) => allowed[role],
    studentIdClaim: value(KEYS.studentIdClaim).trim() || null,
    ssoForSysadmins: value(KEYS.ssoForSysadmins) === "true",
    asksForAccount: (role) => asks[role],
  };
}

/** The words of a refused password sign-in for a role that must use the school account. */
export function passwordOffMessage(role: Role, schoolName: string) {
  const who = role === "student" ? "Students" : role === "admin" ? "Administrators" : "Teachers";
  return `${who} at ${schoolName} sign in with their school account: use the button below.`;
}
