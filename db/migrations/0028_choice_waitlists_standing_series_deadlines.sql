ALTER TYPE "public"."plan_source" ADD VALUE 'standing';--> statement-breakpoint
ALTER TYPE "public"."plan_source" ADD VALUE 'waitlist';--> statement-breakpoint
CREATE TABLE "appointment_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_by" integer,
	"block_id" integer NOT NULL,
	"day_type" text,
	"weekday" smallint,
	"from" date NOT NULL,
	"until" date NOT NULL,
	"memo" varchar(150) DEFAULT '' NOT NULL,
	"locked" boolean DEFAULT true NOT NULL,
	"student_ids" integer[] NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_series_one_pattern" CHECK (("appointment_series"."day_type" is null) <> ("appointment_series"."weekday" is null)),
	CONSTRAINT "appointment_series_range" CHECK ("appointment_series"."from" <= "appointment_series"."until")
);
--> statement-breakpoint
CREATE TABLE "day_deadlines" (
	"date" date PRIMARY KEY NOT NULL,
	"choice_deadline" text,
	"request_deadline" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standing_choice_outcomes" (
	"standing_choice_id" integer NOT NULL,
	"date" date NOT NULL,
	"block_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_choice_outcomes_standing_choice_id_date_block_id_pk" PRIMARY KEY("standing_choice_id","date","block_id")
);
--> statement-breakpoint
CREATE TABLE "standing_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"day_type" text,
	"weekday" smallint,
	"from" date NOT NULL,
	"until" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_choices_one_pattern" CHECK (("standing_choices"."day_type" is null) <> ("standing_choices"."weekday" is null)),
	CONSTRAINT "standing_choices_weekday" CHECK ("standing_choices"."weekday" is null or "standing_choices"."weekday" between 0 and 6),
	CONSTRAINT "standing_choices_range" CHECK ("standing_choices"."from" <= "standing_choices"."until")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"date" date NOT NULL,
	"added_by" integer,
	"offered_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_unique" UNIQUE("student_id","staff_id","block_id","date")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "locked" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "standing_choice_id" integer;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "seat_cap" integer;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "open_to" jsonb;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_series" ADD CONSTRAINT "appointment_series_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_choice_outcomes" ADD CONSTRAINT "standing_choice_outcomes_standing_choice_id_standing_choices_id_fk" FOREIGN KEY ("standing_choice_id") REFERENCES "public"."standing_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_choice_outcomes" ADD CONSTRAINT "standing_choice_outcomes_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_choices" ADD CONSTRAINT "standing_choices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_choices" ADD CONSTRAINT "standing_choices_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_choices" ADD CONSTRAINT "standing_choices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_series_staff_idx" ON "appointment_series" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "standing_choice_outcomes_date_idx" ON "standing_choice_outcomes" USING btree ("date");--> statement-breakpoint
CREATE INDEX "standing_choices_student_idx" ON "standing_choices" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "standing_choices_until_idx" ON "standing_choices" USING btree ("until");--> statement-breakpoint
CREATE INDEX "waitlist_entries_queue_idx" ON "waitlist_entries" USING btree ("staff_id","block_id","date","id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_student_idx" ON "waitlist_entries" USING btree ("student_id","date");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_idx" ON "waitlist_entries" USING btree ("offered_until");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_series_id_appointment_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."appointment_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_standing_choice_id_standing_choices_id_fk" FOREIGN KEY ("standing_choice_id") REFERENCES "public"."standing_choices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("series_id");