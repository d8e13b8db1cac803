import { llmsFullTxt, llmsTxt } from "../llms";
import type { RenderContext } from "../render/context";
import type { Endpoint } from "./context";
import { cachedFileEndpoint } from "./cached-file";
import { countIfAgent } from "../agent-requests";

/** The site for language models (llmstxt.org): an index of pages, and every page as Markdown in one file. */
const llms = (path: string, summary: string, render: (ctx: RenderContext) => string): Endpoint => {
  const file = cachedFileEndpoint({ path, contentType: "text/plain; charset=utf-8", summary, render, startsRefresh: false });
  // Fetches by known AI agents are counted.
  return {
    ...file,
    async handler(req, res, site, ctx) {
      await countIfAgent(ctx, req, site, "llms");
      return file.handler(req, res, site, ctx);
    },
  };
};

export const llmsEndpoints: Endpoint[] = [
  llms("/llms.txt", "An index of the site's pages for language models.", llmsTxt),
  llms("/llms-full.txt", "Every page as Markdown in one file.", llmsFullTxt),
];
