CREATE TABLE "bell_schedule_meetings" (
	"bell_schedule_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"start" time NOT NULL,
	"end" time NOT NULL,
	CONSTRAINT "bell_schedule_meetings_bell_schedule_id_block_id_pk" PRIMARY KEY("bell_schedule_id","block_id"),
	CONSTRAINT "bell_schedule_meetings_order" CHECK ("bell_schedule_meetings"."start" < "bell_schedule_meetings"."end")
);
--> statement-breakpoint
CREATE TABLE "bell_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"timetable_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "bell_schedules_name_unique" UNIQUE("timetable_id","name")
);
--> statement-breakpoint
CREATE TABLE "block_occurrences" (
	"date" date NOT NULL,
	"block_id" integer NOT NULL,
	"start" time NOT NULL,
	"end" time NOT NULL,
	CONSTRAINT "block_occurrences_date_block_id_pk" PRIMARY KEY("date","block_id")
);
--> statement-breakpoint
CREATE TABLE "school_day_overrides" (
	"date" date PRIMARY KEY NOT NULL,
	"day_type" text,
	"bell_schedule" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_days" (
	"date" date PRIMARY KEY NOT NULL,
	"in_session" boolean NOT NULL,
	"day_type" text,
	"bell_schedule" text
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_order" CHECK ("terms"."start" <= "terms"."end")
);
--> statement-breakpoint
CREATE TABLE "timetable_meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"timetable_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"day_type" text NOT NULL,
	"start" time NOT NULL,
	"end" time NOT NULL,
	CONSTRAINT "timetable_meetings_unique" UNIQUE("timetable_id","day_type","block_id"),
	CONSTRAINT "timetable_meetings_order" CHECK ("timetable_meetings"."start" < "timetable_meetings"."end")
);
--> statement-breakpoint
CREATE TABLE "timetables" (
	"id" serial PRIMARY KEY NOT NULL,
	"effective_from" date NOT NULL,
	"cycle_kind" text NOT NULL,
	"day_types" jsonb NOT NULL,
	"first_day_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetables_effective_from_unique" UNIQUE("effective_from"),
	CONSTRAINT "timetables_cycle_kind" CHECK ("timetables"."cycle_kind" in ('weekly', 'rotation'))
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "takes_students" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "attends_from" date;--> statement-breakpoint
ALTER TABLE "bell_schedule_meetings" ADD CONSTRAINT "bell_schedule_meetings_bell_schedule_id_bell_schedules_id_fk" FOREIGN KEY ("bell_schedule_id") REFERENCES "public"."bell_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bell_schedule_meetings" ADD CONSTRAINT "bell_schedule_meetings_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bell_schedules" ADD CONSTRAINT "bell_schedules_timetable_id_timetables_id_fk" FOREIGN KEY ("timetable_id") REFERENCES "public"."timetables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_occurrences" ADD CONSTRAINT "block_occurrences_date_school_days_date_fk" FOREIGN KEY ("date") REFERENCES "public"."school_days"("date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_occurrences" ADD CONSTRAINT "block_occurrences_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_meetings" ADD CONSTRAINT "timetable_meetings_timetable_id_timetables_id_fk" FOREIGN KEY ("timetable_id") REFERENCES "public"."timetables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_meetings" ADD CONSTRAINT "timetable_meetings_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_occurrences_block_date_idx" ON "block_occurrences" USING btree ("block_id","date");--> statement-breakpoint
-- The weekly timetable the database had becomes its first timetable version, in force from the school
-- year's first day; school_days and block_occurrences are generated from it at the next start
-- (lib/setup/first-run.ts prepareSchool → lib/calendar/regenerate.ts).
INSERT INTO "timetables" ("effective_from", "cycle_kind", "day_types")
SELECT coalesce((SELECT left("value", 10)::date FROM "settings" WHERE "key" = 'start_datetime' AND "value" ~ '^\d{4}-\d{2}-\d{2}'), current_date),
       'weekly',
       (SELECT jsonb_agg(d.name ORDER BY d.dow) FROM (
          SELECT DISTINCT "day_of_week" AS dow,
                 (ARRAY['Sunday','Monday','Tuesday','Wednesday','Thursday','Friday','Saturday'])["day_of_week" + 1] AS name
          FROM "block_schedule") d)
WHERE EXISTS (SELECT 1 FROM "block_schedule");--> statement-breakpoint
INSERT INTO "timetable_meetings" ("timetable_id", "block_id", "day_type", "start", "end")
SELECT t."id", bs."block_id",
       (ARRAY['Sunday','Monday','Tuesday','Wednesday','Thursday','Friday','Saturday'])[bs."day_of_week" + 1],
       bs."start", bs."end"
FROM "block_schedule" bs CROSS JOIN "timetables" t;
