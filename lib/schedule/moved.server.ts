import "server-only";
import type { Db } from "@/db";
import { studentAddressees } from "@/db/queries/reach-lists";
import { settingValues } from "@/db/queries/settings";
import { titledLastName } from "@/lib/people/names";
import { sentenceFor, type Reason } from "@/lib/core/schedule/reason";
import type { SchoolDate } from "@/lib/core/time";
import type { SeatMove } from "@/lib/choice/seats.server";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { sentence, type MessageContent } from "@/lib/reach/content";
import { longDay, shortDay } from "@/lib/reach/messages";
import { notify, type Notice } from "@/lib/reach/notify.server";

/**
 * "You were moved, and why": whenever someone else changes a student's Focus Block (an appointment or
 * its cancelling, an amendment, a Power Scheduler batch, default placement, a closed day, a teacher who
 * left or made themselves unavailable), the student is told what changed, by whom and why, in the sentence their profile shows for the
 * block's reason (lib/core/schedule/reason.ts sentenceFor). One message per student per occasion (a batch of
 * 900 is 900 messages, each once), written in the transaction of the change, in a fixed number of
 * statements.
 */
type Staff = { title: string; first_name: string; last_name: string };

export type Change =
  | { kind: "booked"; by: Staff; memo: string; dates: SchoolDate[]; cleared: Staff[]; locked?: boolean }
  | { kind: "appointment_cancelled"; by: Staff; teacher: Staff; memo: string; dates: SchoolDate[]; restored: boolean }
  | { kind: "amended"; by: Staff; memo: string; dates: SchoolDate[] }
  | { kind: "power_scheduler"; by: Staff | { name: string }; batch: "appointment" | "amendment"; everyone: boolean; memo: string; dates: SchoolDate[] }
  | { kind: "placed"; teacher: Staff; cutoffAt: Date; dates: SchoolDate[] }
  | { kind: "closed_day"; event: string; teachers: Staff[]; dates: SchoolDate[] }
  | { kind: "released"; text: string; dates: SchoolDate[] }
  | { kind: "unavailable"; teacher: Staff; topic: string; dates: SchoolDate[] }
  | { kind: "waitlist"; teacher: Staff; dates: SchoolDate[]; offeredUntil?: Date }
  /** A standing choice that could not be planned on a Focus Block (lib/standing): "Day 2" or "Tuesdays". */
  | { kind: "standing"; teacher: Staff; pattern: string; outcome: "unavailable" | "waitlisted"; detail: string; dates: SchoolDate[] }
  /** A teacher's recurring request (lib/requests/series.server.ts): its dates booked, or cancelled, for this student. */
  | { kind: "series"; action: "booked" | "cancelled"; by: Staff; teacher: Staff; memo: string; locked: boolean; pattern: string; dates: SchoolDate[] };

export interface Moved {
  student_id: number;
  /** What makes this change one occasion ("appointment:41", "batch:7", "placement:2026-12-08"). */
  occasion: string;
  change: Change;
}

const ref = (staff: Staff | { name: string }) =>
  "name" in staff ? { id: 0, name: staff.name } : { id: 0, name: `${titledLastName(staff)}, ${staff.first_name}` };

/** The dates a change is about, as the subject and heading name them. */
function whenWords(dates: SchoolDate[]): { short: string; long: string } {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length <= 1) return { short: shortDay(sorted[0] ?? ""), long: longDay(sorted[0] ?? "") };
  const more = sorted.length - 1;
  return {
    short: `${shortDay(sorted[0]!)} and ${more} more ${more === 1 ? "date" : "dates"}`,
    long: `${longDay(sorted[0]!)} and ${more} more ${more === 1 ? "date" : "dates"}`,
  };
}

const listNames = (staff: Staff[]) => {
  const names = [...new Set(staff.map(titledLastName))];
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
};

