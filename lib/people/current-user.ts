import { formatDistanceStrict } from "date-fns";
import type { AccountRow } from "@/db/queries/auth";
import { staffName, studentName } from "./names";
import { avatarOf, isLocked, roleOf } from "@/lib/auth/principal";
import { DISPLAY_ROLE } from "@/lib/auth/roles";
import type { CurrentUser } from "./answers";

export type { CurrentUser };

export function displayName(account: AccountRow): string {
  if (account.staff) return staffName(account.staff);
  if (account.student) return studentName(account.student);
  return account.sysadmin?.name ?? account.user.username;
}

/** "Active", or "Disabled 3 days ago" while the account is locked; plus a stable enum. */
export function accountStatus(account: AccountRow, now: Date) {
  if (!isLocked(account, now)) return { status: "Active", account_status: "active" as const };
  const ago = formatDistanceStrict(account.user.disabled_at!, now, { addSuffix: true });
  return { status: `Disabled ${ago}`, account_status: "disabled" as const };
}

function details(account: AccountRow): CurrentUser["details"] {
  if (account.staff) {
    const s = account.staff;
    return {
      id: s.id,
      initials: s.initials,
      color: s.color,
      name: staffName(s),
      title: s.title,
      first_name: s.first_name,
      last_name: s.last_name,
      email: s.email,
      administrator: s.administrator,
      capacity: s.capacity,
    };
  }
  if (account.student) {
    const s = account.student;
    return {
      id: s.id,
      initials: s.initials,
      color: s.color,
      name: studentName(s),
      first_name: s.first_name,
      last_name: s.last_name,
      grade: s.grade,
    };
  }
  const s = account.sysadmin;
  return {
    id: s?.id ?? 0,
    initials: s?.initials ?? "SA",
    color: s?.color ?? "black",
    name: s?.name ?? account.user.username,
    email: s?.email ?? account.user.username,
    administrator: true,
  };
}

/** GET /api/user: the spec's "Current user". */
export function presentCurrentUser(account: AccountRow, now: Date, signInMethod: "password" | "sso" = "password"): CurrentUser {
  const role = roleOf(account);
  return {
    id: account.user.id,
    account_type: account.user.account_type,
    role,
    username: account.user.username,
    display_name: displayName(account),
    display_role: DISPLAY_ROLE[role],
    ...accountStatus(account, now),
    password_expired: account.user.password_expired,
    ...avatarOf(account),
    details: details(account),
    /** Added to the spec's shape: how this session began (a school-account session signs out with advice). */
    sign_in_method: signInMethod,
    locale: account.user.locale,
  };
}
