import { date, integer, pgTable, serial } from "drizzle-orm/pg-core";
import { instant } from "./columns";

/**
 * Default placement (lib/placement): one row per Focus Block date once its cutoff has passed and the
 * placement job gave every unplanned student their default teacher. The unique date makes the run
 * happen once however many runners race for it.
 */
export const placementRuns = pgTable("placement_runs", {
  id: serial("id").primaryKey(),
  date: date("date", { mode: "string" }).notNull().unique(),
  /** The cutoff the run placed at (the setting as it was then). */
  cutoff_at: instant("cutoff_at").notNull(),
  /** Plans given to students with a default teacher. */
  placed: integer("placed").notNull().default(0),
  /** Students left unplaced because they have no default teacher. */
  skipped: integer("skipped").notNull().default(0),
  ran_at: instant("ran_at").notNull().defaultNow(),
});
