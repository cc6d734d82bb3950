import "server-only";
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../client";
import { failingAddresses, optOuts, outbox } from "../schema";
import { resultRows } from "./checkin";

export type OutboxRow = typeof outbox.$inferSelect;
type Channel = OutboxRow["channel"];

export interface NewOutboxRow {
  channel: Channel;
  kind: string;
  occasion_key: string;
  user_id: number | null;
  guardian_id: number | null;
  to_address: string | null;
  to_name: string;
  subject: string;
  data: Record<string, unknown>;
  send_after: string;
  /** The preference that turns it off (null: always sent); a row whose recipient turned it off is not written. */
  preference: string | null;
}

/**
 * Writes messages in one statement, whatever their number: a row whose occasion_key exists already is
 * skipped (the same occasion never makes a second message), as is one its recipient turned off
 * (opt_outs), and a push row for an account with no device. Answers how many were written.
 */
export async function insertOutboxRows(db: Db, rows: NewOutboxRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.execute(sql`
    insert into ${outbox} (channel, kind, occasion_key, user_id, guardian_id, to_address, to_name, subject, data, send_after)
    select v.channel::outbox_channel, v.kind, v.occasion_key, v.user_id, v.guardian_id, v.to_address, v.to_name, v.subject, v.data, v.send_after
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
      channel text, kind text, occasion_key text, user_id integer, guardian_id integer, to_address text,
      to_name text, subject text, data jsonb, send_after timestamptz, preference text)
    where (v.preference is null or not exists (
        select 1 from ${optOuts} o
        where o.channel = v.channel::outbox_channel and o.kind = v.preference
          and o.subject = case when v.channel = 'email' then v.to_address else 'user:' || v.user_id end))
      and (v.channel = 'email' or exists (select 1 from push_subscriptions p where p.user_id = v.user_id))
    on conflict (occasion_key) do nothing
    returning id`);
  return resultRows(inserted).length;
}

/** Queued, its time come, and no sender holding it. */
const dueNow = () =>
  and(
    eq(outbox.status, "queued"),
    lte(outbox.send_after, sql`now()`),
    sql`(${outbox.locked_until} is null or ${outbox.locked_until} < now())`,
  );

/** Is any message due (for the sender's isDue: one cheap statement)? */
export async function hasDueMessages(db: Db): Promise<boolean> {
  const rows = await db.select({ id: outbox.id }).from(outbox).where(dueNow()).limit(1);
  return rows.length > 0;
}

/**
 * Claims up to `limit` due messages for this sender (FOR UPDATE SKIP LOCKED, then a lease), oldest
 * first. Bumping `attempts` fences the claim: only the holder of that attempt may mark the row.
 */
export async function claimDueMessages(db: Db, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(dueNow())
    .orderBy(outbox.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(outbox.id, due))
    .returning();
}

const heldBy = (row: Pick<OutboxRow, "id" | "attempts">) =>
  and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), eq(outbox.status, "queued"));

export async function markMessageSent(db: Db, row: OutboxRow): Promise<void> {
  await db
    .update(outbox)
    .set({ status: "sent", sent_at: sql`now()`, locked_until: null, last_error: null })
    .where(heldBy(row));
}

/** A temporary failure: queued again after `seconds`. */
export async function markMessageRetry(
  db: Db,
  row: OutboxRow,
  error: string,
  seconds: number,
): Promise<void> {
  await db
    .update(outbox)
    .set({
      locked_until: null,
      last_error: error,
      send_after: sql`now() + make_interval(secs => ${seconds})`,
    })
    .where(heldBy(row));
}

/** Given up (failed), or refused for good by the receiving server (bounced). */
export async function markMessageFinal(
  db: Db,
  row: OutboxRow,
  status: "failed" | "bounced",
  error: string,
): Promise<void> {
  await db.update(outbox).set({ status, locked_until: null, last_error: error }).where(heldBy(row));
}

export async function recordFailingAddress(db: Db, address: string, error: string): Promise<void> {
  await db
    .insert(failingAddresses)
    .values({ address, error })
    .onConflictDoUpdate({ target: failingAddresses.address, set: { error, failed_at: sql`now()` } });
}

export async function failingAddressesAmong(db: Db, addresses: string[]) {
  if (addresses.length === 0) return [];
  return db.select().from(failingAddresses).where(inArray(failingAddresses.address, addresses));
}

export async function clearFailingAddress(db: Db, address: string): Promise<void> {
  await db.delete(failingAddresses).where(eq(failingAddresses.address, address));
}

/** GET /api/mail/log: the newest messages first, of one status or all. */
export async function outboxLog(
  db: Db,
  options: { limit: number; status?: OutboxRow["status"]; channel?: Channel },
) {
  const filters = [
    options.status ? eq(outbox.status, options.status) : undefined,
    options.channel ? eq(outbox.channel, options.channel) : undefined,
  ].filter((f) => f !== undefined);
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      kind: outbox.kind,
      to_address: outbox.to_address,
      to_name: outbox.to_name,
      subject: outbox.subject,
      status: outbox.status,
      attempts: outbox.attempts,
      last_error: outbox.last_error,
      sent_at: outbox.sent_at,
      created_at: outbox.created_at,
    })
    .from(outbox)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(outbox.id))
    .limit(options.limit);
}

export async function outboxCounts(db: Db) {
  return db
    .select({ status: outbox.status, count: sql<number>`count(*)::int` })
    .from(outbox)
    .groupBy(outbox.status);
}

export async function insertOptOut(
  db: Db,
  channel: Channel,
  subject: string,
  kind: string,
): Promise<boolean> {
  const rows = await db
    .insert(optOuts)
    .values({ channel, subject, kind })
    .onConflictDoNothing()
    .returning({ id: optOuts.id });
  return rows.length > 0;
}

export async function deleteOptOut(
  db: Db,
  channel: Channel,
  subject: string,
  kind: string,
): Promise<boolean> {
  const rows = await db
    .delete(optOuts)
    .where(and(eq(optOuts.channel, channel), eq(optOuts.subject, subject), eq(optOuts.kind, kind)))
    .returning({ id: optOuts.id });
  return rows.length > 0;
}

export async function optOutsOf(db: Db, channel: Channel, subject: string): Promise<string[]> {
  const rows = await db
    .select({ kind: optOuts.kind })
    .from(optOuts)
    .where(and(eq(optOuts.channel, channel), eq(optOuts.subject, subject)));
  return rows.map((r) => r.kind);
}

/** Claims occasions in one statement: answers the keys that were new (the people not yet told). */
export async function claimOccasions(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const inserted = await db.execute(sql`
    insert into reach_occasions (key) select distinct value from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)
    on conflict (key) do nothing returning key`);
  return new Set(resultRows(inserted).map((r) => String(r.key)));
}

/** Claims one queued message by id (the administrator's test message, sent within the request). */
export async function claimMessage(db: Db, id: number, leaseSeconds: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(
      and(
        eq(outbox.id, id),
        eq(outbox.status, "queued"),
        sql`(${outbox.locked_until} is null or ${outbox.locked_until} < now())`,
      ),
    )
    .returning();
  return row;
}

export async function findOutboxRow(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return row;
}

export async function outboxIdByOccasion(db: Db, occasionKey: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.occasion_key, occasionKey))
    .limit(1);
  return row?.id;
}

/** Which of these occasion keys were claimed already (a scheduled run's `run:<kind>:<date>`). */
export async function claimedOccasions(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = await db.execute(sql`
    select key from reach_occasions where key in (select value from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`);
  return new Set(resultRows(found).map((r) => String(r.key)));
}
