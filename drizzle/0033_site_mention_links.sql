CREATE TABLE "site_mention_links" (
	"site_id" text NOT NULL,
	"page_id" text NOT NULL,
	"target_site_id" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "site_mention_links_site_id_page_id_pk" PRIMARY KEY("site_id","page_id")
);
--> statement-breakpoint
ALTER TABLE "site_mention_links" ADD CONSTRAINT "site_mention_links_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_mention_links" ADD CONSTRAINT "site_mention_links_target_site_id_sites_id_fk" FOREIGN KEY ("target_site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_mention_links_target_idx" ON "site_mention_links" USING btree ("target_site_id");