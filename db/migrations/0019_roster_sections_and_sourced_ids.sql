CREATE TABLE "section_meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"day_type" text,
	CONSTRAINT "section_meetings_unique" UNIQUE NULLS NOT DISTINCT("section_id","block_id","day_type")
);
--> statement-breakpoint
CREATE TABLE "section_teachers" (
	"section_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	CONSTRAINT "section_teachers_section_id_staff_id_pk" PRIMARY KEY("section_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"code" text NOT NULL,
	"term_id" integer,
	"sourced_id" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sections_sourced_id_unique" UNIQUE("sourced_id"),
	CONSTRAINT "sections_course_code_unique" UNIQUE("course_id","code")
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "import_kind" NOT NULL,
	"headers_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_kind_headers_unique" UNIQUE("kind","headers_key")
);
--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_grade_range";--> statement-breakpoint
ALTER TABLE "staff" ALTER COLUMN "title" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "preferred_first_name" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "section_id" integer;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "begin_date" date;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "sourced_id" text;--> statement-breakpoint
ALTER TABLE "section_meetings" ADD CONSTRAINT "section_meetings_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_meetings" ADD CONSTRAINT "section_meetings_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_teachers" ADD CONSTRAINT "section_teachers_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_teachers" ADD CONSTRAINT "section_teachers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "section_meetings_block_idx" ON "section_meetings" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "section_teachers_staff_idx" ON "section_teachers" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "sections_term_idx" ON "sections" USING btree ("term_id");--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollments_section_idx" ON "enrollments" USING btree ("section_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_sourced_id_unique" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_email_unique" UNIQUE("email");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_sourced_id_unique" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_sourced_id_unique" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_sourced_id_unique" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_sourced_id_unique" UNIQUE("sourced_id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_grade_range" CHECK ("students"."grade" between -1 and 13);--> statement-breakpoint
-- Each course-in-a-block of an earlier release becomes a section of the course: its code the block's
-- label, its teacher, meeting in that block on every day type it meets.
INSERT INTO "sections" ("course_id", "code")
SELECT bc."course_id", b."label" FROM "block_courses" bc JOIN "blocks" b ON b."id" = bc."block_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "section_teachers" ("section_id", "staff_id")
SELECT s."id", bc."staff_id" FROM "block_courses" bc
JOIN "blocks" b ON b."id" = bc."block_id"
JOIN "sections" s ON s."course_id" = bc."course_id" AND s."code" = b."label"
WHERE bc."staff_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "section_meetings" ("section_id", "block_id")
SELECT s."id", bc."block_id" FROM "block_courses" bc
JOIN "blocks" b ON b."id" = bc."block_id"
JOIN "sections" s ON s."course_id" = bc."course_id" AND s."code" = b."label"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A student enrolled in a course is enrolled in each of its sections (as the course showed in each of its
-- blocks): the first section takes the existing row, the others get a copy.
INSERT INTO "enrollments" ("student_id", "course_id", "enrolled_by", "enrolled_at", "dropped_at", "section_id")
SELECT e."student_id", e."course_id", e."enrolled_by", e."enrolled_at", e."dropped_at", s."id"
FROM "enrollments" e JOIN "sections" s ON s."course_id" = e."course_id"
WHERE e."section_id" IS NULL
  AND s."id" <> (SELECT min(s2."id") FROM "sections" s2 WHERE s2."course_id" = e."course_id");--> statement-breakpoint
UPDATE "enrollments" e SET "section_id" = (SELECT min(s."id") FROM "sections" s WHERE s."course_id" = e."course_id")
WHERE e."section_id" IS NULL;
