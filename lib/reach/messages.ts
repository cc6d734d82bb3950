import type { DigestRow } from "@/db/queries/reach-lists";
import type { Cutoff } from "@/lib/settings/placement-cutoff";
import type { SchoolDate } from "@/lib/core/time";
import { DEFAULT_LOCALE, type ShippedLocale } from "@/lib/i18n/locales";
import type { MessageContent } from "./content";
import { longDay, shortDay } from "./day-words";
import { clockOnDay, studentWords } from "./student-words";

/**
 * What each scheduled kind says (pure: the words, from the data). The layout renders them
 * (lib/reach/templates/email.tsx); the inbox and push take the same words.
 */

export { longDay, shortDay };

export function notChosenContent(input: {
  date: SchoolDate;
  blockId: number;
  firstName: string;
  cutoffAt: Date | null;
  cutoff: Cutoff;
  timezone: string;
  /** The student's language (lib/reach/student-words.ts studentLocale); English when absent. */
  locale?: ShippedLocale;
}): { subject: string; content: MessageContent } {
  const words = studentWords(input.locale ?? DEFAULT_LOCALE, input.timezone);
  const { t } = words;
  const day = words.long(input.date);
  const paragraphs = [t("reminder.notChosen", { first: input.firstName, day })];
  if (input.cutoffAt && input.cutoff.kind !== "off") {
    paragraphs.push(t("reminder.cutoff", { cutoff: clockOnDay(words, input.cutoffAt, input.date, input.timezone, "h:mm a") }));
  }
  return {
    subject: t("reminder.subject", { day: words.short(input.date) }),
    content: {
      heading: t("reminder.heading", { day }),
      paragraphs,
      action: { label: t("reminder.chooseButton"), path: `/profile?date=${input.date}&block=${input.blockId}` },
      note: t("reminder.note"),
      ...words.layout(t("reminder.unsubscribe")),
    },
  };
}

const studentName = (row: DigestRow) => `${row.student_last_name}, ${row.student_first_name}`;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function teacherDigestContent(input: { date: SchoolDate; teacher: string; rows: DigestRow[] }): {
  subject: string;
  content: MessageContent;
} {
  const day = longDay(input.date);
  const planned = input.rows.filter((r) => r.kind === "planned").length;
  const booked = input.rows.length - planned;
  const blocks = new Map<number, { label: string; lines: string[] }>();
  for (const row of input.rows) {
    const block = blocks.get(row.block_id) ?? { label: row.block_label, lines: [] };
    block.lines.push(row.kind === "appointment" ? `${studentName(row)} (appointment${row.memo ? `: ${row.memo}` : ""})` : studentName(row));
    blocks.set(row.block_id, block);
  }
  const summary =
    input.rows.length === 0
      ? "Nobody is planned with you or booked for an appointment yet."
      : `${count(planned, "student is", "students are")} planned with you and ${count(booked, "has an appointment", "have appointments")}.`;
  return {
    subject: `Your Focus Block list for ${shortDay(input.date)}`,
    content: {
      heading: `Who is coming to Focus Block on ${day}`,
      paragraphs: [`Good morning, ${input.teacher}. ${summary}`],
      sections: [...blocks.values()].map((b) => ({ title: `${b.label} (${b.lines.length})`, lines: b.lines })),
      action: { label: "Open check-in", path: "/check-in" },
      note: "You get this list on days with a Focus Block. You can turn it off in your notification settings.",
    },
  };
}
