/** The notification text (varchar 1000) and its pieces; pure, so the wizard tests can check it too. */

const MAX_BODY = 1000;
const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export interface ImportTotals {
  filename: string;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Rows giving an existing student number another name (nothing changed): to review in the report. */
  conflicts?: number;
}

/**
 * "Processed students.csv: 412 accounts created, 3 rows skipped (row 5: duplicate student number
 * 100123; row 9: grade 14 is not 8–12)". Reasons are listed while they fit; the rest are counted.
 */
export function importMessage(
  totals: ImportTotals,
  skippedRows: readonly { row: number; reason: string | null }[],
): string {
  const parts = [plural(totals.created, "account created", "accounts created")];
  if (totals.updated) parts.push(`${totals.updated.toLocaleString("en-US")} updated`);
  if (totals.unchanged) parts.push(`${totals.unchanged.toLocaleString("en-US")} already existed`);
  if (totals.conflicts) parts.push(`${plural(totals.conflicts, "conflict", "conflicts")} to review`);
  let text = `Processed ${totals.filename}: ${parts.join(", ")}`;
  if (!totals.skipped) return text;
  text += `, ${plural(totals.skipped, "row skipped", "rows skipped")}`;
  const listed: string[] = [];
  for (const row of skippedRows) {
    const entry = `row ${row.row}: ${row.reason ?? "skipped"}`;
    const rest = totals.skipped - listed.length - 1;
    const tail = rest > 0 ? `; and ${rest.toLocaleString("en-US")} more` : "";
    if (text.length + [...listed, entry].join("; ").length + tail.length + 3 > MAX_BODY) break;
    listed.push(entry);
  }
  if (listed.length === 0) return text;
  const more = totals.skipped - listed.length;
  return `${text} (${listed.join("; ")}${more > 0 ? `; and ${more.toLocaleString("en-US")} more` : ""})`;
}

export function failureMessage(filename: string, error: string, done: number, total: number | null): string {
  const progress = total
    ? ` after ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows`
    : "";
  return `Could not finish processing ${filename}${progress}: ${error}`.slice(0, MAX_BODY);
}
