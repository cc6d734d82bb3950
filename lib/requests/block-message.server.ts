import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { blockMessageRecipients, blockMessagesSince } from "@/db/queries/block-message";
import { lockStaff } from "@/db/queries/plans";
import { ApiError, forbidden, notFound } from "@/lib/api/errors.server";
import { requireStaff, type Principal } from "@/lib/auth/principal";
import { staffName, titledLastName } from "@/lib/people/names";
import { settingValues } from "@/db/queries/settings";
import { notify } from "@/lib/reach/notify.server";
import { studentLocale, studentWords } from "@/lib/reach/student-words";
import { readSchoolDate, requireOccurrence } from "@/lib/schedule/occurrence.server";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import type { BlockMessageBody } from "./series-schemas";
import type { BlockMessageAnswer } from "@/lib/people/answers";

/**
 * Teachers message their students ("bring your lab book"): from the block dialog, a text to everyone planned or
 * booked with the teacher for that block and date (and, when asked, their waitlist), as a notification
 * (in-app, and email and push by each student's preferences). A teacher sends for themselves; an
 * administrator for any teacher (`staff_id`). Audited; at most BLOCK_MESSAGES_PER_HOUR per teacher per
 * hour, counted under the teacher's row lock so concurrent sends cannot overshoot it.
 */

export const BLOCK_MESSAGES_PER_HOUR = 10;
const HOUR = 60 * 60 * 1000;

export async function sendBlockMessage(db: Db, principal: Principal, input: BlockMessageBody, now: Date): Promise<BlockMessageAnswer> {
  const isAdmin = principal.role === "admin" || principal.role === "sysadmin";
  const own = principal.staff;
  if (input.staff_id !== undefined && input.staff_id !== own?.id && !isAdmin) {
    throw forbidden("You can message only your own students.");
  }
  const staffId = input.staff_id ?? requireStaff(principal).id;
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(input.date, calendar.timezone);
  return db.transaction(async (tx) => {
    const occurrence = await requireOccurrence(tx, input.block_id, date, calendar, now, { pending: true });
    const teacher = await lockStaff(tx, staffId);
    if (!teacher) throw notFound("The teacher could not be found.");
    const recent = await blockMessagesSince(tx, teacher.id, new Date(now.getTime() - HOUR));
    if (recent.length >= BLOCK_MESSAGES_PER_HOUR) {
      const retry = Math.max(1, Math.ceil((recent[0]!.getTime() + HOUR - now.getTime()) / 1000));
      throw new ApiError(
        429,
        "too_many_attempts",
        `You have sent ${BLOCK_MESSAGES_PER_HOUR} messages in the last hour. Try again later.`,
        undefined,
        { "Retry-After": String(retry) },
      );
    }
    const people = await blockMessageRecipients(tx, { staff_id: teacher.id, block_id: input.block_id, date, include_waitlist: input.include_waitlist });
    const name = titledLastName(teacher);
    const occasion = `block-message:${teacher.id}:${input.block_id}:${date}:${now.getTime()}`;
    const [schoolDefault] = await settingValues(tx, ["default-locale"]);
    const sent = await notify(
      tx,
      people.map((p) => {
        const words = studentWords(studentLocale(p.locale, schoolDefault?.value), calendar.timezone);
        const { t } = words;
        const about = { teacher: name, block: occurrence.block.label };
        return {
          to: { user_id: p.user_id, student_id: p.student_id, email: p.email, name: `${p.first_name} ${p.last_name}` },
          kind: "teacher_message" as const,
          occasion,
          subject: t("blockMessage.subject", { ...about, day: words.short(date) }),
          content: {
            heading: t("blockMessage.heading", { ...about, day: words.long(date) }),
            paragraphs: [input.text],
            action: { label: t("seeYourDay"), path: `/profile?date=${date}` },
            note: t("blockMessage.note", { teacher: name }),
            ...words.layout(t("blockMessage.unsubscribe")),
          },
        };
      }),
      now,
    );
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "block_message.send",
      details: {
        staff_id: teacher.id,
        teacher: staffName(teacher),
        block_id: input.block_id,
        date,
        include_waitlist: input.include_waitlist,
        recipients: people.length,
        sent,
        text: input.text,
      },
      created_at: now,
    });
    return { sent };
  });
}
