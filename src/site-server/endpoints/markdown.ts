import type { IncomingMessage, ServerResponse } from "node:http";
import { agentAnswerMarkdown, agentQuestion, answerAgentQuestion } from "@/core/agents/answer-agent-question";
import { markdownOf } from "../llms";
import { makeCachedResponse, sendCached } from "@/http/page-cache";
import { admitQuestion } from "../admit-question";
import { countAgentRequestOf, countIfAgent } from "../agent-requests";
import { visitorFacingError } from "../respond";
import { fromAnotherSite } from "../request";
import { servePage } from "../serve-page";
import type { PublishedSite } from "../site-lookup";
import { pageTagHeaders } from "../cache-policy";
import { contentOrUnavailable, pageCacheControlOf, pageHeadersOf, renderContextOf, visitorKey, type Endpoint, type EndpointContext, type SiteContent } from "./context";

/**
 * Any page as Markdown at its path + `.md` (`/index.md` for the home page); other `.md` paths are page paths. With
 * `?ask=<question>`, an answer from the site's content with its sources instead, metered like the chatbot.
 */
export const markdownEndpoint: Endpoint = {
  path: /^(.*)\.md$/,
  label: "/<page>.md",
  methods: ["GET", "HEAD"],
  servedWhenLocked: false,
  ownerRedirectsFirst: true,
  summary: "A page as Markdown (`/index.md` is the home page); `?ask=<question>` answers from the site's content with sources (Markdown).",
  async handler(req, res, site, ctx) {
    const content = await contentOrUnavailable(ctx, res, site);
    if (!content) return;
    const pagePath = ctx.path === "/index.md" ? "/" : ctx.params[0]!;
    const route = content.model.routes.get(pagePath);
    const body = route ? markdownOf(renderContextOf(ctx, site, content.model), route) : null;
    if (body === null) return servePage(req, res, site, ctx, content);
    const question = ctx.search.get("ask");
    if (question !== null) return ask(req, res, site, ctx, content, question);
    await countIfAgent(ctx, req, site, "markdown");
    const response = ctx.cache.cached(site, content.snapshot, ctx.path, () => ({ ...makeCachedResponse(200, "text/markdown; charset=utf-8", body), headers: pageTagHeaders(site, ctx.path) }));
    sendCached(req, res, response, pageCacheControlOf(ctx, site), pageHeadersOf(ctx, site));
  },
};

async function ask(req: IncomingMessage, res: ServerResponse, site: PublishedSite, ctx: EndpointContext, { snapshot, model }: SiteContent, question: string): Promise<void> {
  const send = (status: number, markdown: string): void => {
    res.writeHead(status, { "content-type": "text/markdown; charset=utf-8", "cache-control": "private, no-store", "x-content-type-options": "nosniff", "x-robots-tag": "noindex" });
    res.end(req.method === "HEAD" ? undefined : markdown);
  };
  // A GET anyone's page can make a browser send (an image, a script, a frame): another site must not spend this
  // site's answers through its visitors. Agents send no Fetch Metadata; a person following a link is a "document".
  if (fromAnotherSite(req) && req.headers["sec-fetch-dest"] !== "document") {
    return send(403, "Ask from this site, or as an agent (an HTTP client or the site's MCP server).\n");
  }
  try {
    await countAgentRequestOf(ctx, req, site, "ask", false);
    const parsed = agentQuestion.safeParse(question);
    if (!parsed.success) return send(400, `${parsed.error.issues[0]?.message ?? "Please ask a question."}\n`);
    await admitQuestion(ctx, site, visitorKey(ctx, req, site));
    const urlOf = (pageId: string) => {
      const path = model.pathOfPage.get(pageId);
      return path === undefined ? null : `${site.origin}${site.basePath}${path}`;
    };
    const result = await answerAgentQuestion(
      { db: ctx.runtime.db, model: ctx.runtime.ai },
      { id: site.id, name: site.settings.name || model.title || "Untitled", ai: site.settings.ai, urlOf, pages: () => snapshot.pages },
      parsed.data,
    );
    send(200, agentAnswerMarkdown(result));
  } catch (err) {
    const failure = visitorFacingError(err, { where: "site-ask", siteId: site.id });
    send(failure.status, `${failure.message}\n`);
  }
}
