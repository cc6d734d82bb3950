DROP INDEX "wiki_posts_group_idx";--> statement-breakpoint
ALTER TABLE "wiki_groups" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wiki_posts" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wiki_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "wiki_posts_search_idx" ON "wiki_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "wiki_posts_group_idx" ON "wiki_posts" USING btree ("group_id","position");