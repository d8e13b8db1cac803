import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { EmailProvider } from "@/integrations/email";
import { CONVERSION } from "@/integrations/tracking";

const EVENTS = Object.values(CONVERSION) as [string, ...string[]];

export const trackConversionEventInput = z
  .object({
    event: z.enum(EVENTS),
    properties: z.record(z.string().max(60), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).refine((p) => Object.keys(p).length <= 20, "Too many properties").default({}),
  })
  .strict();

// Addresses that are never real people's (RFC 2606/6761 names, and the test login's usual domains).
const TEST_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

export function isTestEmail(email: string): boolean {
  const domain = email.split("@")[1] ?? "";
  return !domain || TEST_DOMAIN.test(domain);
}

/**
 * The email-marketing destination of conversion tracking (docs/product.md §7): the event goes to the email provider's track API
 * with the signed-in user's address — only when that address is known and not a test one, and only with a real
 * provider (the development outbox would only fill up with events).
 */
export async function trackConversionEvent(deps: { db: Db; email: EmailProvider }, userId: string, input: z.input<typeof trackConversionEventInput>) {
  const { event, properties } = trackConversionEventInput.parse(input);
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  if (deps.email.kind !== "plunk" || !user.email || isTestEmail(user.email)) return { sent: false };
  await deps.email.track({ event, email: user.email, data: properties });
  return { sent: true };
}
