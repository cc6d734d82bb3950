import "server-only";
import type { Db } from "@/db";
import { studentAddressees } from "@/db/queries/reach-lists";
import { settingValues } from "@/db/queries/settings";
import { titledLastName } from "@/lib/people/names";
import { shortStaffName } from "@/lib/core/schedule/reason";
import { schoolDateOf, type SchoolDate } from "@/lib/core/time";
import { DEFAULT_LOCALE, type ShippedLocale } from "@/lib/i18n/locales";
import type { SeatMove } from "@/lib/choice/seats.server";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { sentence, type MessageContent } from "@/lib/reach/content";
import { notify, type Notice } from "@/lib/reach/notify.server";
import { studentLocale, studentWords, type StudentWords } from "@/lib/reach/student-words";

/**
 * "You were moved, and why": whenever someone else changes a student's Focus Block (an appointment or
 * its cancelling, an amendment, a Power Scheduler batch, default placement, a closed day, a teacher who
 * left or made themselves unavailable), the student is told what changed, by whom and why, in the sentence their profile shows for the
 * block's reason (lib/core/schedule/reason.ts sentenceFor). One message per student per occasion (a batch of
 * 900 is 900 messages, each once), written in the transaction of the change, in a fixed number of
 * statements. In the student's language (users.locale, else the school's default-locale, else English:
 * lib/reach/student-words.ts, namespace "notices"); names, memos, topics and events stay as typed.
 */
type Staff = { title: string; first_name: string; last_name: string };

export type Change =
  | { kind: "booked"; by: Staff; memo: string; dates: SchoolDate[]; cleared: Staff[]; locked?: boolean }
  | { kind: "appointment_cancelled"; by: Staff; teacher: Staff; memo: string; dates: SchoolDate[]; restored: boolean }
  | { kind: "amended"; by: Staff; memo: string; dates: SchoolDate[] }
  | { kind: "power_scheduler"; by: Staff | { name: string }; batch: "appointment" | "amendment"; everyone: boolean; memo: string; dates: SchoolDate[] }
  | { kind: "placed"; teacher: Staff; cutoffAt: Date; dates: SchoolDate[] }
  | { kind: "closed_day"; event: string; teachers: Staff[]; dates: SchoolDate[] }
  /** `text` in English; `textIn` says it in the student's French or Spanish (a teacher who left: lib/placement/leavers.server.ts). */
  | { kind: "released"; text: string; textIn?: (words: StudentWords) => string; dates: SchoolDate[] }
  | { kind: "unavailable"; teacher: Staff; topic: string; dates: SchoolDate[] }
  | { kind: "waitlist"; teacher: Staff; dates: SchoolDate[]; offeredUntil?: Date }
  /** A standing choice that could not be planned on a Focus Block (lib/standing): "Day 2" or "Tuesdays". */
  | {
      kind: "standing";
      teacher: Staff;
      pattern: string;
      outcome: "unavailable" | "waitlisted";
      detail: string;
      /** Which `detail` it is, so French and Spanish can say it (English says `detail`). */
      because?: StandingBecause;
      /** The day type (as the school typed it) or weekday of `pattern`, so French and Spanish can say it. */
      patternOf?: PatternOf;
      dates: SchoolDate[];
    }
  /** A teacher's recurring request (lib/requests/series.server.ts): its dates booked, or cancelled, for this student. */
  | { kind: "series"; action: "booked" | "cancelled"; by: Staff; teacher: Staff; memo: string; locked: boolean; pattern: string; patternOf?: PatternOf; dates: SchoolDate[] }
  /** A teacher who takes fewer students now: the student's plan gave way, and they are first on the waitlist again. */
  | { kind: "seats_lowered"; teacher: Staff; dates: SchoolDate[] };

export type StandingBecause = "noStudents" | "notTaking" | "full";
type PatternOf = { day_type: string | null; weekday: number | null };

export interface Moved {
  student_id: number;
  /** What makes this change one occasion ("appointment:41", "batch:7", "placement:2026-12-08"). */
  occasion: string;
  change: Change;
}

/** "Mr. Reyes" for who did it, as the profile's reason sentence names them (lib/core/schedule/reason.ts). */
const who = (staff: Staff | { name: string }) => shortStaffName("name" in staff ? staff.name : `${titledLastName(staff)}, ${staff.first_name}`);

