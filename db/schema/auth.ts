import { boolean, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { instant } from "./columns";
import { users } from "./people";

/** Signed-in devices. Only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull().unique(),
    created_at: instant("created_at").notNull().defaultNow(),
    last_used_at: instant("last_used_at").notNull().defaultNow(),
    expires_at: instant("expires_at").notNull(),
    user_agent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.user_id)],
);

/** Every sign-in attempt, for throttling by username and by address. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serial("id").primaryKey(),
    /** login, check-user or verify-user: each is throttled on its own. */
    kind: text("kind").notNull().default("login"),
    username: text("username").notNull(),
    address: text("address").notNull(),
    succeeded: boolean("succeeded").notNull(),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("login_attempts_username_idx").on(t.kind, t.username, t.created_at),
    index("login_attempts_address_idx").on(t.kind, t.address, t.created_at),
  ],
);

/** Who did what to whom: credentials actions, settings changes, account creation. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actor_user_id: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    target_user_id: integer("target_user_id").references(() => users.id, { onDelete: "set null" }),
    details: jsonb("details").$type<Record<string, unknown>>(),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.created_at)],
);
