CREATE TYPE "public"."plan_source" AS ENUM('chosen', 'placed');--> statement-breakpoint
CREATE TABLE "placement_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_runs_date_unique" UNIQUE("date")
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "default_teacher_id" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "source" "plan_source" DEFAULT 'chosen' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "placement_run_id" integer;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_default_teacher_id_staff_id_fk" FOREIGN KEY ("default_teacher_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_placement_run_id_placement_runs_id_fk" FOREIGN KEY ("placement_run_id") REFERENCES "public"."placement_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_default_teacher_idx" ON "students" USING btree ("default_teacher_id");