import type { FaqItem, FeatureItem, Step } from "@/marketing-site/components/types";

/** The landing page's words. Every claim here is something the product does today (see docs/). */

export const FEATURES: FeatureItem[] = [
  {
    icon: "bolt",
    bullet: "Fast",
    heading: "Plain HTML, almost no JavaScript",
    description: "Pages are rendered on the server and cached. A blog post ships about 1 KB of script — the theme toggle — and nothing else.",
  },
  {
    icon: "refresh",
    bullet: "Always current",
    heading: "Edit in Notion, live in seconds",
    description: "Visitors get the cached page at once while a background refresh fetches only what changed. Nothing to export or redeploy.",
  },
  {
    icon: "search",
    bullet: "Findable",
    heading: "Search built in",
    description: "Full-text search with highlighted snippets on docs and help centers, plus a list of the searches that found nothing.",
  },
  {
    icon: "globe",
    bullet: "Yours",
    heading: "Your domain, or under /docs",
    description: "Use a subdomain we give you, your own domain with automatic HTTPS, or serve the site under a path of your existing website.",
  },
  {
    icon: "lock",
    bullet: "Private when needed",
    heading: "Password protection",
    description: "A protected site shows only its password form: no page, feed, search result, image or preview leaks without it.",
  },
  {
    icon: "rss",
    bullet: "Readers",
    heading: "RSS and subscribers",
    description: "Blogs and changelogs publish RSS and collect email subscribers you can export as CSV whenever you like.",
  },
  {
    icon: "sparkles",
    bullet: "Ready for AI",
    heading: "llms.txt and Markdown",
    description: "Every page is also available as Markdown, with llms.txt for AI tools, and an optional AI chatbot that answers from your pages.",
  },
  {
    icon: "code",
    bullet: "Open source",
    heading: "Host it yourself",
    description: "One Node process with an embedded database, or PostgreSQL when you grow. Run it on your own server with one command.",
  },
];

export const STEPS: Step[] = [
  { heading: "Write in Notion", description: "Use a database for a blog, changelog or roadmap, or a page tree for docs, a help center or a simple site." },
  { heading: "Publish the page to the web", description: "In Notion: Share → Publish. Your site reads the public page; it never needs access to your workspace." },
  { heading: "Paste the link, pick an address", description: "We check the page as you type, then publish it on your subdomain. Add your own domain whenever you want." },
];

export const FAQS: FaqItem[] = [
  {
    heading: "Do I need to give you access to my Notion workspace?",
    content: "No. Your site is built from a page you have published to the web, the same page anyone with its link can read. Nothing else in your workspace is touched.",
  },
  {
    heading: "How quickly do my edits appear?",
    content: "Within seconds. Visitors are served the last copy straight away while a refresh runs in the background; only rows and pages whose last-edited time changed are fetched again.",
  },
  {
    heading: "Can I use my own domain?",
    content: "Yes. Add a CNAME record and a TXT record, press Verify, and the site is served on your domain with HTTPS; its subdomain address then redirects there.",
  },
  {
    heading: "Can the site live under /docs of my existing website?",
    content: "Yes. Set the site’s public URL to, for example, https://example.com/docs and forward /docs/* from your web server unchanged. The docs show nginx, Caddy, Next.js and Cloudflare setups.",
  },
  {
    heading: "What happens if I unpublish the Notion page?",
    content: "Your site keeps serving its last good copy, so a mistake in Notion never takes it down. Pause the site from the dashboard if you want it offline.",
  },
  {
    heading: "Is it really open source? Can I host it myself?",
    content: "Yes. Run npm install && npm start on any machine with Node 20: it starts with an embedded PostgreSQL (PGlite) and needs no other service. Point DATABASE_URL at PostgreSQL to run several processes.",
  },
  {
    heading: "What do I get for free?",
    content: "Every site type on your own subdomain, instant updates, search, RSS and feedback. Pro adds a custom domain, password protection, the AI chatbot, the widget and subscriber emails.",
  },
];

/** The open standards every published site speaks: the logo row. */
export const STANDARDS = ["RSS", "Sitemaps", "Open Graph", "JSON-LD", "llms.txt", "Markdown"] as const;
