import type { AuditEntryRow } from "@/db/queries/audit";
import { DISPLAY_ROLE } from "@/lib/auth/roles";
import { describeDetails } from "./describe";
import type { AuditEntryView } from "./answers";

/**
 * Audit entries as the /audit page and its CSV show them. Every engineer writes entries with
 * insertAudit (db/queries/audit.ts) and an action such as `settings.update`; nothing here needs to
 * know an action beforehand: known ones get a friendlier label, any other is spelled out from its name.
 */

const LABELS: Record<string, string> = {
  "credentials.reset_password": "Reset password",
  "credentials.invalidate_password": "Invalidated password",
  "credentials.disable": "Disabled account",
  "credentials.reenable": "Reenabled account",
  "credentials.reset_sign_in": "Reset single sign-on",
  "sso.refused": "Single sign-on refused",
  "password_reset.request": "Sent a forgotten-password link",
  "password_reset.complete": "Reset a forgotten password by email",
  "power_scheduler.run": "Ran the Power Scheduler",
  "power_scheduler.undo": "Undid a Power Scheduler batch",
  "settings.update": "Changed settings",
  "settings.logo": "Uploaded the school logo",
  "setup.complete": "Set up the school",
  "staff.create": "Added a staff member",
  "staff.update": "Edited a staff member",
  "student.create": "Added a student",
  "student.update": "Edited a student",
  "student.archive": "Archived a student",
  "student.restore": "Restored a student",
  "import.passwords_download": "Downloaded an import's initial passwords",
  "roster.oneroster_import": "Imported the roster (OneRoster)",
  "roster.role_change": "Set a role by a roster import",
  "api_token.create": "Created an API token",
  "api_token.revoke": "Revoked an API token",
  "appointment.create": "Booked an appointment, clearing a plan",
  "appointment.cancel": "Cancelled an appointment",
  "amendment.create": "Amended a student's block",
  "placement.run_now": "Placed students with their default teachers",
  "check_in.create": "Checked a student in",
  "check_in.move": "Moved a check-in",
  "kiosk.create": "Registered a kiosk",
  "kiosk.revoke": "Revoked a kiosk",
};

/** `wiki.group.create` → "Wiki group create". */
export function actionLabel(action: string): string {
  const known = LABELS[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type PersonColumns = AuditEntryRow["actor"];

function roleLabel(person: PersonColumns): string | null {
  if (!person.account_type) return null;
  if (person.account_type === "student") return DISPLAY_ROLE.student;
  if (person.account_type === "sysadmin") return DISPLAY_ROLE.sysadmin;
  return person.administrator ? DISPLAY_ROLE.admin : DISPLAY_ROLE.teacher;
}

export type { AuditEntryView };

export function presentAuditEntry(row: AuditEntryRow): AuditEntryView {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    action: row.action,
    action_label: actionLabel(row.action),
    actor:
      row.actor_user_id === null
        ? null
        : { user_id: row.actor_user_id, name: row.actor.name ?? "Unknown", role: roleLabel(row.actor) },
    target:
      row.target_user_id === null
        ? null
        : { user_id: row.target_user_id, name: row.target.name ?? "Unknown", username: row.target.username },
    details: row.details ?? null,
    summary: describeDetails(row.action, row.details ?? null),
  };
}
