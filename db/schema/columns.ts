import { asc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { customType, index, timestamp, type PgColumn } from "drizzle-orm/pg-core";

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

/**
 * A text as search compares and sorts it: accents removed (PostgreSQL unaccent, through f_unaccent,
 * the immutable wrapper of migration 0022) and lower-cased, so "elodie" finds "Élodie" and "Bérubé"
 * sorts before "Bouchard". db/queries/search.ts matches on it; lists order by it.
 */
export const folded = (value: SQL | AnyColumn) => sql<string>`lower(f_unaccent(${value}))`;

/** Ascending by the folded text: names as people read them, accents and case aside. */
export const foldedAsc = (value: SQL | AnyColumn) => asc(folded(value));

/** A trigram (GIN) index on the folded form of one or more name columns joined by spaces. */
export const foldedSearchIndex = (name: string, ...columns: PgColumn[]) =>
  index(name).using("gin", sql`${folded(sql.join(columns, sql` || ' ' || `))} gin_trgm_ops`);
