/**
 * Every error code the API answers with, in one typed catalogue. Codes are stable for programs
 * (the spec's clients, tests); messages are for people and may change. `ApiError` takes only these
 * codes, so a new one is added here first, with the status it goes with.
 */
export const ERROR_CODES = {
  // Requests that cannot be read or are not allowed
  bad_request: { status: 400, meaning: "The body is not readable JSON, UTF-8 or multipart." },
  unauthenticated: { status: 401, meaning: "No sign-in on a route that needs one." },
  invalid_token: { status: 401, meaning: "The bearer token is unknown, expired or for a locked account." },
  invalid_kiosk_token: { status: 401, meaning: "The kiosk device token (Authorization: Kiosk …) is missing, unknown or revoked." },
  invalid_api_token: { status: 401, meaning: "The API token (fbk_…) is unknown, revoked or expired, or its creator is disabled or no longer an administrator." },
  bad_credentials: { status: 401, meaning: "Wrong password." },
  sso_required: { status: 401, meaning: "Single sign-on did not prove an identity." },
  sso_choose_account: {
    status: 401,
    meaning:
      "The provider step did not ask the person to choose or re-enter their account, and the school asks it of this role (a shared computer's previous person): start the step again (the login screen does).",
  },
  sso_refused: {
    status: 403,
    meaning:
      "The identity provider's account may not sign in: no or an unverified email, another domain or tenant, the account is linked to another provider account, or it is a sysadmin's and sysadmins sign in with their password.",
  },
  sso_ambiguous: { status: 409, meaning: "The identity provider's account matches more than one account; an administrator must fix the emails." },
  password_sign_in_off: { status: 403, meaning: "The school turned password sign-in off for this role: sign in with single sign-on." },
  forbidden: { status: 403, meaning: "The caller's role may not do this." },
  air_check_in_off: { status: 403, meaning: "Air Check-in is turned off in the settings." },
  token_scope: { status: 403, meaning: "The API token's scopes do not include this route." },
  check_in_move_off: { status: 403, meaning: "The school does not let teachers move a student someone else checked in." },
  password_expired: { status: 403, meaning: "The caller must change an expired password first." },
  not_staff: { status: 403, meaning: "Only staff members have this data." },
  own_account: { status: 403, meaning: "A credentials action or staff edit would change the sign-in of the caller's own account." },
  protected_account: {
    status: 403,
    meaning:
      "The change would touch an administrator's or a sysadmin's email, lock, password, single sign-on link or administrator flag, which only a sysadmin may change (lib/auth/account-changes.ts).",
  },
  password_confirmation_required: {
    status: 403,
    meaning: "A credentials action needs POST /api/verify-user from the same session first (once, within 5 minutes).",
  },
  not_found: { status: 404, meaning: "No such record or route." },
  user_not_found: { status: 404, meaning: "No account has that username." },
  staff_not_found: { status: 404, meaning: "No staff member has that id." },
  student_not_found: { status: 404, meaning: "No current student has that student number (kiosk)." },
  unknown_users: { status: 404, meaning: "Some of the named accounts do not exist; nothing changed." },
  unknown_students: { status: 404, meaning: "Some of the named students do not exist; nothing changed." },
  roster_source_missing: { status: 404, meaning: "No roster source (OneRoster REST) is set up: PUT /api/rostering/source first." },
  sso_not_configured: { status: 404, meaning: "No single sign-on provider is set up." },
  method_not_allowed: { status: 405, meaning: "TRACE and TRACK (answered by scripts/request-guard.mjs)." },
  // Conflicts with what is already there
  already_checked_in: { status: 409, meaning: "The student is already checked in to that block." },
  already_revoked: { status: 409, meaning: "The API token was revoked already." },
  already_yours: { status: 409, meaning: "The check-in to move is the caller's already." },
  already_undone: { status: 409, meaning: "The Power Scheduler batch was undone already." },
  check_in_closed: { status: 409, meaning: "The Focus Block's self check-in (code or kiosk) has closed for today." },
  check_in_not_open: { status: 409, meaning: "Self check-in (code or kiosk) opens a few minutes before the Focus Block." },
  submission_taken: { status: 409, meaning: "A check-in submission_id another account used." },
  appointment_limit: { status: 409, meaning: "The student has as many appointments as allowed then." },
  cluster_exists: { status: 409, meaning: "A cluster of that name exists." },
  has_appointment: {
    status: 409,
    meaning: "A locked appointment holds the student for that block (the message names the teacher and the memo; an unlocked request does not refuse).",
  },
  series_cancelled: { status: 409, meaning: "The recurring request (appointment series) was cancelled already." },
  import_running: { status: 409, meaning: "An import of that kind is already running." },
  not_pending: { status: 409, meaning: "The block has ended, so it can no longer change." },
  day_type_changes_unconfirmed: {
    status: 409,
    meaning: "The timetable would move the day type of school days: see them with dry_run, then save with confirm_day_type_changes.",
  },
  already_placed: { status: 409, meaning: "Default placement has already run for that date." },
  choice_closed: { status: 422, meaning: "The Focus Block's choice deadline (setting choice-deadline, or the day's own) has passed: students may no longer choose." },
  request_closed: { status: 409, meaning: "The Focus Block's request deadline (setting request-deadline, or the day's own) has passed: only an administrator may book a student." },
  standing_choice_overlaps: { status: 409, meaning: "The student already has a standing choice of the same day type or weekday meeting those dates." },
  placement_closed: { status: 409, meaning: "Default placement has run for that date and students may not change after it." },
  own_administrator: { status: 409, meaning: "Administrators cannot remove their own administrator role." },
  staff_exists: { status: 409, meaning: "A staff member with that email exists." },
  student_exists: { status: 409, meaning: "A student with that student number exists." },
  teacher_full: { status: 409, meaning: "The teacher's seats are taken." },
  staff_left: {
    status: 409,
    meaning: "The staff member's account is locked (disabled, or locked by the SIS because they left): they take no plans, appointments or default students.",
  },
  teacher_unavailable: { status: 409, meaning: "The teacher is unavailable for that block." },
  seats_left: { status: 409, meaning: "The teacher has seats left: choose them instead of joining their waitlist." },
  waitlist_limit: { status: 409, meaning: "The student is on as many waitlists for that Focus Block as the waitlist-limit setting allows." },
  already_planned: { status: 409, meaning: "The student is already planned with that teacher for that Focus Block." },
  not_waitlisted: { status: 404, meaning: "The student is not on that teacher's waitlist for that Focus Block." },
  no_offer: { status: 409, meaning: "No seat is held for the student with that teacher (offer mode), or the offer ran out." },
  not_open_to_you: {
    status: 409,
    meaning: "The teacher's topic for that block is only for some grades, clusters or sections, and the student is in none of them (the message says whom).",
  },
  too_many_files: { status: 409, meaning: "More files than one upload may carry." },
  too_many_imports: { status: 409, meaning: "Too many imports are waiting." },
  wiki_group_not_empty: { status: 409, meaning: "A wiki group with posts cannot be deleted." },
  mail_not_configured: { status: 409, meaning: "Email is not set up on this server (SMTP_URL)." },
  not_sent: { status: 409, meaning: "The message could not be sent (the address cannot receive email)." },
  guardian_exists: { status: 409, meaning: "The student already has a family contact with that email address." },
  passwords_gone: { status: 410, meaning: "An import's initial passwords were downloaded or have expired." },
  too_large: { status: 413, meaning: "The body passed its byte limit." },
  not_csv: { status: 415, meaning: "An upload is not a CSV file." },
  unsupported_media_type: { status: 415, meaning: "The body is not of the type the route reads." },
  // Input that is readable but wrong
  invalid: { status: 422, meaning: "Field errors; see `errors`." },
  invalid_file: { status: 422, meaning: "An uploaded file cannot be used." },
  expired_code: { status: 422, meaning: "An Air Check-in code that was right minutes ago and has rotated since." },
  no_flex_block: { status: 422, meaning: "No flex block meets on that date." },
  no_focus_block: { status: 422, meaning: "No Focus Block meets on that date." },
  unsubscribe_link_invalid: {
    status: 422,
    meaning: "The unsubscribe link's token was not signed by this server (forged, altered or cut short): nothing was changed.",
  },
  not_flex: { status: 422, meaning: "The block is not a flex block." },
  not_meeting: { status: 422, meaning: "The block does not meet on that date." },
  outside_school_year: { status: 422, meaning: "The date is outside the school year." },
  too_many: { status: 422, meaning: "More entries than one request may carry." },
  no_address: { status: 422, meaning: "The account has no email address to send to." },
  reset_link_invalid: {
    status: 422,
    meaning:
      "A forgotten-password link that is unknown (forged), expired (30 minutes), used already, replaced by a newer one, or for an account that may no longer reset by email; nothing changed.",
  },
  mandatory_notification: {
    status: 422,
    meaning: "The school sends that kind of notification to everyone (setting mandatory-notifications): it cannot be turned off.",
  },
  wrong_code: { status: 422, meaning: "An Air Check-in code that matches no teacher's current code." },
  account_locked: { status: 423, meaning: "The account is disabled." },
  too_many_attempts: { status: 429, meaning: "Throttled; see Retry-After." },
  too_many_exports: { status: 429, meaning: "The caller's exports already running are as many as may run at once; see Retry-After." },
  server_error: { status: 500, meaning: "A real fault, logged with the request id." },
  database_unavailable: { status: 503, meaning: "The database cannot be reached right now; see Retry-After. Nothing was done." },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
