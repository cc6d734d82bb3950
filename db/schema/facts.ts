import { date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { planSource } from "./scheduling";

/**
 * What happened to a student in one block on one date, one row wherever a plan, an appointment or a
 * check-in exists (the dashboard's cells read it instead of joining the three tables). Derived, never
 * written by the app: statement triggers on plans, appointments and check_ins rewrite the rows of the
 * keys each statement touched, by whatever path (db/migrations/0031, 0032), so an edit of the past shows at
 * once. No foreign keys: a row goes when its last plan, appointment or check-in goes.
 */
export const studentBlockFacts = pgTable(
  "student_block_facts",
  {
    date: date("date", { mode: "string" }).notNull(),
    block_id: integer("block_id").notNull(),
    student_id: integer("student_id").notNull(),
    /** The plan's source and teacher (plans_student_block_date_unique: one at most). */
    plan_source: planSource("plan_source"),
    plan_staff_id: integer("plan_staff_id"),
    /** The first appointment's teacher (lowest id), the one the student is expected with. */
    appointment_staff_id: integer("appointment_staff_id"),
    check_in_id: integer("check_in_id"),
    check_in_staff_id: integer("check_in_staff_id"),
  },
  (t) => [primaryKey({ name: "student_block_facts_pkey", columns: [t.date, t.block_id, t.student_id] })],
);
