import "server-only";
import type { Db } from "@/db";
import { insertSystemNotices } from "@/db/queries/notifications";
import { claimOccasions } from "@/db/queries/outbox";
import { inboxText, type MessageContent } from "./content";
import type { MessageKind } from "./kinds";
import { queueMessages, type Message } from "./outbox.server";

/** A person Flexblock tells something: an account (a student or a staff member), or a guardian by address. */
export interface Addressee {
  user_id: number | null;
  student_id?: number | null;
  staff_id?: number | null;
  guardian_id?: number | null;
  email: string | null;
  name: string;
}

export interface Notice {
  to: Addressee;
  kind: MessageKind;
  /** Makes it this message and no other of its kind to this person (a date, a booking, a week). */
  occasion: string;
  subject: string;
  content: MessageContent;
}

const recipientKey = (to: Addressee) =>
  to.guardian_id ? `guardian:${to.guardian_id}` : to.user_id ? `user:${to.user_id}` : `address:${to.email}`;

/**
 * Tells people, in the caller's transaction: each notice once per kind, person and occasion (a second
 * run tells nobody twice), in the in-app inbox (students and staff), by email (when SMTP is set up and
 * they have an address) and by push (on each device they turned it on), leaving out what each turned
 * off. A fixed number of statements, whatever the number of people (a Power Scheduler batch of 900).
 * Answers how many people were told.
 */
export async function notify(
  tx: Db,
  notices: Notice[],
  now: Date,
  options: { immediate?: boolean; inApp?: boolean } = {},
): Promise<number> {
  if (notices.length === 0) return 0;
  const keyOf = (n: Notice) => `${n.kind}:${recipientKey(n.to)}:${n.occasion}`.slice(0, 500);
  const fresh = await claimOccasions(tx, notices.map(keyOf));
  const seen = new Set<string>();
  const told = notices.filter((n) => {
    const key = keyOf(n);
    if (!fresh.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (told.length === 0) return 0;
  if (options.inApp !== false) {
    await insertSystemNotices(
      tx,
      told
        .filter((n) => n.to.student_id || n.to.staff_id)
        .map((n) => ({
          student_id: n.to.student_id ?? null,
          staff_id: n.to.student_id ? null : (n.to.staff_id ?? null),
          body: inboxText(n.content),
          link: n.content.action?.path ?? null,
        })),
      { initials: "FB", color: "indigo", created_at: now },
    );
  }
  const messages: Message[] = told.flatMap((n) => {
    const base = { kind: n.kind, occasion: n.occasion, subject: n.subject, content: n.content, to_name: n.to.name };
    const list: Message[] = [];
    if (n.to.email) list.push({ ...base, channel: "email", user_id: n.to.user_id, guardian_id: n.to.guardian_id, to_address: n.to.email });
    if (n.to.user_id) list.push({ ...base, channel: "push", user_id: n.to.user_id });
    return list;
  });
  await queueMessages(tx, messages, now, { immediate: options.immediate });
  return told.length;
}
