/** People-friendly names for setting keys; unknown keys are turned into words. */
const LABELS: Record<string, string> = {
  school_name: "School name",
  school_logo: "School logo",
  timezone: "Time zone",
  "default-locale": "Default language",
  start_datetime: "School year starts",
  end_datetime: "School year ends",
  weekends: "Show weekends",
  include_days: "School days",
  appointment_limit: "Appointment limit",
  "air-check-in": "Air Check-in",
  "show-student-numbers": "Show student numbers",
  placement_cutoff: "Placement cutoff",
  placement_change_after: "Students may change after placement",
  "school-networks": "School networks",
  "password-sign-in-students": "Students may sign in with a password",
  "password-sign-in-teachers": "Teachers may sign in with a password",
  "password-sign-in-administrators": "Administrators may sign in with a password",
  "sso-student-id-claim": "Claim with a student's SIS identifier",
  "sso-sysadmins": "System administrators may sign in with their school account",
  "sso-choose-account-students": "Students choose their school account at each sign-in",
  "sso-choose-account-teachers": "Teachers choose their school account at each sign-in",
  "sso-choose-account-administrators": "Administrators choose their school account at each sign-in",
  "sis-administrators-are-administrators": "The SIS's administrators are Flexblock administrators",
};

export function settingLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
