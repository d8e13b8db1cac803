CREATE TABLE "changelog_item_links" (
	"changelog_site_id" text NOT NULL,
	"entry_page_id" text NOT NULL,
	"roadmap_site_id" text NOT NULL,
	"item_page_id" text NOT NULL,
	"entry_title" text NOT NULL,
	"entry_url" text NOT NULL,
	"item_title" text NOT NULL,
	"item_url" text NOT NULL,
	CONSTRAINT "changelog_item_links_changelog_site_id_entry_page_id_item_page_id_pk" PRIMARY KEY("changelog_site_id","entry_page_id","item_page_id")
);
--> statement-breakpoint
ALTER TABLE "changelog_item_links" ADD CONSTRAINT "changelog_item_links_changelog_site_id_sites_id_fk" FOREIGN KEY ("changelog_site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changelog_item_links" ADD CONSTRAINT "changelog_item_links_roadmap_site_id_sites_id_fk" FOREIGN KEY ("roadmap_site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "changelog_item_links_roadmap_idx" ON "changelog_item_links" USING btree ("roadmap_site_id","item_page_id");