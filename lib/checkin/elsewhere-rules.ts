/** Students checked in by someone else: the words the check-in screen uses (shared by server and client). */

/** The school setting that lets a teacher move such a student to their own list (off by default). */
export const MOVE_SETTING = "check-in-move";

/** "Ms. Okafor". */
export function shortStaffName(staff: { title: string; last_name: string }): string {
  return [staff.title, staff.last_name].filter(Boolean).join(" ");
}

/**
 * "Malik Patel was already checked in by Ms. Okafor at 10:04 AM" (by an administrator when no staff
 * member). A check-in made on another day than the block's says so instead of that day's clock time
 * (so a teacher sees it was not a scan of today): "… by Ms. Okafor (proactive check-in)".
 */
export function alreadyCheckedInMessage(student: string, by: string | null, time: string, method?: string): string {
  const who = `${student} was already checked in by ${by ?? "an administrator"}`;
  if (method === "proactive" || method === "retroactive") return `${who} (${method} check-in)`;
  return `${who} at ${time}`;
}

interface ResultLike {
  success: unknown[];
  errors: unknown[];
  already_checked_in?: { message?: string | null }[];
}

/**
 * The snackbar after a check-in, kept short (the detail is in the Checked In list): the spec's
 * "Checked in N student(s)…" counting only students recorded here (or already here), then who had
 * checked in anyone else: one is named ("Malik Patel was already checked in by Ms. Okafor at 10:04 AM"),
 * more are counted ("22 were already checked in elsewhere: see Checked In").
 */
export function checkInSummary(result: ResultLike, spec: (result: ResultLike) => string): string {
  const elsewhere = (result.already_checked_in ?? []).flatMap((item) => (item.message ? [item.message] : []));
  const mine = { ...result, already_checked_in: (result.already_checked_in ?? []).filter((item) => !item.message) };
  const tail =
    elsewhere.length === 0
      ? ""
      : elsewhere.length === 1
        ? elsewhere[0]!
        : `${elsewhere.length} were already checked in elsewhere: see Checked In`;
  const checkedHere = mine.success.length + mine.already_checked_in.length;
  if (tail && checkedHere === 0 && result.errors.length === 0) return tail;
  return tail ? `${spec(mine)}. ${tail}` : spec(mine);
}

/**
 * The Checked In panel's count: "8" when every student is here, else "8 here · 22 elsewhere" (students
 * someone else checked in are listed, but not counted as checked in with the caller).
 */
export function checkedInCountText(here: number, elsewhere: number): string {
  return elsewhere === 0 ? String(here) : `${here} here · ${elsewhere} elsewhere`;
}
