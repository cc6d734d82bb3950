import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  varchar,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { bytea, instant, timestamps, tsvector } from "./columns";
import { staff, students, sysadmins, users } from "./people";

export const starItemType = pgEnum("star_item_type", ["student", "staff", "course", "cluster"]);

export const stars = pgTable(
  "stars",
  {
    id: serial("id").primaryKey(),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    item_type: starItemType("item_type").notNull(),
    item_id: integer("item_id").notNull(),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [unique("stars_staff_item_unique").on(t.staff_id, t.item_type, t.item_id)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    /** Null for messages the system sends (CSV import finished). */
    sender_id: integer("sender_id").references(() => staff.id, { onDelete: "set null" }),
    /** A snapshot of the sender's avatar when sent. */
    initials: text("initials").notNull(),
    color: text("color").notNull(),
    body: varchar("body", { length: 1000 }).notNull(),
    /** An app path the message points to (an import report), shown as a link; never an outside address. */
    link: text("link"),
    created_at: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("notifications_sender_idx").on(t.sender_id, t.created_at)],
);

export const notificationRecipients = pgTable(
  "notification_recipients",
  {
    id: serial("id").primaryKey(),
    notification_id: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    /** Staff recipients; a system message to a sysadmin (their CSV import finished) names the sysadmin instead. */
    staff_id: integer("staff_id").references(() => staff.id, { onDelete: "cascade" }),
    sysadmin_id: integer("sysadmin_id").references(() => sysadmins.id, { onDelete: "cascade" }),
    /** A system message to a student (their plan was cancelled because the teacher left), shown on /profile. */
    student_id: integer("student_id").references(() => students.id, { onDelete: "cascade" }),
    read: boolean("read").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
  },
  (t) => [
    unique("notification_recipients_unique").on(t.notification_id, t.staff_id),
    index("notification_recipients_staff_archived_idx").on(t.staff_id, t.archived),
    index("notification_recipients_sysadmin_idx").on(t.sysadmin_id, t.archived),
    index("notification_recipients_student_idx").on(t.student_id, t.archived),
    check("notification_recipients_one_person", sql`num_nonnulls(${t.staff_id}, ${t.sysadmin_id}, ${t.student_id}) = 1`),
  ],
);

export const feedback = pgTable("feedback", {
  id: serial("id").primaryKey(),
  user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  /** Comma-joined tags, as the spec sends them. */
  tags: text("tags").notNull().default(""),
  feedback: text("feedback").notNull(),
  email: text("email").notNull(),
  allow_response: boolean("allow_response").notNull().default(true),
  created_at: instant("created_at").notNull().defaultNow(),
});

export const wikiGroups = pgTable("wiki_groups", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull().default(""),
  /** Order on the wiki page (administrators move groups up and down). */
  position: integer("position").notNull().default(0),
  /** Who reads it: staff only, or students too (their Help screen). */
  audience: text("audience", { enum: ["staff", "everyone"] }).notNull().default("staff"),
  /** The product's own help (lib/wiki/product-help): which shipped group this is; null for the school's own. */
  product_key: text("product_key").unique(),
  ...timestamps,
});

export const wikiPosts = pgTable(
  "wiki_posts",
  {
    id: serial("id").primaryKey(),
    group_id: integer("group_id")
      .notNull()
      .references(() => wikiGroups.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Markdown. */
    body: text("body").notNull(),
    author_user_id: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    author_name: text("author_name").notNull(),
    /** Order within the group (administrators move posts up and down, or to another group). */
    position: integer("position").notNull().default(0),
    /** The product's own help: which shipped post this is; null for the school's own posts. */
    product_key: text("product_key").unique(),
    /**
     * The shipped revision this post last received (a hash of title and body). A new release updates the
     * post only while it still matches that revision, so a post the school edited is never overwritten.
     */
    product_revision: text("product_revision"),
    /** Full-text search over title (weighted higher) and body, kept by PostgreSQL itself. */
    search_vector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B')`,
      ),
    ...timestamps,
  },
  (t) => [
    index("wiki_posts_group_idx").on(t.group_id, t.position),
    index("wiki_posts_search_idx").using("gin", t.search_vector),
  ],
);

/**
 * Every product help group and post ever shipped to this database (by key). One the school deleted stays
 * here, so a later release does not bring it back.
 */
export const productHelpShipped = pgTable("product_help_shipped", {
  key: text("key").primaryKey(),
  shipped_at: instant("shipped_at").notNull().defaultNow(),
});

export const uploadKind = pgEnum("upload_kind", ["logo", "students_csv", "staff_csv", "oneroster_bundle"]);
export const uploadStatus = pgEnum("upload_status", ["received", "processed", "failed"]);

/** Files users send: the school logo, CSV imports. Kept in the database so every instance serves them. */
export const uploads = pgTable("uploads", {
  id: serial("id").primaryKey(),
  kind: uploadKind("kind").notNull(),
  filename: text("filename").notNull(),
  content_type: text("content_type").notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
  uploaded_by: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  status: uploadStatus("status").notNull().default("received"),
  /** A CSV import's rows as the upload read them (`{ candidates }`), until the import ends (lib/imports/read.server.ts). */
  result: jsonb("result").$type<Record<string, unknown>>(),
  created_at: instant("created_at").notNull().defaultNow(),
  processed_at: instant("processed_at"),
});

/**
 * A large upload's bytes in parts of at most 1 MB (a OneRoster bundle, up to 50 MB; `uploads.data` is then
 * empty): written and read a part per statement, so no single step encodes or decodes the whole file on the
 * server's event loop (db/queries/uploads.ts). Deleted with the upload, or when the import that read them ends.
 */
export const uploadParts = pgTable(
  "upload_parts",
  {
    upload_id: integer("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    part: integer("part").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.upload_id, t.part] })],
);
