import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { instant } from "./columns";
import { users } from "./people";

export const jobStatus = pgEnum("job_status", ["queued", "running", "succeeded", "failed"]);

/**
 * Background work (CSV imports, later default placement and reports), persisted so that any app
 * instance can pick it up and a restart loses nothing. lib/jobs claims rows with FOR UPDATE SKIP LOCKED
 * and holds them with a lease (`locked_until`) that a heartbeat extends; `attempts` doubles as the
 * fencing token: a worker's writes only count while the row still carries its attempt number.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: jobStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    max_attempts: integer("max_attempts").notNull().default(3),
    /** Not before this instant (retries back off). */
    run_after: instant("run_after").notNull().defaultNow(),
    locked_by: text("locked_by"),
    /** The lease: past this instant a running job is presumed dead and may be claimed again. */
    locked_until: instant("locked_until"),
    progress_done: integer("progress_done").notNull().default(0),
    progress_total: integer("progress_total"),
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: instant("created_at").notNull().defaultNow(),
    started_at: instant("started_at"),
    finished_at: instant("finished_at"),
  },
  (t) => [
    index("jobs_claim_idx").on(t.status, t.run_after),
    check("jobs_attempts_non_negative", sql`${t.attempts} >= 0`),
  ],
);
