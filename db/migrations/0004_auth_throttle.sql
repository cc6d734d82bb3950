CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"level" double precision NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "power_schedule_cleared_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"power_schedule_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_schedule_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"power_schedule_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"date" date NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "power_schedule_slots_unique" UNIQUE("power_schedule_id","block_id","date")
);
--> statement-breakpoint
ALTER TABLE "power_schedules" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "power_schedules" ADD COLUMN "weekdays" smallint[];--> statement-breakpoint
ALTER TABLE "power_schedules" ADD COLUMN "block_ids" integer[];--> statement-breakpoint
ALTER TABLE "power_schedules" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "power_schedules" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "power_schedules" ADD COLUMN "undone_by" integer;--> statement-breakpoint
ALTER TABLE "power_schedule_cleared_plans" ADD CONSTRAINT "power_schedule_cleared_plans_power_schedule_id_power_schedules_id_fk" FOREIGN KEY ("power_schedule_id") REFERENCES "public"."power_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_schedule_cleared_plans" ADD CONSTRAINT "power_schedule_cleared_plans_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_schedule_cleared_plans" ADD CONSTRAINT "power_schedule_cleared_plans_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_schedule_cleared_plans" ADD CONSTRAINT "power_schedule_cleared_plans_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_schedule_slots" ADD CONSTRAINT "power_schedule_slots_power_schedule_id_power_schedules_id_fk" FOREIGN KEY ("power_schedule_id") REFERENCES "public"."power_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_schedule_slots" ADD CONSTRAINT "power_schedule_slots_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "power_schedule_cleared_plans_batch_idx" ON "power_schedule_cleared_plans" USING btree ("power_schedule_id");--> statement-breakpoint
CREATE INDEX "power_schedule_slots_ends_idx" ON "power_schedule_slots" USING btree ("ends_at");--> statement-breakpoint
ALTER TABLE "power_schedules" ADD CONSTRAINT "power_schedules_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "amendments_power_schedule_idx" ON "amendments" USING btree ("power_schedule_id");--> statement-breakpoint
CREATE INDEX "appointments_power_schedule_idx" ON "appointments" USING btree ("power_schedule_id");--> statement-breakpoint
CREATE INDEX "power_schedules_created_idx" ON "power_schedules" USING btree ("created_at");