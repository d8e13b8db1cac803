ALTER TABLE "agent_request_counts" ADD COLUMN "agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_request_counts" DROP CONSTRAINT "agent_request_counts_site_id_day_kind_pk";--> statement-breakpoint
ALTER TABLE "agent_request_counts" ADD CONSTRAINT "agent_request_counts_site_id_day_kind_agent_pk" PRIMARY KEY("site_id","day","kind","agent");
