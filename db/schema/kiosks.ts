import { date, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { instant } from "./columns";
import { staff, users } from "./people";

/**
 * Devices registered by an administrator as a check-in kiosk for one teacher's Focus Block. The device
 * holds a random token (shown once); only its SHA-256 is stored. A revoked kiosk keeps its row (for the
 * list and the audit trail) and its token stops working at once.
 */
export const kiosks = pgTable(
  "kiosks",
  {
    id: serial("id").primaryKey(),
    label: text("label").notNull(),
    /** The teacher whose Focus Block the kiosk checks students in to. */
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull().unique(),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: instant("created_at").notNull().defaultNow(),
    last_used_at: instant("last_used_at"),
    revoked_at: instant("revoked_at"),
    revoked_by: integer("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("kiosks_staff_idx").on(t.staff_id)],
);

/**
 * Air Check-in: each teacher's secret for the rotating code (HMAC of the date, block and 30-second
 * window), created the first time they show a code. `shown_on` (the school date they last showed it)
 * narrows which teachers a student's code is compared with; it is written at most once a day.
 */
export const airCodeSecrets = pgTable("air_code_secrets", {
  staff_id: integer("staff_id")
    .primaryKey()
    .references(() => staff.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  shown_on: date("shown_on", { mode: "string" }),
  created_at: instant("created_at").notNull().defaultNow(),
});
