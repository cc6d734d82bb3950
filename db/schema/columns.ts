import { customType, timestamp } from "drizzle-orm/pg-core";

/** created_at / updated_at pair used by most tables. */
export const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Binary data (uploaded logos and CSV files) kept in the database so every instance sees it. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A full-text search document; only ever written by PostgreSQL (generated columns). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
