import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { apiTokens } from "./auth";
import { instant } from "./columns";
import { jobs } from "./jobs";
import { users } from "./people";
import { uploads } from "./social";

export const importKind = pgEnum("import_kind", ["students", "staff", "oneroster", "calendar"]);
export const importStatus = pgEnum("import_status", ["queued", "running", "done", "failed"]);
/** conflict: the row names an existing student number under another name; nothing changes until reviewed. */
export const importOutcome = pgEnum("import_outcome", ["created", "updated", "unchanged", "skipped", "conflict"]);

/**
 * One file sent to POST /api/students/upload or /api/staff/upload (a CSV), a OneRoster bundle applied
 * through POST /api/rostering/oneroster, or a calendar file applied through POST /api/calendar-events/import,
 * and what became of it: the Imports screen's history.
 */
export const imports = pgTable(
  "imports",
  {
    id: serial("id").primaryKey(),
    kind: importKind("kind").notNull(),
    /** The file (kept in the database so any instance's job runner can read it): a CSV, or a OneRoster bundle kept in parts; emptied when the import ends. */
    upload_id: integer("upload_id").references(() => uploads.id, { onDelete: "cascade" }),
    job_id: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    filename: text("filename").notNull(),
    /** The ordered field names the columns map to. */
    headers: jsonb("headers").$type<string[]>().notNull(),
    update_existing: boolean("update_existing").notNull().default(false),
    /** Groups the files of one wizard upload (at most 5); null for a single-file client. */
    batch: text("batch"),
    uploaded_by: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    status: importStatus("status").notNull().default("queued"),
    total_rows: integer("total_rows").notNull().default(0),
    created_count: integer("created_count").notNull().default(0),
    updated_count: integer("updated_count").notNull().default(0),
    unchanged_count: integer("unchanged_count").notNull().default(0),
    skipped_count: integer("skipped_count").notNull().default(0),
    conflict_count: integer("conflict_count").notNull().default(0),
    error: text("error"),
    created_at: instant("created_at").notNull().defaultNow(),
    finished_at: instant("finished_at"),
    /** The initial passwords may be downloaded once, by the uploader, until this instant. */
    passwords_until: instant("passwords_until"),
    passwords_downloaded_at: instant("passwords_downloaded_at"),
    /** A OneRoster import: the API token that pushed it (null when a person uploaded it on the Imports screen). */
    api_token_id: integer("api_token_id").references(() => apiTokens.id, { onDelete: "set null" }),
    /** A OneRoster import's report (lib/oneroster/present.ts OneRosterResult), a calendar file's (lib/imports/present.ts CalendarImportResult). */
    result: jsonb("result").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("imports_created_idx").on(t.created_at),
    index("imports_uploader_idx").on(t.uploaded_by, t.batch),
  ],
);

/** Every data row of an imported file with its outcome (the import report). */
export const importRows = pgTable(
  "import_rows",
  {
    id: serial("id").primaryKey(),
    import_id: integer("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    /** The row's line in the file (1 = the first line), as a spreadsheet numbers it. */
    row_number: integer("row_number").notNull(),
    outcome: importOutcome("outcome").notNull(),
    /** Why a row was skipped, or what an update changed. */
    reason: text("reason"),
    /** The student number or email the row names (as written, trimmed). */
    key: text("key").notNull().default(""),
    name: text("name").notNull().default(""),
    /** The student or staff row it created or matched. */
    person_id: integer("person_id"),
  },
  (t) => [unique("import_rows_import_row_unique").on(t.import_id, t.row_number)],
);

/**
 * The new accounts' initial passwords, kept only for the uploader's one-time download: deleted when
 * downloaded, and never served after `imports.passwords_until` (24 hours). They are random, expired
 * passwords: the first sign-in must replace them.
 */
export const importPasswords = pgTable(
  "import_passwords",
  {
    id: serial("id").primaryKey(),
    import_id: integer("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    row_number: integer("row_number").notNull(),
    username: text("username").notNull(),
    name: text("name").notNull(),
    password: text("password").notNull(),
  },
  (t) => [index("import_passwords_import_idx").on(t.import_id, t.row_number)],
);

/**
 * The CSV wizard remembers how a school's export was mapped: the next upload with the same headers
 * (the same kind, the same header row) starts from this mapping, "Ignore" columns included.
 */
export const importMappings = pgTable(
  "import_mappings",
  {
    id: serial("id").primaryKey(),
    kind: importKind("kind").notNull(),
    /** The file's header row, trimmed and lower-cased, joined with U+001F. */
    headers_key: text("headers_key").notNull(),
    /** For each column, the field it maps to, or null to ignore it. */
    mapping: jsonb("mapping").$type<(string | null)[]>().notNull(),
    updated_at: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [unique("import_mappings_kind_headers_unique").on(t.kind, t.headers_key)],
);

/**
 * Where the roster comes from without a file: the SIS's OneRoster REST endpoint (lib/oneroster/source.server.ts).
 * One row per install (id is always 1). The client secret is kept encrypted (AES-256-GCM,
 * lib/oneroster/source-secret.server.ts) and never leaves the server.
 */
export const rosterSources = pgTable(
  "roster_sources",
  {
    id: integer("id").primaryKey().default(1),
    base_url: text("base_url").notNull(),
    token_url: text("token_url").notNull(),
    client_id: text("client_id").notNull(),
    /** "v1.<iv>.<tag>.<ciphertext>", each base64url. */
    client_secret: text("client_secret").notNull(),
    version: text("version").$type<"1.1" | "1.2">().notNull(),
    school_sourced_id: text("school_sourced_id"),
    /** The nightly pull's time of day (school time, "02:00"); null: only "Sync now". */
    schedule: text("schedule"),
    /** A full pull archives (students) and locks (staff) the SIS's people it no longer lists. */
    archive_missing: boolean("archive_missing").notNull().default(false),
    updated_at: instant("updated_at").notNull().defaultNow(),
    updated_by: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    /** The newest sync's entry in the Imports history. */
    last_import_id: integer("last_import_id").references(() => imports.id, { onDelete: "set null" }),
    /** When the last pull that was applied began: the next pull asks only for what changed since (a delta). */
    last_pull_started_at: instant("last_pull_started_at"),
    /** The school day whose nightly run was started (once a day, whichever instance takes it). */
    last_scheduled_on: date("last_scheduled_on", { mode: "string" }),
  },
  (t) => [check("roster_sources_one_row", sql`${t.id} = 1`)],
);
