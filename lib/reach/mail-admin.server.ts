import "server-only";
import type { Db } from "@/db";
import { claimMessage, findOutboxRow, outboxCounts, outboxIdByOccasion, outboxLog } from "@/db/queries/outbox";
import { ApiError } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { MESSAGE_KINDS, OUTBOX_STATUSES, type OutboxStatus } from "./kinds";
import { queueMessages } from "./outbox.server";
import { schoolBrand } from "./render.server";
import { sendClaimed } from "./sender.server";
import { mailConfig } from "./transport.server";
import type { MailLogAnswer, TestMessageAnswer } from "./answers";

export const MAIL_NOT_CONFIGURED =
  "Email is not set up on this server: set SMTP_URL (and MAIL_FROM) in its environment and restart it. See the README's \"Email\".";

/** Whether mail is set up, and from whom (the screens say so when it is not). */
export function mailStatus() {
  const config = mailConfig();
  return { configured: config !== null, from: config?.from ?? null };
}

const emailOf = (principal: Principal) => principal.staff?.email ?? principal.sysadmin?.email ?? null;

/**
 * POST /api/mail/test: a message to the signed-in administrator, written to the outbox and sent within
 * the request, so the setup checklist can say at once whether the SMTP server took it (and if not, why).
 */
export async function sendTestMessage(db: Db, principal: Principal, now: Date): Promise<TestMessageAnswer> {
  if (!mailConfig()) throw new ApiError(409, "mail_not_configured", MAIL_NOT_CONFIGURED);
  const address = emailOf(principal);
  if (!address) throw new ApiError(422, "no_address", "Your account has no email address to send a test message to.");
  const { school } = await schoolBrand(db);
  const occasion = now.toISOString();
  await queueMessages(
    db,
    [
      {
        kind: "test",
        occasion,
        channel: "email",
        user_id: principal.user.id,
        to_address: address,
        to_name: principal.staff ? `${principal.staff.first_name} ${principal.staff.last_name}` : (principal.sysadmin?.name ?? ""),
        subject: `Flexblock test message for ${school}`,
        content: {
          heading: "Email works",
          paragraphs: [
            `This is a test message from Flexblock for ${school}. If you can read it, reminders, change notices, morning lists, password links and family summaries can reach people too.`,
          ],
          action: { label: "Open Flexblock", path: "/settings" },
        },
      },
    ],
    now,
    { immediate: true },
  );
  const id = await outboxIdByOccasion(db, `test:email:user:${principal.user.id}:${occasion}`);
  const row = id === undefined ? undefined : await claimMessage(db, id, 60);
  if (!row) throw new ApiError(409, "not_sent", "The test message could not be sent: your address is not one email can go to.");
  const outcome = await sendClaimed(db, row);
  const after = await findOutboxRow(db, row.id);
  return {
    to: address,
    status: after?.status ?? "queued",
    sent: outcome === "sent",
    error: outcome === "sent" ? null : (after?.last_error ?? null),
  };
}

export interface MailLogQuery {
  limit: number;
  status?: OutboxStatus;
  channel?: "email" | "push";
}

/** GET /api/mail/log: what was sent, to whom, and how it went (newest first). */
export async function mailLog(db: Db, query: MailLogQuery): Promise<MailLogAnswer> {
  const [rows, counts] = await Promise.all([outboxLog(db, query), outboxCounts(db)]);
  const totals = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
  for (const c of counts) totals[c.status] = c.count;
  return {
    ...mailStatus(),
    counts: totals,
    messages: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.channel === "email" ? r.to_address : r.to_name,
      to_name: r.to_name,
      kind: r.kind,
      kind_label: Object.hasOwn(MESSAGE_KINDS, r.kind) ? MESSAGE_KINDS[r.kind as keyof typeof MESSAGE_KINDS].label : r.kind,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      last_error: r.last_error,
      sent_at: r.sent_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    })),
  };
}
