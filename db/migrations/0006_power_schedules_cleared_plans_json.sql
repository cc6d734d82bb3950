DROP TABLE "power_schedule_cleared_plans" CASCADE;--> statement-breakpoint
ALTER TABLE "power_schedules" ADD COLUMN "cleared_plans" jsonb;