import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { siteHost, siteHostKey, validateSubdomain } from "@/lib/site-address";
import { SITE_TYPES } from "@/lib/site-types";

export const doesDomainExistInput = z.object({ subdomain: z.string().trim().toLowerCase().max(63), siteType: z.enum(SITE_TYPES) }).strict();

export async function isHostTaken(db: Db, hostKey: string): Promise<boolean> {
  const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.hostKey, hostKey)).limit(1);
  return Boolean(row);
}

/** docs/product.md §7 doesDomainExist: is this address taken? Reserved and malformed subdomains are a validation error. */
export async function doesDomainExist(db: Db, appsDomain: string, input: z.input<typeof doesDomainExistInput>) {
  const { subdomain, siteType } = doesDomainExistInput.parse(input);
  const problem = validateSubdomain(subdomain);
  if (problem) throw new AppError("VALIDATION", problem);
  return { exists: await isHostTaken(db, siteHostKey({ siteType, subdomain })), host: siteHost({ siteType, subdomain, appsDomain }) };
}
