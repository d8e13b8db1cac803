import type { EmailProvider } from "@/integrations/email";
import { AppError } from "@/lib/errors";
import { magicLinkEmail } from "./templates";

/** The magic link of next-auth's email sign-in (docs/product.md §1): one email with the link, valid once. */
export async function sendMagicLinkEmail(
  deps: { email: EmailProvider; allow: (address: string, clientAddress: string) => Promise<boolean> },
  request: { identifier: string; url: string; clientAddress: string },
): Promise<void> {
  // RATE_LIMITS.magicLinkPerIp and .magicLink (per canonical mailbox), counted in the database by the caller's `allow`.
  if (!(await deps.allow(request.identifier, request.clientAddress))) throw new AppError("RATE_LIMITED", "Too many sign-in emails; please wait a few minutes");
  const { host } = new URL(request.url);
  await deps.email.send({ to: request.identifier, ...magicLinkEmail({ url: request.url, host }) });
}
