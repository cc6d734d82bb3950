import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { instant } from "./columns";
import { students, users } from "./people";

/**
 * Reaching people outside the app (lib/reach): every email and push message is a row here first, written
 * in the transaction of the change that caused it, then sent by the job runner's "outbox" kind. The
 * unique `occasion_key` (kind, recipient, occasion) makes a message once, however many times or
 * instances the cause runs; a claim (FOR UPDATE SKIP LOCKED plus `locked_until`) makes it sent by one.
 */
export const outboxChannel = pgEnum("outbox_channel", ["email", "push"]);
export const outboxStatus = pgEnum("outbox_status", ["queued", "sent", "failed", "bounced"]);

export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    channel: outboxChannel("channel").notNull(),
    /** What it is (lib/reach/kinds.ts): not_chosen, moved, teacher_digest, password_reset, guardian_digest, test. */
    kind: text("kind").notNull(),
    /** `${kind}:${channel}:${recipient}:${occasion}`: the same occasion never makes a second message. */
    occasion_key: text("occasion_key").notNull(),
    /** The account it is for (a guardian has none: guardian_id instead). */
    user_id: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    guardian_id: integer("guardian_id").references(() => guardians.id, { onDelete: "cascade" }),
    /** Email: the address, lower-cased. Push: null (every device of user_id). */
    to_address: text("to_address"),
    to_name: text("to_name").notNull().default(""),
    subject: text("subject").notNull(),
    /** The template's values (lib/reach/templates): rendered when sent, so a retry sends the same message. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    status: outboxStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** Not before this instant: back-off after a failure, or the end of quiet hours. */
    send_after: instant("send_after").notNull().defaultNow(),
    locked_until: instant("locked_until"),
    last_error: text("last_error"),
    sent_at: instant("sent_at"),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("outbox_occasion_unique").on(t.occasion_key),
    index("outbox_due_idx").on(t.status, t.send_after),
    index("outbox_created_idx").on(t.created_at),
    check("outbox_recipient", sql`${t.channel} = 'push' or ${t.to_address} is not null`),
  ],
);

/** An address a permanent 5xx refused: nothing more is sent to it until the person's address changes. */
export const failingAddresses = pgTable("failing_addresses", {
  address: text("address").primaryKey(),
  error: text("error").notNull(),
  failed_at: instant("failed_at").notNull().defaultNow(),
});

/**
 * A kind someone turned off: email by address (the unsubscribe link works without an account, so a
 * guardian's address counts too), push by account. `kind` is a preference kind: reminders, changes, digest.
 */
export const optOuts = pgTable(
  "opt_outs",
  {
    id: serial("id").primaryKey(),
    channel: outboxChannel("channel").notNull(),
    /** Email: the address, lower-cased. Push: `user:<id>`. */
    subject: text("subject").notNull(),
    kind: text("kind").notNull(),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [unique("opt_outs_unique").on(t.channel, t.subject, t.kind)],
);

/** A browser's push subscription (one per device and account). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    user_agent: text("user_agent").notNull().default(""),
    created_at: instant("created_at").notNull().defaultNow(),
    last_sent_at: instant("last_sent_at"),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint), index("push_subscriptions_user_idx").on(t.user_id)],
);

/** Keys the server makes once and keeps (the VAPID key pair for web push), shared by every instance. */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  value: jsonb("value").$type<Record<string, string>>().notNull(),
  created_at: instant("created_at").notNull().defaultNow(),
});

/** A forgotten-password link: only the token's hash is kept; single use, 30 minutes, a newer one voids it. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    expires_at: instant("expires_at").notNull(),
    used_at: instant("used_at"),
    voided_at: instant("voided_at"),
    address: text("address"),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("password_resets_token_unique").on(t.token_hash), index("password_resets_user_idx").on(t.user_id)],
);

export const guardianSource = pgEnum("guardian_source", ["oneroster", "csv", "manual"]);

/** A student's family contact: no account, no sign-in; the weekly summary goes to the address. */
export const guardians = pgTable(
  "guardians",
  {
    id: serial("id").primaryKey(),
    student_id: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    /** Lower-cased. */
    email: text("email").notNull(),
    /** parent, guardian, relative (OneRoster's roles) or what the school typed. */
    relationship: text("relationship").notNull().default("guardian"),
    /** The language their emails are written in (a BCP 47 tag; English when null). */
    locale: text("locale"),
    source: guardianSource("source").notNull().default("manual"),
    /** The guardian's OneRoster sourcedId (a later import matches on it with the student). */
    sourced_id: text("sourced_id"),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [unique("guardians_student_email_unique").on(t.student_id, t.email), index("guardians_email_idx").on(t.email)],
);

/**
 * Each occasion a person was told of (`${kind}:${recipient}:${occasion}`), across the inbox, email and
 * push: a second run of the same reminder, or a retried Power Scheduler batch, tells nobody twice.
 */
export const reachOccasions = pgTable("reach_occasions", {
  key: text("key").primaryKey(),
  created_at: instant("created_at").notNull().defaultNow(),
});
