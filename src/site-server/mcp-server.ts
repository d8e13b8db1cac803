import type { IncomingMessage } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { DomUtils, parseDocument } from "htmlparser2";
import { z, ZodError } from "zod";
import { agentAnswerMarkdown, answerAgentQuestion } from "@/core/agents/answer-agent-question";
import { listPublishedPages } from "@/core/agents/list-published-pages";
import { VISITOR_CHAT_LIMITS } from "@/core/ai/answer-visitor-question";
import { searchPublishedPages } from "@/core/search/search-published-pages";
import { admitQuestion } from "./admit-question";
import { countAgentRequestOf } from "./agent-requests";
import { renderContextOf, type EndpointContext, type SiteContent } from "./endpoints/context";
import { markdownOf } from "./llms";
import { normalizePath } from "./request";
import { visitorFacingError } from "./respond";
import type { PublishedSite } from "./site-lookup";

/**
 * The MCP server of one published site, built per request (stateless Streamable HTTP, so any process can
 * answer any call). Its tools read what the site publishes — the search index, the page model, the Markdown twins and
 * the visitor chatbot's retrieval — so hidden and future posts never appear. Descriptions name the site, so an agent
 * connected to several sites knows which is which.
 */

const text = (body: string, isError = false): CallToolResult => ({ content: [{ type: "text", text: body }], ...(isError ? { isError } : {}) });
const json = (value: unknown): CallToolResult => text(JSON.stringify(value, null, 2));

export type McpRequestInfo = { req: IncomingMessage; visitorKey: string };

