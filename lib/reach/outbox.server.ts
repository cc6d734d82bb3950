import "server-only";
import { z } from "zod";
import type { Db } from "@/db";
import { insertOutboxRows, type NewOutboxRow } from "@/db/queries/outbox";
import { enqueueRecurringJob } from "@/db/queries/jobs";
import { settingValues } from "@/db/queries/settings";
import { wakeJobRunner } from "@/lib/jobs/wake.server";
import { readMandatory, readQuietHours } from "@/lib/settings/notification-settings";
import { oneLine, type MessageContent } from "./content";
import { MESSAGE_KINDS, type MessageKind } from "./kinds";
import { afterQuietHours } from "./quiet-hours";
import { mailConfig } from "./transport.server";

/** One message to one person on one channel, for one occasion (a date, a booking, a week). */
export interface Message {
  kind: MessageKind;
  /** What makes it this message and no other of its kind to this person: `2026-12-08`, `appointment:41`. */
  occasion: string;
  channel: "email" | "push";
  user_id?: number | null;
  guardian_id?: number | null;
  /** Email only. */
  to_address?: string | null;
  to_name?: string;
  subject: string;
  content: MessageContent;
}

const addressSchema = z.email().max(254);

/** An address a message may go to: a well-formed mailbox (no spaces, no CR/LF, at most 254 characters). */
export const isSendableAddress = (address: string | null | undefined): address is string =>
  typeof address === "string" && !/[\s\u0000-\u001f\u007f]/.test(address) && addressSchema.safeParse(address).success;

const recipientOf = (m: Message) =>
  m.guardian_id ? `guardian:${m.guardian_id}` : m.user_id ? `user:${m.user_id}` : `address:${m.to_address}`;

/** The name of the outbox's job kind (lib/reach/sender.server.ts). */
export const OUTBOX_JOB = "outbox";

/**
 * Puts messages in the outbox in the caller's transaction (so a message exists exactly when the change
 * that caused it does), in one statement whatever their number: an email only when SMTP is set up and
 * the address is sendable; a push only to an account with a device; never a second message for the same
 * kind, person, channel and occasion; never a kind its recipient turned off (unless the school made it
 * mandatory). Scheduled kinds wait out the quiet hours; `immediate` (an administrator's send-now, a
 * password link) goes at once. Answers how many were written.
 */
export async function queueMessages(
  tx: Db,
  messages: Message[],
  now: Date,
  options: { immediate?: boolean } = {},
): Promise<number> {
  const mail = mailConfig();
  const sendable = messages.filter((m) =>
    m.channel === "email" ? mail !== null && isSendableAddress(m.to_address) : typeof m.user_id === "number",
  );
  if (sendable.length === 0) return 0;
  const values = new Map(
    (await settingValues(tx, ["timezone", "quiet-hours", "mandatory-notifications"])).map((r) => [r.key, r.value]),
  );
  const mandatory = new Set(readMandatory(values.get("mandatory-notifications")) ?? []);
  const quiet = readQuietHours(values.get("quiet-hours"));
  const timezone = values.get("timezone") || "UTC";
  const rows: NewOutboxRow[] = sendable.map((m) => {
    const preference = MESSAGE_KINDS[m.kind].preference;
    const urgent = options.immediate || preference === null;
    return {
      channel: m.channel,
      kind: m.kind,
      occasion_key: `${m.kind}:${m.channel}:${recipientOf(m)}:${m.occasion}`.slice(0, 500),
      user_id: m.user_id ?? null,
      guardian_id: m.guardian_id ?? null,
      to_address: m.channel === "email" ? m.to_address!.trim().toLowerCase() : null,
      to_name: oneLine(m.to_name ?? "", 120),
      subject: oneLine(m.subject, 200),
      data: { content: m.content },
      send_after: (urgent ? now : afterQuietHours(quiet, timezone, now)).toISOString(),
      preference: preference && !mandatory.has(preference) ? preference : null,
    };
  });
  const written = await insertOutboxRows(tx, rows);
  // The sender is a job: one is put on the queue (with this transaction) unless one is queued or running.
  if (written > 0) {
    await enqueueRecurringJob(tx, OUTBOX_JOB, 0, 3);
    wakeJobRunner();
  }
  return written;
}
