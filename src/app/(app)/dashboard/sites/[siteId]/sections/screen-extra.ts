import type { SubscriberRow } from "@/core/subscribers/list-site-subscribers";
import type { SiteRole } from "@/lib/site-roles";
import type { OwnerCodeHosts } from "./owner-code";

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
  /** The signed-in person's role on this site, and who they are (the members screen marks them). */
  role: SiteRole;
  userId: string;
  /** Where the owner's own code runs (the Your code screen). */
  ownerCode: OwnerCodeHosts;
};
