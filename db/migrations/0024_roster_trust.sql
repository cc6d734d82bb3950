ALTER TYPE "public"."import_kind" ADD VALUE 'oneroster';--> statement-breakpoint
ALTER TABLE "imports" ALTER COLUMN "upload_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "position" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "department" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "sis_role" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "homeroom" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "sis_values" jsonb;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sis_values" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "api_token_id" integer;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_api_token_id_api_tokens_id_fk" FOREIGN KEY ("api_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_homeroom_idx" ON "staff" USING btree (lower("homeroom"));