ALTER TABLE "site_syncs" ADD COLUMN "failure_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_syncs" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_syncs" ADD COLUMN "failure_notified_at" timestamp with time zone;