/**
 * Why connecting Notion failed, as the OAuth callback tells /new-site: a code in the query (`?connectionError=`), never
 * the text itself, so a link can't make the app's own page show words someone else wrote. Each code has one message.
 */
export const NOTION_OAUTH_ERRORS = {
  not_configured: "Connecting Notion with OAuth is not configured on this server",
  not_started_here: "This Notion sign-in did not start here: please click “Connect Notion” again",
  other_account: "This Notion sign-in was started by another account: please click “Connect Notion” again",
  denied: "Notion access was not granted",
  no_code: "Notion did not return an authorization code",
  upstream: "Notion did not accept the authorization, please connect again",
  internal_secret: "This connection uses an internal integration secret: paste the new secret instead",
  other_workspace: "Notion connected another workspace: reconnect and choose the connection's own workspace",
  failed: "Connecting Notion did not work. Please try again.",
} as const;

export type NotionOAuthErrorCode = keyof typeof NOTION_OAUTH_ERRORS;

/** The code of a message the OAuth flow threw (its own messages; the workspace one names workspaces); else "failed". */
export function notionOAuthErrorCodeOf(message: string): NotionOAuthErrorCode {
  const known = (Object.entries(NOTION_OAUTH_ERRORS) as [NotionOAuthErrorCode, string][]).find(([, text]) => text === message)?.[0];
  if (known) return known;
  return message.startsWith("Notion connected another workspace") ? "other_workspace" : "failed";
}

/** The message to show for a code from the query; anything that is not one of ours shows the general one. */
export function notionOAuthErrorMessage(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return Object.hasOwn(NOTION_OAUTH_ERRORS, code) ? NOTION_OAUTH_ERRORS[code as NotionOAuthErrorCode] : NOTION_OAUTH_ERRORS.failed;
}
