import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
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
    /**
     * When this session last confirmed its password (POST /api/verify-user). A credentials action
     * takes it, once, within a few minutes: the spec's client confirms first, then acts.
     */
    password_confirmed_at: instant("password_confirmed_at"),
    /**
     * How the session began: `password` (POST /api/login) or `sso` (a school identity provider). An SSO
     * session is never asked to change a password it did not use (the forced change is for passwords).
     */
    sign_in_method: text("sign_in_method").notNull().default("password"),
  },
  (t) => [index("sessions_user_idx").on(t.user_id)],
);

/**
 * Accounts linked to a school identity provider: the provider's stable subject (Google `sub`, Microsoft
 * Entra `tid:oid`, an OpenID provider's `sub`) is the key from the first sign-in on, so a changed email
 * keeps the link. The email is the one last seen, for the audit and the Credentials Manager.
 */
export const ssoIdentities = pgTable(
  "sso_identities",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** next-auth's provider id: google, azure-ad or oidc. */
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    created_at: instant("created_at").notNull().defaultNow(),
    last_used_at: instant("last_used_at").notNull().defaultNow(),
  },
  // One subject per provider per account too: two first sign-ins at once cannot both link to one account.
  (t) => [
    unique("sso_identities_provider_subject").on(t.provider, t.subject),
    unique("sso_identities_user_provider").on(t.user_id, t.provider),
  ],
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

/**
 * Sign-in throttle counters (lib/auth/throttle.server.ts), one row per key such as `login:user:jane@school` or
 * `login:address:10.0.0.5`. Each attempt changes its row with one upsert whose row lock serialises
 * concurrent attempts, so no burst can slip past a limit.
 */
export const authThrottle = pgTable("auth_throttle", {
  key: text("key").primaryKey(),
  /** Username keys: failures and attempts in flight in the window. Address keys: the leaky bucket's level at `since`. */
  level: doublePrecision("level").notNull(),
  /** Username keys: when the window began. Address keys: when `level` was last computed. */
  since: instant("since").notNull(),
  /** Username keys: refused until then after too many failures. */
  locked_until: instant("locked_until"),
});

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
  (t) => [
    index("audit_log_created_idx").on(t.created_at),
    index("audit_log_actor_created_idx").on(t.actor_user_id, t.created_at),
    index("audit_log_action_created_idx").on(t.action, t.created_at),
  ],
);

/**
 * Integration tokens (lib/api-tokens): a name, the scopes it carries, and only the SHA-256 of its secret.
 * It never acts as a user: it passes only routes whose declaration lists one of its scopes.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    scopes: text("scopes").array().notNull(),
    token_hash: text("token_hash").notNull().unique(),
    /** The secret's last four characters, so a list can tell tokens apart. */
    hint: text("hint").notNull(),
    created_by_user_id: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    created_at: instant("created_at").notNull().defaultNow(),
    last_used_at: instant("last_used_at"),
    revoked_at: instant("revoked_at"),
    /** Refused from this instant on (a year after creation by default); never when null. */
    expires_at: instant("expires_at"),
    revoked_by_user_id: integer("revoked_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("api_tokens_created_idx").on(t.created_at)],
);

/**
 * First run: while no account exists, each server start makes a one-time setup link and prints it.
 * Only the SHA-256 of its token is kept; the first administrator's setup deletes every row.
 */
export const setupTokens = pgTable("setup_tokens", {
  id: serial("id").primaryKey(),
  token_hash: text("token_hash").notNull().unique(),
  created_at: instant("created_at").notNull().defaultNow(),
  expires_at: instant("expires_at").notNull(),
});
