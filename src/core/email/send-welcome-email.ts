import type { EmailProvider } from "@/integrations/email";
import { welcomeEmail } from "./templates";

/** The welcome email, once per new account (whatever the sign-in method); the caller knows the account is new. */
export async function sendWelcomeEmail(deps: { email: EmailProvider; appUrl: string; teamEmail?: string }, user: { email: string; name?: string | null }): Promise<void> {
  await deps.email.send({ to: user.email, ...welcomeEmail({ appUrl: deps.appUrl, name: user.name }), replyTo: deps.teamEmail });
}
