CREATE TABLE "search_documents" (
	"site_id" text NOT NULL,
	"page_id" text NOT NULL,
	"title" text NOT NULL,
	"headings" text NOT NULL,
	"body" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	CONSTRAINT "search_documents_site_id_page_id_pk" PRIMARY KEY("site_id","page_id")
);
--> statement-breakpoint
CREATE TABLE "search_misses" (
	"site_id" text NOT NULL,
	"query" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_misses_site_id_query_pk" PRIMARY KEY("site_id","query")
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_misses" ADD CONSTRAINT "search_misses_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("tsv");