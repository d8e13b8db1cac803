import type { EmailProvider } from "@/integrations/email";
import { AppError } from "@/lib/errors";
import { magicLinkEmail } from "./templates";

/** Sign-in emails per address and quarter hour, so the form can't be used to flood someone's inbox. */
export const MAGIC_LINKS_PER_ADDRESS = { limit: 5, windowMs: 15 * 60_000 };

/** The magic link of next-auth's email sign-in (SPEC §1): one email with the link, valid once. */
export async function sendMagicLinkEmail(deps: { email: EmailProvider; allow: (address: string) => boolean }, request: { identifier: string; url: string }): Promise<void> {
  if (!deps.allow(request.identifier.toLowerCase())) throw new AppError("RATE_LIMITED", "Too many sign-in emails for this address");
  const { host } = new URL(request.url);
  await deps.email.send({ to: request.identifier, ...magicLinkEmail({ url: request.url, host }) });
}