/** The dates a change is about, as the subject and heading name them. */
function whenWords(words: StudentWords, dates: SchoolDate[]): { short: string; long: string } {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length <= 1) return { short: words.short(sorted[0] ?? ""), long: words.long(sorted[0] ?? "") };
  const more = sorted.length - 1;
  return {
    short: words.t("moreDates", { day: words.short(sorted[0]!), more }),
    long: words.t("moreDates", { day: words.long(sorted[0]!), more }),
  };
}

const listNames = (words: StudentWords, staff: Staff[]) => words.list([...new Set(staff.map(titledLastName))]);

/** A key with a memo, or its key without one ("… booked you: chemistry test retake" / "… booked you."). */
type MemoKey = "reasonBooked" | "reasonAsked" | "reasonAmended" | "reasonBatchBooked" | "reasonBatchAmended" | "reasonBatchAmendedEveryone";

/** The student's own reason sentence, as their profile says it (reason.ts sentenceFor, viewer "self"). */
function reasonWords(words: StudentWords, key: MemoKey, by: string, memo: string): string {
  const trimmed = memo.trim();
  if (!trimmed) return words.t(`moved.${key}`, { by });
  // An unlocked request's memo loses its own full stop before "You may still choose."
  const shown = key === "reasonAsked" ? trimmed.replace(/\.$/, "") : trimmed;
  return sentence(words.t(`moved.${key}Memo`, { by, memo: shown }));
}

/** A standing choice's or a series' days in the student's language; English keeps the words it was given. */
function patternIn(words: StudentWords, english: string, of: PatternOf | undefined, kind: "standing" | "series"): string {
  if (words.locale === DEFAULT_LOCALE || !of) return english;
  if (of.day_type !== null) return kind === "standing" ? of.day_type : words.t("patterns.seriesDayType", { dayType: of.day_type });
  const weekday = String(of.weekday ?? 0);
  return kind === "standing" ? words.t("patterns.standingWeekday", { weekday }) : words.t("patterns.seriesWeekday", { weekday });
}

const withMemo = (memo: string) => (memo ? "Memo" : "") as "" | "Memo";

/** The paragraphs of one change (pure). */
function changeParagraphs(change: Change, words: StudentWords, timezone: string): string[] {
  const { t } = words;
  const when = whenWords(words, change.dates).long;
  switch (change.kind) {
    case "booked":
      return [
        reasonWords(words, change.locked === false ? "reasonAsked" : "reasonBooked", who(change.by), change.memo),
        t("moved.bookedWith", { teacher: titledLastName(change.by), when }),
        ...(change.cleared.length > 0 ? [t("moved.planCancelled", { teachers: listNames(words, change.cleared) })] : []),
      ];
    case "appointment_cancelled":
      return [
        t(`moved.appointmentCancelled${withMemo(change.memo)}`, { by: titledLastName(change.by), teacher: titledLastName(change.teacher), memo: change.memo, when }),
        change.restored ? t("moved.planBack") : t("moved.chooseForThat"),
      ];
    case "amended":
      return [reasonWords(words, "reasonAmended", who(change.by), change.memo)];
    case "power_scheduler": {
      const key = change.batch === "amendment" ? (change.everyone ? "reasonBatchAmendedEveryone" : "reasonBatchAmended") : "reasonBatchBooked";
      return [reasonWords(words, key, who(change.by), change.memo), t("moved.thisIsFor", { when })];
    }
    case "placed":
      return [
        t("moved.reasonPlaced", { teacher: who(change.teacher), clock: words.clock(change.cutoffAt, "HH:mm") }),
        t("moved.hadNotChosen", { when }),
      ];
    case "closed_day":
      return [t("moved.closedDay", { when, event: change.event, teachers: listNames(words, change.teachers) })];
    case "released":
      return [words.locale !== DEFAULT_LOCALE && change.textIn ? change.textIn(words) : change.text];
    case "series":
      if (change.action === "booked") {
        return [
          reasonWords(words, change.locked === false ? "reasonAsked" : "reasonBooked", who(change.teacher), change.memo),
          t("moved.seriesBooked", { pattern: patternIn(words, change.pattern, change.patternOf, "series"), when }),
        ];
      }
      return [
        t(`moved.seriesCancelled${withMemo(change.memo)}`, {
          by: titledLastName(change.by),
          teacher: titledLastName(change.teacher),
          memo: change.memo,
          pattern: patternIn(words, change.pattern, change.patternOf, "series"),
          when,
        }),
        t("moved.chooseForThose"),
      ];
    case "unavailable": {
      const topic = change.topic.trim();
      return [t(topic ? "moved.unavailableTopic" : "moved.unavailable", { teacher: titledLastName(change.teacher), when, topic }), t("moved.chooseAnother")];
    }
    case "waitlist":
      if (change.offeredUntil) {
        return [
          t("moved.seatOffered", { teacher: titledLastName(change.teacher), when }),
          t("moved.seatHeld", { until: offerClock(words, change.offeredUntil, timezone) }),
        ];
      }
      return [t("moved.reasonWaitlist", { teacher: who(change.teacher) }), t("moved.seatPlaced", { teacher: titledLastName(change.teacher), when })];
    case "seats_lowered":
      return [t("moved.seatsLowered", { teacher: titledLastName(change.teacher), when })];
    case "standing": {
      const teacher = titledLastName(change.teacher);
      const detail = words.locale !== DEFAULT_LOCALE && change.because ? t(`moved.standingBecause.${change.because}`, { teacher }) : change.detail;
      return [
        t("moved.standing", { pattern: patternIn(words, change.pattern, change.patternOf, "standing"), teacher, when, detail }),
        change.outcome === "waitlisted" ? t("moved.standingWaitlisted") : t("moved.chooseAnother"),
      ];
    }
  }
}

