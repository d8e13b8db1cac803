CREATE TABLE "agent_request_counts" (
	"site_id" text NOT NULL,
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_request_counts_site_id_day_kind_pk" PRIMARY KEY("site_id","day","kind")
);
--> statement-breakpoint
CREATE TABLE "site_agent_tokens" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"site_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_request_counts" ADD CONSTRAINT "agent_request_counts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_agent_tokens" ADD CONSTRAINT "site_agent_tokens_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_agent_tokens_hash_idx" ON "site_agent_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "site_agent_tokens_site_idx" ON "site_agent_tokens" USING btree ("site_id");