/** The owner's AI assistant and the site's agent tokens. */
import { askSiteAssistant, askSiteAssistantInput } from "@/core/ai/ask-site-assistant";
import { createAgentToken, createAgentTokenInput } from "@/core/agents/create-agent-token";
import { getAgentRequestCounts, getAgentRequestCountsInput } from "@/core/agents/get-agent-request-counts";
import { listAgentTokens, listAgentTokensInput } from "@/core/agents/list-agent-tokens";
import { revokeAgentToken, revokeAgentTokenInput } from "@/core/agents/revoke-agent-token";
import { sitePageUrls } from "@/core/sites/site-page-urls";
import { ensureSitePassages } from "@/core/ai/index-site-passages";
import { method } from "../method";
import { billingEnabled } from "./shared";

export const aiMethods = {
  askSiteAssistant: method({
    role: "admin",
    summary:
      "The owner's per-site assistant: answers from the site's pages and the product guide; the model's tool calls come back as proposals (never applied here: the owner applies one by calling the named method with {siteId, ...args}). Streams {type:'text'|'sources'|'proposal'} items with Accept: text/event-stream",
    params: askSiteAssistantInput,
    result: "{text, proposals: [{id, tool, args, summary}], mode: 'model' | 'retrieval'}",
    errors: ["NOT_FOUND", "PAYMENT_REQUIRED", "RATE_LIMITED"],
    streaming: true,
    run: (ctx, p) =>
      askSiteAssistant(
        {
          db: ctx.runtime.db,
          billingEnabled: billingEnabled(ctx),
          model: ctx.runtime.ai,
          pageUrlsOf: async (site) => {
            const urls = await sitePageUrls(ctx.runtime.content, ctx.runtime.env.APPS_DOMAIN, site);
            await ensureSitePassages(ctx.runtime.db, site.id, () => urls.pages);
            return urls;
          },
        },
        ctx.ownerId,
        p,
        ctx.emit,
        ctx.signal,
      ),
  }),
  createAgentToken: method({
    role: "admin",
    summary: "A new access token for AI agents on a password-protected site (sent as `Authorization: Bearer`); the token is shown only in this answer",
    params: createAgentTokenInput,
    result: "{tokenId, name, hint, createdAt, token}",
    errors: ["NOT_FOUND", "CONFLICT"],
    run: (ctx, p) => createAgentToken(ctx.runtime.db, ctx.ownerId, p),
    audit: { action: "agent_token.created", details: (p, r) => ({ tokenId: r.tokenId, name: p.name }) },
  }),
  listAgentTokens: method({
    role: "viewer",
    summary: "The site's agent tokens (a hint of each, never the token)",
    params: listAgentTokensInput,
    result: "[{tokenId, name, hint, createdAt, lastUsedAt}]",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => listAgentTokens(ctx.runtime.db, ctx.ownerId, p),
  }),
  revokeAgentToken: method({
    role: "admin",
    summary: "Deletes one of the site's agent tokens; requests with it are refused from then on",
    params: revokeAgentTokenInput,
    result: "{tokenId, revoked: true}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => revokeAgentToken(ctx.runtime.db, ctx.ownerId, p),
    audit: { action: "agent_token.revoked", details: (p) => ({ tokenId: p.tokenId }) },
  }),
  getAgentRequestCounts: method({
    role: "viewer",
    summary: "AI agent requests to the site per UTC day and kind (mcp, markdown, llms, ask) over the last `days` (default 30)",
    params: getAgentRequestCountsInput,
    result: "{from, days: [{day, kind, count}], totals: {mcp, markdown, llms, ask}}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => getAgentRequestCounts(ctx.runtime.db, ctx.ownerId, p),
  }),
};
