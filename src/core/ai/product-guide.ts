import { topicTerms } from "./answer-sentences";

/**
 * What the owner's assistant knows about the product itself: one line per topic, naming the dashboard screen. Sent in
 * its prompt; without a model, the lines that share the most words with the question are the answer.
 */
export const PRODUCT_GUIDE_LINES = [
  "General screen: the site's name, description, navigation links, logo, favicon and social image, and its Notion source. Sync now refreshes the site from Notion at once.",
  "Appearance screen: accent colour, font, the theme visitors see first, the light/dark toggle, the 'Published with' badge and custom CSS.",
  "Domain screen: put the site on your own domain. Create a TXT record _site-verify.<domain> with the token shown, and a CNAME (or A/AAAA for an apex) pointing at the product; then press Verify.",
  "Password screen: protect the whole site with a password; visitors then see a password form, and nothing of the site (pages, feeds, search, AI answers) is readable without it.",
  "Redirects screen: send old paths to new paths or other websites, permanent (301) or temporary (302).",
  "Widget screen: a floating search and chat button for your other websites. Turn it on, choose position and colour, and paste the embed snippet before </body>.",
  "AI chatbot screen: an assistant on your published site that answers visitors from your pages with links; set its name, welcome message, suggested questions, extra instructions and colour. Agents on the same screen: MCP and llms.txt for AI assistants, and agent tokens.",
  "Analytics screen: built-in visitor analytics (page views, visitors, referrers, campaigns, devices, searches, questions), plus an optional Google Analytics measurement ID or Plausible domain.",
  "Email screen (blogs and changelogs): email confirmed subscribers about new posts, with a sender name and reply-to address. Subscribers screen: export them as CSV.",
  "Versions screen (docsv2): each version is its own Notion page tree; the first is served at the root, others under /label/.",
  "Feedback screen (docs and help desks): visitors' 'was this helpful?' answers and the searches that found nothing.",
  "Votes & ideas screen (roadmaps): visitors' votes and suggested ideas to approve, merge or decline. What's new screen (changelogs): the embeddable What's-new widget.",
  "Plan screen: the site's plan and billing. Delete screen: delete the site for good. Pause the site from General.",
  "Content comes from your Notion page: edit it in Notion and the site follows within seconds (or press Sync now). Public pages must be shared to the web; private pages need Connect Notion.",
] as const;

export const PRODUCT_GUIDE = PRODUCT_GUIDE_LINES.map((l) => `- ${l}`).join("\n");

/**
 * The guide line sharing the most topic words with the question, and the next one if it shares at least half as much (none when nothing is shared); a word of the
 * screen's own name ("Domain screen") counts three times, so the screen the question names comes first.
 */
export function productGuideFor(question: string): string[] {
  const asked = new Set(topicTerms(question));
  return PRODUCT_GUIDE_LINES.map((line) => {
    const [title = "", rest = ""] = line.split(/:(.*)/s);
    const name = title.replace(/\(.*?\)/g, "");
    const shared = (text: string) => new Set(topicTerms(text).filter((w) => asked.has(w))).size;
    return { line, score: shared(name) * 3 + shared(rest) };
  })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .filter((x, i, all) => i === 0 || (i === 1 && x.score * 2 >= all[0]!.score))
    .map((x) => x.line);
}
