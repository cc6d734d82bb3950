/** @jest-environment node */
import { describeDetails } from "@/lib/audit/describe";

/** The audit log's details in words, not `key: value` dumps. */
describe("describeDetails", () => {
  it("says what happened to an appointment and an amendment in a sentence", () => {
    expect(
      describeDetails("appointment.cancel", {
        appointment_id: 7,
        student: "Maya Castellano",
        teacher: "Mr. Reyes, Daniel",
        date: "2026-11-24",
        block_id: 3,
        memo: "Quiz rewrite",
        plans_restored: 1,
      }),
    ).toBe(
      "Cancelled Maya Castellano's appointment with Mr. Reyes, Daniel on Tue Nov 24, 2026 (“Quiz rewrite”). The plan it had cleared was given back.",
    );
    expect(
      describeDetails("appointment.create", {
        appointment_id: 7,
        student: "Maya Castellano",
        teacher: "Mr. Reyes, Daniel",
        date: "2026-11-24",
        cleared_plans: [{ staff_id: 4 }],
      }),
    ).toBe("Booked Maya Castellano with Mr. Reyes, Daniel on Tue Nov 24, 2026 and cleared the student's plan (1 plan) for that block.");
    expect(
      describeDetails("amendment.create", { student: "Maya Castellano", date: "2026-11-25", memo: "Band trip", block_id: 3 }),
    ).toBe("Amended Maya Castellano's block on Wed Nov 25, 2026: “Band trip”.");
  });

  it("says who checked whom in, to whose list and how, for each way a check-in is made", () => {
    const base = { student: "Maya Castellano", teacher: "Mr. Reyes, Daniel", block: "Focus Block", date: "2026-11-24", method: "manual", check_in_id: 9 };
    const said = (details: Record<string, unknown>) => describeDetails("check_in.create", { ...base, ...details });
    expect(said({ via: "scan" })).toBe("Checked Maya Castellano in to Mr. Reyes, Daniel's Focus Block on Tue Nov 24, 2026 with a scanner or a typed number.");
    expect(said({ via: "scheduled_list", method: "roll-call" })).toMatch(/ from the Scheduled list\.$/);
    expect(said({ via: "offline_replay", method: "retroactive" })).toMatch(/, sent later by a device that had been offline, recorded as retroactive\.$/);
    expect(said({ via: "air_code", method: "air" })).toMatch(/ with an Air Check-in code \(the student\)\.$/);
    expect(said({ via: "kiosk", method: "air", kiosk: "Room 12 door" })).toMatch(/ at the kiosk “Room 12 door”\.$/);
    expect(said({ via: "scan", teacher: null })).toBe("Checked Maya Castellano in to the Focus Block on Tue Nov 24, 2026 with a scanner or a typed number.");
  });

  it("spells out changes as from … to …", () => {
    expect(
      describeDetails("settings.update", {
        changes: { "show-student-numbers": { from: "false", to: "true" }, appointment_limit: { from: "1", to: "2" } },
      }),
    ).toBe("Changed show student numbers from “false” to “true”; appointment limit from “1” to “2”.");
    expect(describeDetails("staff.update", { staff_id: 4, changes: { email: ["a@x.school", "b@x.school"], administrator: [false, true] } })).toBe(
      "Changed email from “a@x.school” to “b@x.school”; administrator from no to yes.",
    );
    expect(
      describeDetails("roster.role_change", { name: "Sam Secretary", from: "staff", to: "administrator", sis_role: "administrator", job_id: 12, api_token_id: 3 }),
    ).toBe("Sam Secretary: from staff to an administrator (SIS role administrator), by OneRoster import job #12 from the API token #3.");
    expect(describeDetails("roster.role_change", { name: "Al Aide", from: null, to: "staff", sis_role: "aide", job_id: 13, api_token_id: null })).toBe(
      "Al Aide: from no account to staff (SIS role aide), by OneRoster import job #13 from an upload.",
    );
  });

  it("spells out any other action field by field, ids left out, never as JSON", () => {
    const said = describeDetails("wiki.group.create", { group_id: 3, title: "Guides", tags: ["a", "b"], extra: { size: 2 } });
    expect(said).toBe("Title “Guides”; tags “a”, “b”; extra size 2.");
    expect(said).not.toMatch(/[{}]|: /);
    expect(describeDetails("credentials.disable", { username: "100001", accounts: 3 })).toBe(
      "Account 100001, one of 3 accounts in the same action.",
    );
    expect(describeDetails("anything", null)).toBe("");
    expect(describeDetails("anything", { id: 4 })).toBe("");
  });
  it("says who asked for a forgotten-password link and that every session ended after it was used", () => {
    expect(describeDetails("password_reset.request", { username: "ruiz@school.example", requested_from: "203.0.113.9", replaced: 1 })).toBe(
      "Emailed a password link for ruiz@school.example, asked for from 203.0.113.9; it replaced 1 earlier link.",
    );
    expect(describeDetails("password_reset.complete", { username: "ruiz@school.example" })).toBe(
      "ruiz@school.example chose a new password with the emailed link; every session of the account was signed out.",
    );
  });
});
