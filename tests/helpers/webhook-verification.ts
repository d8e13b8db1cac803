import { rpc, signedIn } from "./rpc-client";

/** The operator of a test app (start it with ADMIN_EMAILS including OPERATOR_EMAIL). */
export const OPERATOR_EMAIL = "ops@example.com";

/** As the operator on /dashboard/admin: the next Notion webhook verification request is taken as the signing key. */
export async function expectWebhookVerification(appUrl: string): Promise<void> {
  const reply = await rpc(appUrl, await signedIn(appUrl, OPERATOR_EMAIL), "user", "expectNotionWebhookVerification", {});
  if (reply.body.error) throw new Error(`expectNotionWebhookVerification: ${reply.body.error.message}`);
}
