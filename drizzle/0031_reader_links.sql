CREATE TABLE "reader_links" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"site_id" text NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"subject_id" text,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "subscribers_confirm_token_idx";--> statement-breakpoint
DROP INDEX "roadmap_voters_confirm_token_idx";--> statement-breakpoint
ALTER TABLE "reader_links" ADD CONSTRAINT "reader_links_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reader_links_token_hash_idx" ON "reader_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "reader_links_site_email_idx" ON "reader_links" USING btree ("site_id","email");--> statement-breakpoint
ALTER TABLE "subscribers" DROP COLUMN "confirm_token";--> statement-breakpoint
ALTER TABLE "roadmap_voters" DROP COLUMN "confirm_token";--> statement-breakpoint
ALTER TABLE "roadmap_voters" DROP COLUMN "pending_item_id";