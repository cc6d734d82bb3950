CREATE TABLE "setup_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "setup_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "product_help_shipped" (
	"key" text PRIMARY KEY NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wiki_groups" ADD COLUMN "audience" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "wiki_groups" ADD COLUMN "product_key" text;--> statement-breakpoint
ALTER TABLE "wiki_posts" ADD COLUMN "product_key" text;--> statement-breakpoint
ALTER TABLE "wiki_posts" ADD COLUMN "product_revision" text;--> statement-breakpoint
ALTER TABLE "wiki_groups" ADD CONSTRAINT "wiki_groups_product_key_unique" UNIQUE("product_key");--> statement-breakpoint
ALTER TABLE "wiki_posts" ADD CONSTRAINT "wiki_posts_product_key_unique" UNIQUE("product_key");