CREATE TABLE "notion_connections" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"workspace_id" text,
	"workspace_name" text,
	"workspace_icon" text,
	"bot_id" text,
	"access_token_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "notion_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notion_webhook_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"verification_token_sealed" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "notion_connection_id" text;--> statement-breakpoint
ALTER TABLE "notion_connections" ADD CONSTRAINT "notion_connections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notion_connections_owner_idx" ON "notion_connections" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_notion_connection_id_notion_connections_id_fk" FOREIGN KEY ("notion_connection_id") REFERENCES "public"."notion_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sites_notion_connection_idx" ON "sites" USING btree ("notion_connection_id");