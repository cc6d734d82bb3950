/**
 * Who may call each API route, written by hand from /work/shared/spec.md (§1, §6 and §7), docs/design/accounts.md (roles,
 * the expired-password gate), original-behaviour.md's "Ours:" lines and, where those are silent (routes the
 * product added), from the product's purpose and the issue that added the route. Deliberately NOT built from
 * lib/auth/roles.ts or the routes' own declarations: tests/api/roles-matrix.test.ts checks every route's
 * declaration against this table, so widening a route (or narrowing it) fails until this table is changed on
 * purpose. A new route fails too until it has a row here.
 *
 * Callers: "public" (signed out allowed), "student", "teacher" (staff), "admin" (staff with the administrator
 * flag), "sysadmin" (own account type). docs/design/accounts.md#roles: a sysadmin may do everything an admin may, but has no staff
 * row, so routes that act as "the caller's staff member" (author of an appointment, amendment, topic, star,
 * notification, capacity) are teacher and admin only.
 *
 * `scopes`: the integration API token scopes (lib/api-tokens) that may call the route; none = no token may.
 * `expiredPasswordOk`: docs/design/accounts.md#the-expired-password-gate (while expired, every route but user,
 * settings, logout, verify-user, change-password and removing a push subscription answers 403 password_expired).
 */
export type Caller = "public" | "student" | "teacher" | "admin" | "sysadmin";
export type Scope = "reports:read" | "roster:write";

export interface Expectation {
  who: readonly Caller[];
  scopes?: readonly Scope[];
  expiredPasswordOk?: true;
  /** A plain handler without the route() wrapper (the health check must answer 503 with the database down). */
  unwrapped?: true;
  /** "public" to the user wrapper, but authenticated by `Authorization: Kiosk <token>` only (tests/api/kiosks.test.ts). */
  kioskDevice?: true;
}

/** Signed out allowed, so everyone. */
const PUBLIC = ["public", "student", "teacher", "admin", "sysadmin"] as const;
/** Anyone signed in. */
const ANYONE = ["student", "teacher", "admin", "sysadmin"] as const;
const STUDENT = ["student"] as const;
/** Staff members: they have a staff row (teachers and administrators). */
const STAFF = ["teacher", "admin"] as const;
/** spec §2 "Staff and sysadmin (navigation shell)": everyone but students. */
const SHELL = ["teacher", "admin", "sysadmin"] as const;
/** Administrators, and sysadmins (design §5: a sysadmin may do everything an admin may). */
const ADMINS = ["admin", "sysadmin"] as const;

