CREATE TABLE "roster_sources" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"base_url" text NOT NULL,
	"token_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"version" text NOT NULL,
	"school_sourced_id" text,
	"schedule" text,
	"archive_missing" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"last_import_id" integer,
	"last_pull_started_at" timestamp with time zone,
	"last_scheduled_on" date,
	CONSTRAINT "roster_sources_one_row" CHECK ("roster_sources"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "roster_sources" ADD CONSTRAINT "roster_sources_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_sources" ADD CONSTRAINT "roster_sources_last_import_id_imports_id_fk" FOREIGN KEY ("last_import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A change of the roster source is the school's data: polled answers see it (db/queries/data-version.ts).
CREATE TRIGGER note_data_commit AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roster_sources
  FOR EACH STATEMENT EXECUTE FUNCTION note_data_commit();
