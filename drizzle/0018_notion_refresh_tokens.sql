ALTER TABLE "notion_connections" ADD COLUMN "refresh_token_sealed" text;--> statement-breakpoint
ALTER TABLE "notion_connections" ADD COLUMN "access_token_expires_at" timestamp with time zone;