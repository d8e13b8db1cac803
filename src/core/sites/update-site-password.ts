import crypto from "node:crypto";
import type { SiteEvents } from "@/core/sites/site-events";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { siteAgentTokens, sites } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import { requireSiteFeatures } from "@/core/billing/site-plan";

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1 };

export const updateSitePasswordInput = z
  .object({ siteId: z.string().min(1).max(64), password: z.string().min(8, "The password needs at least 8 characters").max(200).nullable() })
  .strict();

/** A slow salted hash (scrypt), stored as `scrypt$N$r$p$salt$hash`. */
export async function hashSitePassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password.normalize("NFC"), salt, 32, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export async function verifySitePassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password.normalize("NFC"), Buffer.from(salt, "base64url"), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return crypto.timingSafeEqual(actual, expected);
}

/** docs/product.md §7 updateSitePassword: sets (or, with null, removes) the site's password. Setting one is a paid feature. */
export async function updateSitePassword(deps: { db: Db; siteEvents: SiteEvents; billingEnabled: boolean }, ownerId: string, input: z.input<typeof updateSitePasswordInput>) {
  const { siteId, password } = updateSitePasswordInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  if (password !== null) await requireSiteFeatures(deps, site.id, ["password"]);
  const passwordHash = password === null ? null : await hashSitePassword(password);
  await deps.db.transaction(async (tx) => {
    await tx.update(sites).set({ passwordHash, updatedAt: sql`now()` }).where(eq(sites.id, site.id));
    // A new password logs out every cookie made with the old one; agent tokens made for it stop too.
    if (passwordHash) await tx.delete(siteAgentTokens).where(eq(siteAgentTokens.siteId, site.id));
  });
  deps.siteEvents.emitSiteChanged(site.id);
  return { siteId: site.id, hasPassword: passwordHash !== null };
}
