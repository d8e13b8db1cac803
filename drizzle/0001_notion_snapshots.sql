CREATE TABLE "notion_pages" (
	"site_id" text NOT NULL,
	"page_id" text NOT NULL,
	"parent_page_id" text,
	"record_map" jsonb NOT NULL,
	"last_edited_time" bigint NOT NULL,
	"content_hash" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notion_pages_site_id_page_id_pk" PRIMARY KEY("site_id","page_id")
);
--> statement-breakpoint
CREATE TABLE "site_syncs" (
	"site_id" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notion_pages" ADD CONSTRAINT "notion_pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_syncs" ADD CONSTRAINT "site_syncs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;