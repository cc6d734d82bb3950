CREATE TABLE "closed_day_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"date" date NOT NULL,
	"source" "plan_source" NOT NULL,
	"placement_run_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_recipients" DROP CONSTRAINT "notification_recipients_one_person";--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "closed_day_plans" ADD CONSTRAINT "closed_day_plans_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_day_plans" ADD CONSTRAINT "closed_day_plans_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_day_plans" ADD CONSTRAINT "closed_day_plans_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_day_plans" ADD CONSTRAINT "closed_day_plans_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_day_plans" ADD CONSTRAINT "closed_day_plans_placement_run_id_placement_runs_id_fk" FOREIGN KEY ("placement_run_id") REFERENCES "public"."placement_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closed_day_plans_event_idx" ON "closed_day_plans" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "closed_day_plans_date_idx" ON "closed_day_plans" USING btree ("date");--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_recipients_student_idx" ON "notification_recipients" USING btree ("student_id","archived");--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_one_person" CHECK (num_nonnulls("notification_recipients"."staff_id", "notification_recipients"."sysadmin_id", "notification_recipients"."student_id") = 1);--> statement-breakpoint
-- Plans left on days a no-blocks event already closes are moved to the first such event of the date, as a
-- closure made from now on does (lib/calendar/closures.server.ts), so nothing counts them.
WITH closing AS (
  SELECT DISTINCT ON ("date") "id", "date" FROM "calendar_events" WHERE "no_blocks" ORDER BY "date", "id"
), moved AS (
  DELETE FROM "plans" p USING closing c WHERE p."date" = c."date"
  RETURNING c."id" AS event_id, p."student_id", p."staff_id", p."block_id", p."date", p."source", p."placement_run_id", p."created_at", p."updated_at"
)
INSERT INTO "closed_day_plans" ("event_id", "student_id", "staff_id", "block_id", "date", "source", "placement_run_id", "created_at", "updated_at")
SELECT event_id, "student_id", "staff_id", "block_id", "date", "source", "placement_run_id", "created_at", "updated_at" FROM moved;
