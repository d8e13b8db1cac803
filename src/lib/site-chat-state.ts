import { z } from "zod";

/**
 * The owner's per-site chat state (docs/product.md §3): `{filesInDraft, messages, siteId}`, kept in local storage under a key
 * built from the site id with a site-chat prefix. Files still in draft (picked, not sent) are never saved.
 */

export const SITE_CHAT_PREFIX = "site-chat-";
export const siteChatKey = (siteId: string) => `${SITE_CHAT_PREFIX}${siteId}`;

const proposalSchema = z.object({
  id: z.string(),
  tool: z.string(),
  args: z.record(z.string(), z.unknown()),
  summary: z.string(),
  status: z.enum(["pending", "applied", "dismissed", "failed"]),
  error: z.string().optional(),
});
const messageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  attachments: z.array(z.object({ fileId: z.string(), url: z.string(), name: z.string() })).optional(),
  sources: z.array(z.object({ n: z.number(), title: z.string(), url: z.string() })).optional(),
  proposals: z.array(proposalSchema).optional(),
  error: z.boolean().optional(),
});
const savedSchema = z.object({ siteId: z.string(), messages: z.array(messageSchema).max(200) });

export type ChatProposal = z.infer<typeof proposalSchema>;
export type SiteChatMessage = z.infer<typeof messageSchema>;
export type SiteChatState<F = unknown> = { filesInDraft: F[]; messages: SiteChatMessage[]; siteId: string | null };

/** What is saved: everything but the files in draft. */
export function serializeSiteChat(state: SiteChatState): string {
  return JSON.stringify({ siteId: state.siteId, messages: state.messages });
}

/** The saved state of this site, or an empty chat when nothing (valid) is saved or it belongs to another site. */
export function parseSiteChat<F>(raw: string | null, siteId: string): SiteChatState<F> {
  const empty: SiteChatState<F> = { filesInDraft: [], messages: [], siteId };
  if (!raw) return empty;
  try {
    const saved = savedSchema.safeParse(JSON.parse(raw));
    return saved.success && saved.data.siteId === siteId ? { filesInDraft: [], messages: saved.data.messages, siteId } : empty;
  } catch {
    return empty;
  }
}
