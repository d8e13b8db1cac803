CREATE TABLE "roadmap_ideas" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"site_id" text NOT NULL,
	"voter_id" text NOT NULL,
	"title" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"column" text,
	"merged_into" text,
	"reply" text,
	"notion_page_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "roadmap_item_statuses" (
	"site_id" text NOT NULL,
	"item_id" text NOT NULL,
	"status" text NOT NULL,
	"changes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "roadmap_item_statuses_site_id_item_id_pk" PRIMARY KEY("site_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "roadmap_notifications" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"site_id" text NOT NULL,
	"item_id" text NOT NULL,
	"voter_id" text NOT NULL,
	"change" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "roadmap_voters" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"site_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"confirm_token" text NOT NULL,
	"session_token" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"pending_item_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "roadmap_votes" (
	"site_id" text NOT NULL,
	"item_id" text NOT NULL,
	"voter_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roadmap_votes_site_id_item_id_voter_id_pk" PRIMARY KEY("site_id","item_id","voter_id")
);
--> statement-breakpoint
ALTER TABLE "roadmap_ideas" ADD CONSTRAINT "roadmap_ideas_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_ideas" ADD CONSTRAINT "roadmap_ideas_voter_id_roadmap_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."roadmap_voters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_item_statuses" ADD CONSTRAINT "roadmap_item_statuses_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_notifications" ADD CONSTRAINT "roadmap_notifications_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_notifications" ADD CONSTRAINT "roadmap_notifications_voter_id_roadmap_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."roadmap_voters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_voters" ADD CONSTRAINT "roadmap_voters_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_votes" ADD CONSTRAINT "roadmap_votes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_votes" ADD CONSTRAINT "roadmap_votes_voter_id_roadmap_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."roadmap_voters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roadmap_ideas_site_status_idx" ON "roadmap_ideas" USING btree ("site_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "roadmap_notifications_once_idx" ON "roadmap_notifications" USING btree ("site_id","item_id","voter_id","change");--> statement-breakpoint
CREATE INDEX "roadmap_notifications_site_status_idx" ON "roadmap_notifications" USING btree ("site_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "roadmap_voters_site_email_idx" ON "roadmap_voters" USING btree ("site_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "roadmap_voters_confirm_token_idx" ON "roadmap_voters" USING btree ("confirm_token");--> statement-breakpoint
CREATE UNIQUE INDEX "roadmap_voters_session_token_idx" ON "roadmap_voters" USING btree ("session_token");--> statement-breakpoint
CREATE UNIQUE INDEX "roadmap_voters_unsubscribe_token_idx" ON "roadmap_voters" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "roadmap_votes_voter_idx" ON "roadmap_votes" USING btree ("voter_id");