CREATE TABLE "ai_chat_usage" (
	"site_id" text NOT NULL,
	"day" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_chat_usage_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
CREATE TABLE "site_passages" (
	"site_id" text NOT NULL,
	"page_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"page_title" text NOT NULL,
	"heading" text NOT NULL,
	"text" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	CONSTRAINT "site_passages_site_id_page_id_ordinal_pk" PRIMARY KEY("site_id","page_id","ordinal")
);
--> statement-breakpoint
ALTER TABLE "ai_chat_usage" ADD CONSTRAINT "ai_chat_usage_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_passages" ADD CONSTRAINT "site_passages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_passages_tsv_idx" ON "site_passages" USING gin ("tsv");