import "server-only";
import type { Db } from "@/db";
import {
  claimDueMessages,
  failingAddressesAmong,
  hasDueMessages,
  markMessageFinal,
  markMessageRetry,
  markMessageSent,
  recordFailingAddress,
  type OutboxRow,
} from "@/db/queries/outbox";
import { pushSubscriptionsOf } from "@/db/queries/push";
import { defineJob } from "@/lib/jobs/types.server";
import { wakeRecurringCheck } from "@/lib/jobs/wake.server";
import { log } from "@/lib/core/log.server";
import { deliverPush } from "./push.server";
import { contentOf, renderEmail, schoolBrand, type SchoolBrand } from "./render.server";
import { failureOf, mailConfig, mailTransport, type MailConfig } from "./transport.server";

/** Messages claimed at a time, and sent at once within a claim (the transport pools 5 connections). */
const BATCH = 50;
const CONCURRENCY = 5;
/**
 * At most this many messages a second from one instance: 1,200 reminders go in 30 s, well inside a
 * minute, and the sending leaves the server's event loop to check-in (the runner shares it).
 */
const MAX_PER_SECOND = 40;
/** A claim's lease: a sender that dies mid-batch hands its messages on after this. */
const LEASE_SECONDS = 120;
/** A job sends for at most this long, then hands the runner back (placement must not wait on mail). */
const RUN_BUDGET_MS = 20_000;
/** Attempts before a message is given up: back-off 30 s, 2 min, 4.5 min, … about 3.5 hours in all. */
export const MAX_SEND_ATTEMPTS = 10;
const retryAfterSeconds = (attempts: number) => Math.min(30 * attempts * attempts, 3600);

export type Outcome = "sent" | "retry" | "failed" | "bounced";

async function sendEmail(db: Db, row: OutboxRow, config: MailConfig, brand: SchoolBrand, failing: Map<string, string>) {
  const address = row.to_address!;
  const refused = failing.get(address);
  if (refused) {
    await markMessageFinal(db, row, "failed", `Not sent: this address was refused before (${refused}).`);
    return "failed" as const;
  }
  const email = await renderEmail(db, row, brand);
  try {
    await mailTransport(config).sendMail({
      from: config.from,
      to: { name: row.to_name, address },
      subject: row.subject,
      html: email.html,
      text: email.text,
      headers: email.headers,
    });
    await markMessageSent(db, row);
    return "sent" as const;
  } catch (error) {
    return failed(db, row, error);
  }
}

async function failed(db: Db, row: OutboxRow, error: unknown): Promise<Outcome> {
  const failure = failureOf(error);
  if (failure.kind === "permanent") {
    await recordFailingAddress(db, row.to_address!, failure.message);
    await markMessageFinal(db, row, "bounced", failure.message);
    return "bounced";
  }
  if (row.attempts >= MAX_SEND_ATTEMPTS) {
    await markMessageFinal(db, row, "failed", failure.message);
    return "failed";
  }
  await markMessageRetry(db, row, failure.message, retryAfterSeconds(row.attempts));
  return "retry";
}

async function sendPush(db: Db, row: OutboxRow): Promise<Outcome> {
  const devices = await pushSubscriptionsOf(db, row.user_id ? [row.user_id] : []);
  if (devices.length === 0) {
    await markMessageFinal(db, row, "failed", "No device is subscribed any more.");
    return "failed";
  }
  const outcome = await deliverPush(db, contentOf(row), devices);
  if (outcome.sent > 0) {
    await markMessageSent(db, row);
    return "sent";
  }
  if (outcome.failed === null) {
    await markMessageFinal(db, row, "failed", "Every device had unsubscribed.");
    return "failed";
  }
  return failed(db, row, new Error(outcome.failed));
}

/** Sends one claimed row by its channel and records how it went. */
async function deliver(
  db: Db,
  row: OutboxRow,
  config: MailConfig | null,
  brand: SchoolBrand,
  failing: Map<string, string>,
): Promise<Outcome> {
  if (row.channel === "push") return sendPush(db, row);
  if (!config) {
    await markMessageRetry(db, row, "Email is not set up on this server (SMTP_URL).", 3600);
    return "retry";
  }
  return sendEmail(db, row, config, brand, failing);
}

/** Sends one claimed row at once (the administrator's test message): how it went, and the error if any. */
export async function sendClaimed(db: Db, row: OutboxRow): Promise<Outcome> {
  const failing = new Map(
    row.to_address ? (await failingAddressesAmong(db, [row.to_address])).map((f) => [f.address, f.error]) : [],
  );
  return deliver(db, row, mailConfig(), await schoolBrand(db), failing);
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/**
 * Sends what is due, batch by batch, until nothing is due or the run's time is up. Without SMTP an
 * email stays queued (it goes once the server is configured and restarted); push needs no server.
 */
export async function sendDueMessages(db: Db, signal?: AbortSignal): Promise<Record<Outcome, number>> {
  const counts: Record<Outcome, number> = { sent: 0, retry: 0, failed: 0, bounced: 0 };
  const config = mailConfig();
  const brand = await schoolBrand(db);
  const started = Date.now();
  while (!signal?.aborted) {
    const rows = await claimDueMessages(db, BATCH, LEASE_SECONDS);
    if (rows.length === 0) return counts;
    const emails = rows.filter((r) => r.channel === "email");
    const failing = new Map(
      (await failingAddressesAmong(db, [...new Set(emails.map((r) => r.to_address!))])).map((f) => [f.address, f.error]),
    );
    const batchStarted = Date.now();
    await eachLimited(rows, CONCURRENCY, async (row) => {
      counts[await deliver(db, row, config, brand, failing)] += 1;
      // A turn for whatever else is waiting (a check-in) between messages.
      await new Promise((resolve) => setImmediate(resolve));
    });
    // A full batch: more is likely due, at the pace above (a last, short batch ends the run at once).
    const paced = (rows.length * 1000) / MAX_PER_SECOND - (Date.now() - batchStarted);
    if (rows.length === BATCH && paced > 0 && !signal?.aborted) await new Promise((resolve) => setTimeout(resolve, paced));
    if (Date.now() - started > RUN_BUDGET_MS) {
      // More may be due: the runner asks again at once, after anything else waiting has had its turn.
      wakeRecurringCheck();
      break;
    }
  }
  return counts;
}

/** The outbox sender, a recurring job kind: due whenever a message is (one cheap statement). */
export const outboxJob = defineJob<Record<string, never>>({
  maxAttempts: 3,
  isDue: (db) => hasDueMessages(db),
  async run({ db, signal }) {
    const counts = await sendDueMessages(db, signal);
    if (counts.failed + counts.bounced > 0) log.warn(counts, "outbox: some messages were not delivered");
    return counts;
  },
});
