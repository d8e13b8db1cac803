CREATE TABLE "usage_counters" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"period" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_counters_scope_key_period_pk" PRIMARY KEY("scope","key","period")
);
--> statement-breakpoint
-- Today's visitor-chat counts carry over into the shared counters (scope chat-day), kept 7 days past their day.
INSERT INTO "usage_counters" ("scope", "key", "period", "count", "expires_at")
  SELECT 'chat-day', "site_id", "day", "count", ("day"::date + 8)::timestamptz FROM "ai_chat_usage";--> statement-breakpoint
DROP TABLE "ai_chat_usage" CASCADE;--> statement-breakpoint
DROP INDEX "sites_custom_domain_idx";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "custom_domain_claimed_at" timestamp with time zone;--> statement-breakpoint
-- Claims waiting for verification now get the full DOMAIN_CLAIM_TTL_DAYS from this upgrade.
UPDATE "sites" SET "custom_domain_claimed_at" = now() WHERE "custom_domain" IS NOT NULL AND "custom_domain_verified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "usage_counters_expires_idx" ON "usage_counters" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_verified_custom_domain_idx" ON "sites" USING btree ("custom_domain") WHERE "sites"."custom_domain_verified_at" is not null;--> statement-breakpoint
CREATE INDEX "sites_custom_domain_idx" ON "sites" USING btree ("custom_domain");