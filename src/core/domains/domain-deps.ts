import type { EventEmitter } from "node:events";
import type { Db } from "@/db/client";
import type { DnsResolver } from "@/integrations/dns";
import type { ProductHostsEnv } from "./product-hosts";

/** What the domain operations need: the database, the bus (site:changed), the product's hosts and a DNS resolver. */
export type DomainDeps = { db: Db; bus: EventEmitter; env: ProductHostsEnv & { billingEnabled: boolean }; dns: DnsResolver };
