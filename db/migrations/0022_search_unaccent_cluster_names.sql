-- Accent- and case-insensitive search (issue 23): unaccent, and f_unaccent, an immutable wrapper that
-- expression indexes may use (unaccent itself is only stable: its dictionary could change). The
-- wrapper names the extension's own schema, so it works whatever search_path a session has.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
DO $$
DECLARE schema_name text;
BEGIN
  SELECT n.nspname INTO schema_name FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'unaccent';
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS %L',
    format('SELECT %I.unaccent(%L::regdictionary, $1)', schema_name, quote_ident(schema_name) || '.unaccent'));
END $$;--> statement-breakpoint
-- CSV imports (issue 23): a row naming an existing student number under another name is a conflict to review.
ALTER TYPE "public"."import_outcome" ADD VALUE 'conflict';--> statement-breakpoint
DROP INDEX "staff_first_name_trgm";--> statement-breakpoint
DROP INDEX "staff_last_name_trgm";--> statement-breakpoint
DROP INDEX "students_first_name_trgm";--> statement-breakpoint
DROP INDEX "students_last_name_trgm";--> statement-breakpoint
DROP INDEX "clusters_name_trgm";--> statement-breakpoint
DROP INDEX "courses_name_trgm";--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "conflict_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_name_search" ON "staff" USING gin (lower(f_unaccent("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_name_search" ON "students" USING gin (lower(f_unaccent("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_preferred_name_search" ON "students" USING gin (lower(f_unaccent("preferred_first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clusters_name_search" ON "clusters" USING gin (lower(f_unaccent("name")) gin_trgm_ops);--> statement-breakpoint
-- Clusters named alike ignoring case (made before this index) keep their rows: the later ones are numbered.
UPDATE "clusters" c SET "name" = c."name" || ' (' || d.n || ')'
  FROM (SELECT id, row_number() OVER (PARTITION BY lower("name") ORDER BY id) AS n FROM "clusters") d
  WHERE d.id = c.id AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "clusters_name_lower_unique" ON "clusters" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "courses_name_search" ON "courses" USING gin (lower(f_unaccent("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_short_name_search" ON "courses" USING gin (lower(f_unaccent("short_name")) gin_trgm_ops);