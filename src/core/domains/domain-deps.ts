import type { SiteEvents } from "@/core/sites/site-events";
import type { Db } from "@/db/client";
import type { DnsResolver } from "@/integrations/dns";
import type { ProductHostsEnv } from "./product-hosts";

/** What the domain operations need: the database, site events, the product's hosts and a DNS resolver. */
export type DomainDeps = { db: Db; siteEvents: SiteEvents; env: ProductHostsEnv & { billingEnabled: boolean }; dns: DnsResolver };
