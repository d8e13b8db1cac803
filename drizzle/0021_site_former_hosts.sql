CREATE TABLE "site_former_hosts" (
	"host_key" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "custom_domain_https_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_former_hosts" ADD CONSTRAINT "site_former_hosts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_former_hosts_site_idx" ON "site_former_hosts" USING btree ("site_id");