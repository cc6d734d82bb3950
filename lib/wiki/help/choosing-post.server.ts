import "server-only";
import { NOT_OPEN_TO_YOU } from "@/lib/choice/audience";
import { RUNGS } from "@/lib/core/choice/ladder";

/**
 * Help for students and staff on how a Focus Block is decided (so nobody wonders why they are where they are): the priority ladder and its
 * locks, the deadlines, waitlists, standing choices, recurring requests and who may join. The ladder's
 * table is made from lib/core/choice/ladder.ts RUNGS, so the help shows the order the server keeps.
 */

/** The ladder as a Markdown table, top rung first. */
export function ladderTable(): string {
  const rows = RUNGS.map(
    (rung, i) => `| ${i + 1} | **${rung.label}** | ${rung.locked ? "Locked" : "Not locked"} | ${rung.says} |`,
  );
  return [
    "| | What holds the block | For the student | Meaning |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

export const CHOOSING = {
  slug: "choosing-rules",
  title: "How your Focus Block is decided: choices, locks, deadlines and waitlists",
  body: `Several things can put a student somewhere in a Focus Block: a teacher's appointment, a staff
amendment, a standing choice, the student's own choice, a waitlist, or default placement. When more than one
applies, the **ladder** decides. Students and staff read the same rules here.

## The ladder

The higher rung holds the block. Each block in a week shows its reason and who made it.

${ladderTable()}

Three rules:

1. A higher rung replaces a lower one, and the student is told what replaced what.
2. A lower rung never replaces a higher one: it is refused, or (a standing choice, default placement)
   skipped with the reason kept.
3. The student's own hand may replace anything of theirs that is not locked (their standing choice for one
   date, a waitlist seat, a default placement, an unlocked request), never a locked rung.

## Locks

An appointment is **locked** unless the teacher books it unlocked: then it is a *Teacher's request* and the
student may still choose someone else. A locked block shows who locked it and why, for example *Ms. Ruiz has
booked you for a test retake — ask her to change it.* Only staff can change a locked block.

## Deadlines

- **choice-deadline**: until when students may choose a teacher for a Focus Block. A time on the block's day
  (\`08:00\`) or hours before it starts (\`2h\`); empty means until the block ends (a block in progress may still be chosen). After it the student
  sees until when they could choose.
- **request-deadline**: until when teachers may book students for a Focus Block (requests and
  appointments), in the same form; after it only an administrator may.
- A day in the school calendar may set its own choice and request deadlines, which then replace both
  settings for that day.
- Default placement runs after the choice deadline for the students nothing else holds.

## Waitlists

When a teacher is full, a student may join their waitlist for that Focus Block (at most **waitlist-limit**
waitlists per block, 3 unless the school changed it). When a seat frees, the first student on the
waitlist gets it, in the same moment, by the **waitlist-mode** setting:

- \`auto\` (the default): the student is placed at once and told.
- \`offer\`: the seat is held for them for **waitlist-offer-minutes** (30), then offered to the next.

A student placed from a waitlist leaves their other plan for that block, and that teacher's waitlist moves on.

## Standing choices

A student may choose a teacher for every Focus Block on a day type (*every Day 2 with Ms. Ruiz*) or a
weekday, from a date until a date or the end of the term. Flexblock makes those plans
**standing-choice-days** (14) ahead, as each choice window opens, with the reason *your usual on Day 2*.
Something higher on the ladder wins; when the teacher is unavailable or full the student goes on the
waitlist, then to default placement, and is told. Holidays and changed day types are followed.

## Recurring requests

A teacher may book one appointment over a pattern (a day type or weekday, over a date range) for one or
many students, with one memo. The series is listed, changed and cancelled as one. Each date obeys the
**appointment_limit** setting and says so when it cannot be booked.

## Who may join

A teacher may open a topic only to some students: under **Who may join**, choose everyone, or grades,
clusters or sections (any of them admits a student). **Seats** caps the topic's seats below the teacher's
capacity. A student outside the topic sees the teacher greyed, marked *${NOT_OPEN_TO_YOU}*, with the reason,
for example *Chemistry 12 retake is only for CHEM12-01 and CHEM12-02.*, and cannot choose them.

See also [Planning your Focus Block](post:student-planning).
`,
};
