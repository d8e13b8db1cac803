import type { EmailProvider } from "@/integrations/email";
import { AppError } from "@/lib/errors";
import { MAGIC_LINK_LIMITS } from "@/core/limits";
import { createRateLimiter } from "@/http/rate-limit";
import { canonicalMailbox } from "@/lib/mailbox";
import { magicLinkEmail } from "./templates";

/**
 * Sign-in emails per IP and per mailbox (security review, finding 11), so the form can't flood an inbox — not with
 * `a+1@x`, `a+2@x`… — nor mail a list of addresses from one machine. A request refused for its IP does not count
 * against the mailbox. In memory, per process.
 */
export function createMagicLinkLimits() {
  const perIp = createRateLimiter(MAGIC_LINK_LIMITS.perIp);
  const perMailbox = createRateLimiter(MAGIC_LINK_LIMITS.perMailbox);
  return {
    /** true when this sign-in email may go out. */
    take(address: string, clientAddress: string, now = Date.now()): boolean {
      return perIp.take(clientAddress, now) && perMailbox.take(canonicalMailbox(address), now);
    },
  };
}

export type MagicLinkLimits = ReturnType<typeof createMagicLinkLimits>;

/** The magic link of next-auth's email sign-in (SPEC §1): one email with the link, valid once. */
export async function sendMagicLinkEmail(
  deps: { email: EmailProvider; limits: MagicLinkLimits },
  request: { identifier: string; url: string; clientAddress: string },
): Promise<void> {
  if (!deps.limits.take(request.identifier, request.clientAddress)) throw new AppError("RATE_LIMITED", "Too many sign-in emails; please wait a few minutes");
  const { host } = new URL(request.url);
  await deps.email.send({ to: request.identifier, ...magicLinkEmail({ url: request.url, host }) });
}
