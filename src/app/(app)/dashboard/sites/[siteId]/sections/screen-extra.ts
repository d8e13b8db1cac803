import type { SubscriberRow } from "@/core/subscribers/list-site-subscribers";

/** What the site screen loads besides the site itself, passed down to the sections that show it. */
export type ScreenExtra = {
  subscribers: SubscriberRow[];
  feedback: { path: string; helpful: boolean; text: string; createdAt: string }[];
  searchMisses: { query: string; count: number; lastSeenAt: string }[];
  billing: boolean;
  /** Whether "Connect Notion" with OAuth is configured (NOTION_OAUTH_CLIENT_ID). */
  notionOAuth: boolean;
  /** Whether an AI model is configured on this server; without one, chat answers come from the site's search. */
  aiModel: boolean;
};