export function buildSiteMcpServer(site: PublishedSite, ctx: EndpointContext, content: SiteContent, request: McpRequestInfo): McpServer {
  const { runtime } = ctx;
  const { model, snapshot } = content;
  const name = site.settings.name || model.title || "Untitled";
  const home = `${site.origin}${site.basePath}/`;
  const about = `"${name}" (${home})`;
  const urlOf = (path: string) => `${site.origin}${site.basePath}${path}`;
  const markdownUrlOf = (path: string) => urlOf(path === "/" ? "/index.md" : `${path}.md`);
  const server = new McpServer(
    { name: `${name} (Pagewright)`, version: "1.0.0", websiteUrl: home },
    { instructions: `Tools for the website ${about}: search its pages, list them, read one as Markdown, or ask a question answered from its content with sources.` },
  );

  /** Every tool call is one counted agent request; a failure becomes a tool error the agent can read. */
  const tool = <A,>(run: (args: A) => Promise<CallToolResult> | CallToolResult) => async (args: A): Promise<CallToolResult> => {
    await countAgentRequestOf(ctx, request.req, site, "mcp", false);
    try {
      return await run(args);
    } catch (err) {
      // Arguments the tool's own checks refused: the agent's mistake, told as such (no error report).
      if (err instanceof ZodError) return text(err.issues[0]?.message ?? "Invalid arguments.", true);
      const failure = visitorFacingError(err, { where: "site-mcp", siteId: site.id });
      return text(failure.message, true);
    }
  };

  server.registerTool(
    "search",
    {
      title: `Search ${name}`,
      description: `Full-text search of the pages of ${about}. Returns each match's title, path, URL, Markdown URL and a snippet.`,
      inputSchema: { query: z.string().trim().min(1).max(200).describe("Words to look for") },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    tool(async ({ query }: { query: string }) => {
      const found = await searchPublishedPages(runtime.db, site.id, query, model.pathOfPage);
      // The snippet as text: the page's search highlights it with <mark> in escaped HTML, which is noise to an agent.
      return json({ results: found.map((r) => ({ title: r.title, path: r.path, url: urlOf(r.path), markdownUrl: markdownUrlOf(r.path), snippet: DomUtils.textContent(parseDocument(r.snippet)) })) });
    }),
  );

  server.registerTool(
    "list_pages",
    {
      title: `List the pages of ${name}`,
      description: `Lists the published pages of ${about} in reading order (posts newest first), a page of results at a time: title, path, URL, date.`,
      inputSchema: {
        // Clients that turn command-line arguments into JSON (the MCP Inspector's `--tool-arg cursor=1`) send a cursor of
        // digits as a number: both mean the same place in the list.
        cursor: z
          .union([z.string().max(6), z.number().int().min(0).max(999_999)])
          .optional()
          .describe("nextCursor from the previous call (digits)"),
        limit: z.number().int().min(1).max(200).optional().describe("How many pages (default 50)"),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    tool(({ cursor, limit }: { cursor?: string | number; limit?: number }) => {
      const listed = listPublishedPages(model, { cursor: cursor === undefined ? undefined : String(cursor), limit });
      return json({ ...listed, pages: listed.pages.map((p) => ({ ...p, url: urlOf(p.path), markdownUrl: markdownUrlOf(p.path) })) });
    }),
  );

  server.registerTool(
    "get_page",
    {
      title: `Read a page of ${name}`,
      description: `One page of ${about} as Markdown, by its path (as search and list_pages return it, e.g. "/getting-started") or its Notion page id.`,
      inputSchema: {
        path: z.string().max(1024).optional().describe('The page\'s path, e.g. "/" for the home page'),
        id: z.string().max(64).optional().describe("The page's Notion id"),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    tool(({ path, id }: { path?: string; id?: string }) => {
      const pagePath = id !== undefined ? pathOfId(model.pathOfPage, id) : path !== undefined ? pagePathOf(path, site.basePath) : null;
      if (id === undefined && path === undefined) return text("Give the page's path or its id.", true);
      const route = pagePath === null ? undefined : model.routes.get(pagePath);
      const body = route ? markdownOf(renderContextOf(ctx, site, model), route) : null;
      return body === null ? text(`There is no page at ${path ?? id} on ${name}. Use list_pages or search to find one.`, true) : text(body);
    }),
  );

  server.registerTool(
    "ask",
    {
      title: `Ask ${name}`,
      description: `Answers a question from the content of ${about} only, with the pages it used as numbered sources. Metered like the site's chatbot: the site has a daily number of answers.`,
      inputSchema: { question: z.string().trim().min(1).max(VISITOR_CHAT_LIMITS.maxQuestionChars).describe("The question, in plain words") },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    tool(async ({ question }: { question: string }) => {
      await admitQuestion(ctx, site, request.visitorKey);
      const result = await answerAgentQuestion(
        { db: runtime.db, model: runtime.ai },
        { id: site.id, name, ai: site.settings.ai, urlOf: (pageId) => pageUrlOf(model.pathOfPage, pageId, urlOf), pages: () => snapshot.pages },
        question,
      );
      return text(agentAnswerMarkdown(result));
    }),
  );

  return server;
}

/** A site path from what an agent gives: a path, a full URL of the site, with or without `.md` or the base path. */
function pagePathOf(given: string, basePath: string): string | null {
  let path = given.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  if (!path.startsWith("/")) path = `/${path}`;
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) path = path.slice(basePath.length) || "/";
  if (path === "/index.md") path = "/";
  else if (path.endsWith(".md")) path = path.slice(0, -3);
  const normalized = normalizePath(path);
  return normalized && normalized.length > 1 ? normalized.replace(/\/+$/, "") : normalized;
}

const dashed = (id: string) => {
  const hex = id.replace(/-/g, "").toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` : null;
};

const pathOfId = (pathOfPage: ReadonlyMap<string, string>, id: string) => {
  const key = dashed(id);
  return key ? (pathOfPage.get(key) ?? null) : null;
};

const pageUrlOf = (pathOfPage: ReadonlyMap<string, string>, pageId: string, urlOf: (path: string) => string) => {
  const path = pathOfPage.get(pageId);
  return path === undefined ? null : urlOf(path);
};
