ALTER TABLE "site_syncs" ADD COLUMN "pages_done" integer;--> statement-breakpoint
ALTER TABLE "site_syncs" ADD COLUMN "pages_found" integer;