CREATE TABLE "notion_webhook_expectation" (
	"id" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"opened_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notion_webhook_verification" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- A token already stored that has keyed events is Notion's: webhooks keep counting as working there.
UPDATE "notion_webhook_verification" SET "confirmed_at" = now() WHERE EXISTS (SELECT 1 FROM "notion_webhook_events");
