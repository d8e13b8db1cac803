import crypto from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { readerLinks } from "@/db/schema";
import { SUBSCRIPTION_TOKEN_RE } from "@/core/subscribers/subscription-site";

/**
 * How long a mailed confirmation link works. A reader opens it within minutes; a day covers a mail read the next
 * morning. Past that a leaked or forwarded mail (the link signs a browser in as that reader) should be worthless.
 */
export const READER_LINK_TTL_MS = 24 * 3600 * 1000;

export const READER_LINK_PURPOSES = ["vote", "idea", "subscribe", "comment"] as const;
export type ReaderLinkPurpose = (typeof READER_LINK_PURPOSES)[number];

export type ReaderLink = typeof readerLinks.$inferSelect;

/** What opening a link found: used just now (ok), used before, too old, or not a link of this site and purpose. */
export type UsedLink = { state: "ok"; link: ReaderLink } | { state: "used" | "expired"; link: ReaderLink } | { state: "invalid" };

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A new single-use link for `purpose` and `subjectId`; the token goes in the mail, only its hash is stored. */
export async function issueReaderLink(
  db: Db,
  input: { siteId: string; email: string; purpose: ReaderLinkPurpose; subjectId: string | null },
  now = new Date(),
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db.insert(readerLinks).values({ ...input, tokenHash: hashOf(token), createdAt: now, expiresAt: new Date(now.getTime() + READER_LINK_TTL_MS) });
  return token;
}

/**
 * Uses a link once: the first opening within READER_LINK_TTL_MS gets it ("ok"); later ones learn it was used or is
 * too old, and nothing else. Two openings at the same instant: one update wins, the other sees "used".
 */
export async function spendReaderLink(db: Db, siteId: string, purposes: readonly ReaderLinkPurpose[], token: string, now = new Date()): Promise<UsedLink> {
  if (!SUBSCRIPTION_TOKEN_RE.test(token)) return { state: "invalid" };
  const byToken = and(eq(readerLinks.siteId, siteId), eq(readerLinks.tokenHash, hashOf(token)), inArray(readerLinks.purpose, [...purposes]));
  const [used] = await db
    .update(readerLinks)
    .set({ usedAt: now })
    .where(and(byToken, isNull(readerLinks.usedAt), gt(readerLinks.expiresAt, now)))
    .returning();
  if (used) return { state: "ok", link: used };
  const [link] = await db.select().from(readerLinks).where(byToken);
  if (!link) return { state: "invalid" };
  return { state: link.usedAt ? "used" : "expired", link };
}

/** The link behind a token, whatever its state (to mail a fresh one in its place). */
export async function findReaderLink(db: Db, siteId: string, token: string): Promise<ReaderLink | null> {
  if (!SUBSCRIPTION_TOKEN_RE.test(token)) return null;
  const [link] = await db.select().from(readerLinks).where(and(eq(readerLinks.siteId, siteId), eq(readerLinks.tokenHash, hashOf(token))));
  return link ?? null;
}
