ALTER TABLE "notion_connections" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notion_connections" ADD COLUMN "refused_reason" text;--> statement-breakpoint
ALTER TABLE "notion_connections" ADD COLUMN "refusal_emailed_at" timestamp with time zone;