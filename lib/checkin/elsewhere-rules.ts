/** Students checked in by someone else: the words the check-in screen uses (shared by server and client). */

/** The school setting that lets a teacher move such a student to their own list (off by default). */
export const MOVE_SETTING = "check-in-move";

/** "Ms. Okafor". */
export function shortStaffName(staff: { title: string; last_name: string }): string {
  return [staff.title, staff.last_name].filter(Boolean).join(" ");
}

/** "Malik Patel was already checked in by Ms. Okafor at 10:04 AM" (by an administrator when no staff member). */
export function alreadyCheckedInMessage(student: string, by: string | null, time: string): string {
  return `${student} was already checked in by ${by ?? "an administrator"} at ${time}`;
}

interface ResultLike {
  success: unknown[];
  errors: unknown[];
  already_checked_in?: { message?: string | null }[];
}

/**
 * The snackbar after a check-in: the spec's "Checked in N student(s)…" counting only students
 * recorded here (or already here), then who had checked in anyone else:
 * "Checked in 2 students. Malik Patel was already checked in by Ms. Okafor at 10:04 AM".
 */
export function checkInSummary(result: ResultLike, spec: (result: ResultLike) => string): string {
  const elsewhere = (result.already_checked_in ?? []).flatMap((item) => (item.message ? [item.message] : []));
  const mine = { ...result, already_checked_in: (result.already_checked_in ?? []).filter((item) => !item.message) };
  const tail =
    elsewhere.length === 0
      ? ""
      : elsewhere.length <= 2
        ? elsewhere.join(". ")
        : `${elsewhere.slice(0, 2).join(". ")} and ${elsewhere.length - 2} more were already checked in elsewhere`;
  const checkedHere = mine.success.length + mine.already_checked_in.length;
  if (tail && checkedHere === 0 && result.errors.length === 0) return tail;
  return tail ? `${spec(mine)}. ${tail}` : spec(mine);
}
