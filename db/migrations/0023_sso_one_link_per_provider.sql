DROP INDEX "sso_identities_user_idx";--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_provider" UNIQUE("user_id","provider");