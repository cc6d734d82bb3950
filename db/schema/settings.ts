import { boolean, integer, pgEnum, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

export const settingType = pgEnum("setting_type", ["boolean", "numeric", "datetime", "string"]);

export const settingGroups = pgTable("setting_groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
});

export const settings = pgTable("settings", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  group_id: integer("group_id")
    .notNull()
    .references(() => settingGroups.id, { onDelete: "cascade" }),
  type: settingType("type").notNull().default("string"),
  description: text("description").notNull().default(""),
  /** Stored as text; lib/settings turns it into the typed value. */
  value: text("value"),
  min: integer("min"),
  max: integer("max"),
  /** False: also served to signed-out clients (the login screen). */
  authenticated: boolean("authenticated").notNull().default(true),
  position: integer("position").notNull().default(0),
  ...timestamps,
});
