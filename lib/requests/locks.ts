import { titledLastName } from "@/lib/people/names";
import { shortStaffName } from "@/lib/core/schedule/reason";
import { appointmentRung, studentMayReplace } from "@/lib/core/choice/ladder";

/**
 * What a student reads about an appointment that holds their Focus Block (so they know whom to ask): a locked one
 * refuses their choice ("Ms. Ruiz has booked you for a test retake — ask her to change it"); an
 * unlocked one (a request) lets them choose, and their choice cancels it. Client-safe: the server's
 * 409 and the student's block dialog say the same sentence.
 */

type StaffWords = { title: string; last_name: string } | { name: string };

/** "her" for Ms./Mrs./Miss/Mme./Mlle., "him" for Mr., else "them". */
function pronounOf(title: string): "her" | "him" | "them" {
  if (/^(ms|mrs|miss|mme|mlle)\.?$/i.test(title)) return "her";
  if (/^mr\.?$/i.test(title)) return "him";
  return "them";
}

const nameAndTitle = (staff: StaffWords) => {
  if ("name" in staff) {
    const name = shortStaffName(staff.name);
    return { name, title: name.split(" ")[0] ?? "" };
  }
  return { name: titledLastName(staff), title: staff.title };
};

/** What the locked sentence says: who booked, for what ("" without a memo), and the pronoun their title gives. */
export function lockedWords(staff: StaffWords, memo: string): { name: string; what: string; pronoun: "her" | "him" | "them" } {
  const { name, title } = nameAndTitle(staff);
  return { name, what: memo.trim().replace(/[.!]+$/, ""), pronoun: pronounOf(title) };
}

/** The sentence of a locked appointment to the student it holds (the student's dialog says it in their language). */
export function lockedSentence(staff: StaffWords, memo: string): string {
  const { name, what, pronoun } = lockedWords(staff, memo);
  return `${name} has booked you${what ? ` for ${what}` : ""} — ask ${pronoun} to change it.`;
}

/** Whether the student's own choice may replace the appointment (lib/core/choice/ladder.ts rule 3). */
export const studentMayChooseOver = (appointment: { locked: boolean }) =>
  studentMayReplace({ rung: appointmentRung(appointment.locked), locked: appointment.locked });
