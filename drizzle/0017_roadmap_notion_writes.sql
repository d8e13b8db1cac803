CREATE TABLE "roadmap_notion_writes" (
	"site_id" text NOT NULL,
	"item_id" text NOT NULL,
	"written_votes" integer,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roadmap_notion_writes_site_id_item_id_pk" PRIMARY KEY("site_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "roadmap_notion_writes" ADD CONSTRAINT "roadmap_notion_writes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;