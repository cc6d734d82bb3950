ALTER TYPE "public"."upload_kind" ADD VALUE 'oneroster_bundle';--> statement-breakpoint
ALTER TYPE "public"."import_kind" ADD VALUE 'calendar';--> statement-breakpoint
CREATE TABLE "upload_parts" (
	"upload_id" integer NOT NULL,
	"part" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "upload_parts_upload_id_part_pk" PRIMARY KEY("upload_id","part")
);
--> statement-breakpoint
ALTER TABLE "upload_parts" ADD CONSTRAINT "upload_parts_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;