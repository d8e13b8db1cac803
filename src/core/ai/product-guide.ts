/**
 * What the owner's assistant knows about the product itself: one line per topic, naming the dashboard screen. Sent in
 * its prompt; without a model, the lines that share the most words with the question are the answer.
 */
export const PRODUCT_GUIDE_LINES = [
  "General screen: the site's name, description, accent colour, font, logo, favicon, social image, navigation links and the 'published with' badge. Sync now refreshes the site from Notion at once.",
  "Domain screen: put the site on your own domain. Create a TXT record _site-verify.<domain> with the token shown, and a CNAME (or A/AAAA for an apex) pointing at the product; then press Verify.",
  "Password screen: protect the whole site with a password; visitors then see a password form, and nothing of the site (pages, feeds, search, AI answers) is readable without it.",
  "Redirects screen: send old paths to new paths or other websites, permanent (301) or temporary (302).",
  "Widget screen: a floating search and chat button for your other websites. Turn it on, choose position and colour, and paste the embed snippet before </body>.",
  "AI chatbot screen: an assistant on your published site that answers visitors from your pages with links; set its name, welcome message, suggested questions, extra instructions and colour.",
  "Analytics screen: Google Analytics measurement ID or a Plausible domain; only these load on your site.",
  "Email screen (blogs and changelogs): email confirmed subscribers about new posts, with a sender name and reply-to address. Subscribers screen: export them as CSV.",
  "Versions screen (docsv2): each version is its own Notion page tree; the first is served at the root, others under /label/.",
  "Feedback screen (docs and help desks): visitors' 'was this helpful?' answers and the searches that found nothing.",
  "Plan screen: the site's plan and billing. Delete screen: delete the site for good.",
  "Content comes from your public Notion page: edit it in Notion and the site follows within seconds (or press Sync now). Pages must be shared to the web.",
] as const;

export const PRODUCT_GUIDE = PRODUCT_GUIDE_LINES.map((l) => `- ${l}`).join("\n");

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []);

/** Up to two guide lines sharing the most words with the question (none when nothing is shared). */
export function productGuideFor(question: string): string[] {
  const asked = words(question);
  return PRODUCT_GUIDE_LINES.map((line) => ({ line, score: [...words(line)].filter((w) => asked.has(w)).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 2)
    .map((x) => x.line);
}