/** The words of one change (pure), in the student's language (English when absent). */
export function movedContent(change: Change, timezone: string, locale: ShippedLocale = DEFAULT_LOCALE): { subject: string; content: MessageContent } {
  const words = studentWords(locale, timezone);
  const { t } = words;
  const when = whenWords(words, change.dates);
  const first = [...change.dates].sort()[0];
  return {
    subject: t("moved.subject", { when: when.short }),
    content: {
      heading: t("moved.heading", { when: when.long }),
      paragraphs: changeParagraphs(change, words, timezone),
      action: first ? { label: t("seeYourDay"), path: `/profile?date=${first}` } : undefined,
      note: t("moved.note"),
      ...words.layout(t("moved.unsubscribe")),
    },
  };
}

/** "14:05 on Tue, Dec 8" (English's words), else "14 h 05 le mardi 8 décembre". */
const offerClock = (words: StudentWords, at: Date, timezone: string) =>
  words.locale === DEFAULT_LOCALE
    ? format(new TZDate(at, timezone), "HH:mm 'on' EEE, MMM d")
    : words.t("clockOnDay", { time: words.clock(at, "HH:mm"), day: words.long(schoolDateOf(at, timezone)) });

/** Tells the students a freed seat placed or was offered (lib/choice/seats.server.ts fillFreedSeats), one message each. */
export function tellSeatMoves(tx: Db, moves: SeatMove[], now: Date): Promise<number> {
  return tellMoved(
    tx,
    moves.map((move) => ({
      student_id: move.student_id,
      occasion: `waitlist:${move.kind}:${move.teacher.id}:${move.block_id}:${move.date}:${now.getTime()}`,
      change: {
        kind: "waitlist" as const,
        teacher: move.teacher,
        dates: [move.date],
        offeredUntil: move.kind === "offered" ? move.until : undefined,
      },
    })),
    now,
  );
}

/**
 * Tells each student of their change, in the caller's transaction. Answers how many were told.
 * `inApp: false` when the caller writes the inbox message itself (a teacher who left: leavers.server.ts).
 */
export async function tellMoved(tx: Db, moved: Moved[], now: Date, options: { inApp?: boolean } = {}): Promise<number> {
  if (moved.length === 0) return 0;
  const [people, values] = await Promise.all([
    studentAddressees(tx, moved.map((m) => m.student_id)),
    settingValues(tx, ["timezone", "default-locale"]),
  ]);
  const setting = new Map(values.map((r) => [r.key, r.value]));
  const timezone = setting.get("timezone") || "UTC";
  const byId = new Map(people.map((p) => [p.student_id, p]));
  const notices: Notice[] = moved.flatMap((m) => {
    const person = byId.get(m.student_id);
    if (!person) return [];
    const { subject, content } = movedContent(m.change, timezone, studentLocale(person.locale, setting.get("default-locale")));
    return [
      {
        to: { user_id: person.user_id, student_id: person.student_id, email: person.email, name: `${person.first_name} ${person.last_name}` },
        kind: "moved" as const,
        occasion: m.occasion,
        subject,
        content,
      },
    ];
  });
  return notify(tx, notices, now, options);
}