export const ROLES_MATRIX: Record<string, Expectation> = {
  // ── Authentication and session (spec §7) ──
  "POST /api/login": { who: PUBLIC },
  "POST /api/check-user": { who: PUBLIC }, // the login screen's username step, before any sign-in
  // "Forgot your password?" on the password step, and the emailed link's page: nobody is signed in
  "POST /api/password-reset": { who: PUBLIC },
  "POST /api/password-reset/complete": { who: PUBLIC },
  "GET /api/user": { who: ANYONE, expiredPasswordOk: true },
  "POST /api/logout": { who: ANYONE, expiredPasswordOk: true },
  "GET /api/settings": { who: ANYONE, expiredPasswordOk: true },
  // original-behaviour §8.5 "Ours": saving settings is admins only (sysadmins too, design §5)
  "PUT /api/settings": { who: ADMINS },
  "GET /api/settings/unauthenticated": { who: PUBLIC },
  // the login screen shows the school logo before anyone signs in (spec §1)
  "GET /api/settings/logo": { who: PUBLIC },
  "POST /api/settings/logo": { who: ADMINS },
  "POST /api/change-password": { who: ANYONE, expiredPasswordOk: true },
  "POST /api/verify-user": { who: ANYONE, expiredPasswordOk: true },
  // the end of single sign-on: the caller has no session yet (design §5)
  "POST /api/auth/sso-token": { who: PUBLIC },
  // the first-run setup link's form: nobody can sign in yet (a one-time link token guards it)
  "POST /api/setup": { who: PUBLIC },
  // the setup checklist is an administrator's screen (administrators and sysadmins)
  "GET /api/setup": { who: ADMINS },
  // the container health check (design §11): no sign-in, and no database needed to answer
  "GET /api/health": { who: PUBLIC, unwrapped: true },

  // ── Credentials manager (spec §1, §6: administrators; design §5: admins and sysadmins) ──
  "GET /api/users": { who: ADMINS },
  "POST /api/users/reset-passwords": { who: ADMINS },
  "POST /api/users/invalidate-passwords": { who: ADMINS },
  "POST /api/users/disable-users": { who: ADMINS },
  "POST /api/users/reset-sign-in": { who: ADMINS },
  "POST /api/users/reenable-users": { who: ADMINS },
  // the audit log records the credentials actions (design §5): read by those who act
  "GET /api/audit": { who: ADMINS },
  "GET /api/audit/export": { who: ADMINS },

  // ── Check-in (spec §6: offered to all signed-in users on the shell) ──
  "POST /api/check-in": { who: SHELL },
  "GET /api/check-in/status": { who: SHELL },
  "GET /api/check-in/status/{date}": { who: SHELL },
  // the caller's own scans that someone else had checked in: part of the check-in screen
  "GET /api/check-in/elsewhere/{date}": { who: SHELL },
  // takes a student over to the caller's own block: the caller must be a staff member with a block
  "POST /api/check-in/move": { who: STAFF },
  // Air Check-in: the teacher shows a code for their own block (sysadmins have none) ...
  "GET /api/check-in/air-code": { who: STAFF },
  // ... and the student types it in to check themselves in
  "POST /api/check-in/air": { who: STUDENT },
  // the student's page offers "Check in with a code" only while the window is open
  "GET /api/check-in/air": { who: STUDENT },
  // kiosk devices: no user at all, a kiosk token (a user's session cannot pass)
  "GET /api/kiosk": { who: PUBLIC, kioskDevice: true },
  "POST /api/kiosk/check-in": { who: PUBLIC, kioskDevice: true },
  // setting up a kiosk device for a room is school administration
  "GET /api/kiosks": { who: ADMINS },
  "POST /api/kiosks": { who: ADMINS },
  "DELETE /api/kiosks/{id}": { who: ADMINS },

  // ── Staff and students (spec §6: staff view students and staff; students only their own profile) ──
  // original-behaviour §10.1: the staff list is staff-only (emails leaked to students)
  "GET /api/staff": { who: SHELL },
  // original-behaviour §11 row 39 "adding staff is admin-only"
  "POST /api/staff": { who: ADMINS },
  // editing people is admin-only (original-behaviour §8.7); docs/design/people.md: administrators and sysadmins edit them
  "PUT /api/staff/{id}": { who: ADMINS },
  "POST /api/staff/bulk": { who: ADMINS },
  "POST /api/staff/upload": { who: ADMINS },
  // spec §6: the owner sets their own capacity (a sysadmin has none)
  "POST /api/staff/capacity": { who: STAFF },
  "GET /api/staff/profile/{id}": { who: SHELL },
  // original-behaviour §2.6: staff schedules for teachers, admins and sysadmins; students 403
  "GET /api/staff/{id}/schedule": { who: SHELL },
  "GET /api/staff/{id}/schedule/{date}": { who: SHELL },
  // a teacher's waitlists (their own; administrators anyone's)
  "GET /api/staff/{id}/waitlist/{date}": { who: SHELL },
  // original-behaviour §10.1: staff-only lists
  "GET /api/students": { who: SHELL },
  // original-behaviour §11 #39 "Allow teachers to add students" (the spec's client lets them): teachers add a
  // student one at a time, without a school email (docs/design/people.md); the file upload stays administrators'
  "POST /api/students": { who: SHELL },
  "POST /api/students/upload": { who: ADMINS },
  "PUT /api/students/{id}": { who: ADMINS },
  "POST /api/students/{id}/archive": { who: ADMINS },
  "POST /api/students/{id}/restore": { who: ADMINS },
  // spec §7: "with the word self for the student's own"; staff read any (the service refuses another student)
  "GET /api/students/profile/{id}": { who: ANYONE },
  "GET /api/students/{id}/schedule": { who: ANYONE },
  "GET /api/students/{id}/schedule/{date}": { who: ANYONE },
  // the plan picker: students choose from it, staff see it read-only in a student's block ("for staff, the plan")
  "POST /api/students/staff-list": { who: ANYONE },
  // spec §6: students plan their own schedule; original-behaviour §4.2: only a student
  "POST /api/students/schedule-plan": { who: STUDENT },
  // a student joins or leaves a full teacher's waitlist; staff put a student on or off it
  "POST /api/students/waitlist": { who: ["student", "teacher", "admin"] },
  "DELETE /api/students/waitlist": { who: ["student", "teacher", "admin"] },
  "POST /api/students/waitlist/accept": { who: STUDENT },
  "GET /api/students/standing-choices": { who: STUDENT },
  "POST /api/students/standing-choices": { who: STUDENT },
  "DELETE /api/students/standing-choices/{id}": { who: STUDENT },

  // ── Scheduling (spec §6, §7) ──
  // original-behaviour §11 rows 16 and §6 "Ours": admins (and sysadmins) only
  "POST /api/power-scheduler": { who: ADMINS },
  "GET /api/power-scheduler": { who: ADMINS },
  "GET /api/power-scheduler/options": { who: ADMINS },
  "POST /api/power-scheduler/preview": { who: ADMINS },
  "POST /api/power-scheduler/{id}/undo": { who: ADMINS },
  // spec §6: staff make appointments (the appointment's staff is the caller); original-behaviour §11 row 14:
  // staff only, although spec §7 says "student_id (omitted for a student's own)"
  "POST /api/appointments/create": { who: STAFF },
  // spec §6: an administrator or the appointment's own staff member; design §5: sysadmins as administrators
  "DELETE /api/appointments/{id}": { who: SHELL },
  // a teacher's recurring requests; the list is the caller's own (administrators and sysadmins see all),
  // one series its teacher's or an administrator's (403 otherwise); booking needs a staff row (the series' teacher)
  "GET /api/appointments/series": { who: SHELL },
  "POST /api/appointments/series": { who: STAFF },
  "GET /api/appointments/series/{id}": { who: SHELL },
  "PATCH /api/appointments/series/{id}": { who: SHELL },
  "DELETE /api/appointments/series/{id}": { who: SHELL },
  // a teacher messages the students of their block; an administrator or sysadmin for any teacher (staff_id)
  "POST /api/staff/block-message": { who: SHELL },
  // spec §6: staff add amendments (the author is the caller's staff row)
  "POST /api/amendment": { who: STAFF },
  // design §5: "topics ... answer empty or 403 cleanly" for a sysadmin: the list answers a sysadmin empty
  "GET /api/topics": { who: SHELL },
  // spec §6: staff owners manage topics
  "POST /api/topics": { who: STAFF },
  "PATCH /api/topics/{id}": { who: STAFF },
  "DELETE /api/topics/{id}": { who: STAFF },
  "POST /api/topics/schedule": { who: STAFF },
  "DELETE /api/topics/schedule/{id}": { who: STAFF },
  // students without a plan for the day: teachers their default students, administrators the school
  "GET /api/placement/unscheduled": { who: SHELL },
  // a student's own placement for the day
  "GET /api/placement/self": { who: STUDENT },
  // administrators place a date's unscheduled students with their default teachers now, before the cutoff
  "POST /api/placement/run": { who: ADMINS },

  // ── Notifications (spec §6: offered to all signed-in users on the shell; sysadmins get empty lists) ──
  // Students read the system's messages to them too: a plan cancelled because its teacher left
  "GET /api/notifications/inbox": { who: ANYONE },
  "GET /api/notifications/outbox": { who: SHELL },
  // the Archived view: the caller's archived messages
  "GET /api/notifications/archived": { who: ANYONE },
  // sending: the sender is a staff member (original-behaviour §8.1: staff to staff)
  "POST /api/notifications": { who: STAFF },
  // ── Reach (email, push, the inbox): the outbox's test message and log are the administrators' ──
  "POST /api/mail/test": { who: ADMINS },
  "GET /api/mail/log": { who: ADMINS },
  "POST /api/reminders/send": { who: ADMINS },
  // each person's own devices and switches; signing out (an expired password's screen too) removes this device
  "GET /api/push/key": { who: ANYONE },
  "POST /api/push/subscriptions": { who: ANYONE },
  "DELETE /api/push/subscriptions": { who: ANYONE, expiredPasswordOk: true },
  "GET /api/user/notification-preferences": { who: ANYONE },
  "PUT /api/user/notification-preferences": { who: ANYONE },
  "PUT /api/user/preferences": { who: ANYONE },
  // the unsubscribe link needs no sign-in: a guardian has no account, and a mail client's one-click POST carries none
  "POST /api/unsubscribe": { who: PUBLIC },
  "DELETE /api/unsubscribe": { who: PUBLIC },
  // family contacts: administrators write; teachers see names (never addresses); students nothing
  "GET /api/students/{id}/guardians": { who: SHELL },
  "POST /api/students/{id}/guardians": { who: ADMINS },
  "DELETE /api/students/{id}/guardians/{guardianId}": { who: ADMINS },
  "PUT /api/notifications/archive/all": { who: ANYONE },
  "PUT /api/notifications/archive/{id}": { who: ANYONE },
  "PUT /api/notifications/unarchive/{id}": { who: ANYONE },
  "PUT /api/notifications/read/all": { who: ANYONE },
  "PUT /api/notifications/read/{id}": { who: ANYONE },
  "PUT /api/notifications/unread/{id}": { who: ANYONE },

  // ── Search, starred, feedback (spec §6) ──
  // original-behaviour §11 row 33: staff and sysadmins only
  "GET /api/search": { who: SHELL },
  // spec §6 "starring is for staff only"; original-behaviour row 32: sysadmins get an empty list
  "GET /api/starred": { who: SHELL },
  "POST /api/star": { who: STAFF },
  "POST /api/unstar": { who: STAFF },
  // the help menu's Provide Feedback is on the shell (original-behaviour §8.4: teachers, admins and sysadmins)
  "POST /api/feedback": { who: SHELL },
  // reading what people sent is administration
  "GET /api/feedback": { who: ADMINS },

  // ── Wiki (design §6 paths) ──
  // students read the groups meant for everyone (the service filters by audience); this
  // replaces original-behaviour §8.6's "students excluded"
  "GET /api/wiki/groups": { who: ANYONE },
  "GET /api/wiki/groups/{id}": { who: ANYONE },
  "GET /api/wiki/posts/{id}": { who: ANYONE },
  // original-behaviour §11 row 24: writes, if any, admin-only
  "POST /api/wiki/groups": { who: ADMINS },
  "PUT /api/wiki/groups/{id}": { who: ADMINS },
  "DELETE /api/wiki/groups/{id}": { who: ADMINS },
  "POST /api/wiki/posts": { who: ADMINS },
  "PUT /api/wiki/posts/{id}": { who: ADMINS },
  "DELETE /api/wiki/posts/{id}": { who: ADMINS },

  // ── Clusters and courses (spec §2: /clusters/{id} and /courses/{short_name} are shell pages) ──
  "GET /api/clusters": { who: SHELL },
  "GET /api/clusters/{id}": { who: SHELL },
  // original-behaviour §10.1 item 3: cluster mutations admin-only
  "POST /api/clusters": { who: ADMINS },
  "PUT /api/clusters/{id}": { who: ADMINS },
  "DELETE /api/clusters/{id}": { who: ADMINS },
  "POST /api/clusters/{id}/members": { who: ADMINS },
  "DELETE /api/clusters/{id}/members/{student_id}": { who: ADMINS },
  "GET /api/courses": { who: SHELL },
  "GET /api/courses/{short_name}": { who: SHELL },
  // administrators add, edit and archive courses and sections and enrol students;
  // teachers see their classes
  "POST /api/courses": { who: ADMINS },
  "PUT /api/courses/{short_name}": { who: ADMINS },
  "POST /api/courses/{short_name}/sections": { who: ADMINS },
  "GET /api/sections/{id}": { who: SHELL },
  "PUT /api/sections/{id}": { who: ADMINS },
  "DELETE /api/sections/{id}": { who: ADMINS },
  // a teacher's class list
  "GET /api/sections/{id}/enrollments": { who: SHELL },
  "POST /api/sections/{id}/enrollments": { who: ADMINS },
  "DELETE /api/sections/{id}/enrollments/{student_id}": { who: ADMINS },

  // ── The school calendar (docs/design/calendar.md): the shell reads it, administrators set it up ──
  "GET /api/school-year": { who: SHELL },
  "PUT /api/school-year": { who: ADMINS },
  "GET /api/school-days": { who: SHELL },
  "PUT /api/school-days/{date}": { who: ADMINS },
  "GET /api/timetable": { who: SHELL },
  "PUT /api/timetable": { who: ADMINS },
  "GET /api/calendar-events": { who: SHELL },
  "POST /api/calendar-events": { who: ADMINS },
  "DELETE /api/calendar-events/{id}": { who: ADMINS },
  "POST /api/calendar-events/import": { who: ADMINS },

  // ── Imports, the roster and background jobs ──
  // CSV uploads are run by administrators (the uploads above); their history, mappings and passwords too.
  // "GET /api/imports opened to students" was once caught by nothing
  "GET /api/imports": { who: ADMINS },
  "GET /api/imports/{id}": { who: ADMINS },
  "GET /api/imports/mappings": { who: ADMINS },
  // the initial passwords of an import's new accounts, shown once
  "POST /api/imports/{id}/passwords": { who: ADMINS },
  // a job's progress for whoever started it (the service answers anyone else 404); jobs are started from
  // shell screens only, never by a student; the SIS's roster:write token polls the import it pushed
  "GET /api/jobs/{id}": { who: SHELL, scopes: ["roster:write"] },
  // an administrator's upload, or the SIS's nightly push with a roster:write token
  "POST /api/rostering/oneroster": { who: ADMINS, scopes: ["roster:write"] },
  // The roster source (the SIS's OneRoster REST endpoint and its secret): administrators set it up; no API token (a file or token is not a person)
  "GET /api/rostering/source": { who: ADMINS },
  "PUT /api/rostering/source": { who: ADMINS },
  "DELETE /api/rostering/source": { who: ADMINS },
  "POST /api/rostering/source/test": { who: ADMINS },
  "POST /api/rostering/source/sync": { who: ADMINS },

  // ── Reports (docs/design/reports.md: teachers, administrators, sysadmins; teachers see their own students) ──
  "GET /api/reports/attendance": { who: SHELL, scopes: ["reports:read"] },
  "GET /api/reports/sis-export": { who: SHELL, scopes: ["reports:read"] },
  // The dashboard: the reports' reach (a teacher their own students and blocks; naming another teacher is 403)
  "GET /api/dashboard": { who: SHELL, scopes: ["reports:read"] },

  // ── Integration API tokens: administration (a token outlives the session that made it) ──
  "GET /api/api-tokens": { who: ADMINS },
  "POST /api/api-tokens": { who: ADMINS },
  "DELETE /api/api-tokens/{id}": { who: ADMINS },
};

/**
 * Routes the manifest leaves out (scripts/generate-route-manifest.mjs NOT_DOCUMENTED) that still carry a
 * route() declaration: checked through a direct import.
 */
export const OUTSIDE_MANIFEST: Record<string, Expectation> = {
  // the API document holds no data: anyone, and any integration token whatever its scope
  "GET /api/openapi.json": { who: PUBLIC, scopes: ["reports:read", "roster:write"] },
};