/** The words of one change (pure). */
export function movedContent(change: Change, timezone: string): { subject: string; content: MessageContent } {
  const when = whenWords(change.dates);
  const at = new Date().toISOString();
  const reasonSentence = (reason: Reason) => sentence(sentenceFor(reason, { viewer: "self", timezone }));
  const paragraphs: string[] = [];
  switch (change.kind) {
    case "booked":
      paragraphs.push(reasonSentence({ kind: "booked", by: ref(change.by), memo: change.memo, at, locked: change.locked }));
      paragraphs.push(`You are with ${titledLastName(change.by)} in Focus Block on ${when.long}.`);
      if (change.cleared.length > 0) paragraphs.push(`Your plan with ${listNames(change.cleared)} for that block was cancelled.`);
      break;
    case "appointment_cancelled":
      paragraphs.push(
        `${titledLastName(change.by)} cancelled your appointment with ${titledLastName(change.teacher)}${change.memo ? ` (${change.memo})` : ""} on ${when.long}.`,
      );
      paragraphs.push(change.restored ? "Your plan from before it is back." : "Choose a teacher for that Focus Block.");
      break;
    case "amended":
      paragraphs.push(reasonSentence({ kind: "amended", by: ref(change.by), memo: change.memo, at }));
      break;
    case "power_scheduler":
      paragraphs.push(
        reasonSentence({ kind: "power_scheduler", batch: change.batch, by: ref(change.by), memo: change.memo, everyone: change.everyone || undefined, at }),
      );
      paragraphs.push(`This is for ${when.long}.`);
      break;
    case "placed":
      paragraphs.push(reasonSentence({ kind: "placed", teacher: ref(change.teacher), at: change.cutoffAt.toISOString() }));
      paragraphs.push(`You had not chosen a teacher for Focus Block on ${when.long}.`);
      break;
    case "closed_day":
      paragraphs.push(
        `There is no Focus Block on ${when.long} (${change.event}), so your plan with ${listNames(change.teachers)} was cancelled.`,
      );
      break;
    case "released":
      paragraphs.push(change.text);
      break;
    case "series":
      if (change.action === "booked") {
        paragraphs.push(reasonSentence({ kind: "booked", by: ref(change.teacher), memo: change.memo, at, locked: change.locked }));
        paragraphs.push(`This is a recurring request, ${change.pattern}: Focus Block on ${when.long}.`);
      } else {
        paragraphs.push(
          `${titledLastName(change.by)} cancelled the recurring request with ${titledLastName(change.teacher)}${change.memo ? ` (${change.memo})` : ""}, ${change.pattern}: Focus Block on ${when.long}.`,
        );
        paragraphs.push("Choose a teacher for those Focus Blocks.");
      }
      break;
    case "unavailable":
      paragraphs.push(
        `${titledLastName(change.teacher)} is not taking students in Focus Block on ${when.long}${change.topic.trim() ? ` (${change.topic.trim()})` : ""}, so your plan with them was cancelled.`,
      );
      paragraphs.push("Choose another teacher for that Focus Block.");
      break;
    case "waitlist":
      if (change.offeredUntil) {
        paragraphs.push(
          `A seat freed with ${titledLastName(change.teacher)} in Focus Block on ${when.long}, and you are first on the waitlist.`,
        );
        paragraphs.push(`It is held for you until ${offerClock(change.offeredUntil, timezone)}: accept it in your block to take it.`);
      } else {
        paragraphs.push(reasonSentence({ kind: "waitlist", teacher: ref(change.teacher), at }));
        paragraphs.push(`You are with ${titledLastName(change.teacher)} in Focus Block on ${when.long}; your other plan and waitlists for that block were released.`);
      }
      break;
    case "standing":
      paragraphs.push(
        `Your usual on ${change.pattern} with ${titledLastName(change.teacher)} could not be planned for Focus Block on ${when.long}: ${change.detail}`,
      );
      paragraphs.push(
        change.outcome === "waitlisted"
          ? "If a seat frees, it can be yours; until then, choose another teacher if you like."
          : "Choose another teacher for that Focus Block.",
      );
      break;
  }
  const first = [...change.dates].sort()[0];
  return {
    subject: `Your Focus Block on ${when.short} changed`,
    content: {
      heading: `Your Focus Block on ${when.long} changed`,
      paragraphs,
      action: first ? { label: "See your day", path: `/profile?date=${first}` } : undefined,
      note: "You get this because someone else changed your Focus Block. You can choose how you are told in your notification settings.",
    },
  };
}

const offerClock = (at: Date, timezone: string) => format(new TZDate(at, timezone), "HH:mm 'on' EEE, MMM d");

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
  const [people, zone] = await Promise.all([
    studentAddressees(tx, moved.map((m) => m.student_id)),
    settingValues(tx, ["timezone"]),
  ]);
  const timezone = zone[0]?.value || "UTC";
  const byId = new Map(people.map((p) => [p.student_id, p]));
  const notices: Notice[] = moved.flatMap((m) => {
    const person = byId.get(m.student_id);
    if (!person) return [];
    const { subject, content } = movedContent(m.change, timezone);
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
