CREATE TABLE "notion_budget_buckets" (
	"bucket" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_until" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notion_budget_waiters" (
	"process_id" text NOT NULL,
	"bucket" text NOT NULL,
	"priority" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notion_budget_waiters_process_id_bucket_pk" PRIMARY KEY("process_id","bucket")
);
