/**
 * One short page per screen of a site's dashboard, at /docs/dashboard/<screen>: what the screen does and
 * what each setting changes. Keyed by the screen ids of the dashboard's catalog (a unit test keeps them in step);
 * each screen links its page with "Learn more".
 */
export type DashboardDoc = {
  /** The screen's id in the dashboard (its URL segment). */
  screen: string;
  title: string;
  /** One sentence: the index and the page's description. */
  summary: string;
  /** Short paragraphs, then the points worth knowing. */
  body: string[];
  points: string[];
  /** Only some site types have this screen. */
  only?: string;
};

export const DASHBOARD_DOCS: DashboardDoc[] = [
  {
    screen: "general",
    title: "General",
    summary: "The site's name, address, Notion page, navigation and images.",
    body: [
      "General is where a site starts. Each panel has its own Save button; leaving the screen with unsaved changes asks first.",
      "Sync now reads the Notion page again at once; otherwise the site refreshes in the background when a visit finds its copy older than a few seconds. Pause site takes the site offline without deleting anything.",
    ],
    points: [
      "Name and description appear in the site's header, search results and link previews.",
      "Change subdomain moves the site to a new address. The old address sends visitors to the new one (a permanent redirect that keeps the path) for 90 days, and no other site can take it meanwhile. The former addresses are listed with their end date.",
      "Change Notion page points the site at another public page, checked while you type with the same rules as when you created the site. Settings, redirects and subscribers stay.",
      "Connect Notion reads the site through a Notion connection instead, so the page can stay private in Notion.",
      "Navigation adds links to the header: a page of the site (/path), another website or an email address.",
      "Images sets the logo, favicon and social image (PNG, JPEG, WebP, GIF or ICO up to 5 MB). The social image is also the site's picture in your list of sites.",
    ],
  },
  {
    screen: "appearance",
    title: "Appearance",
    summary: "How the site looks: its theme, accent colour, font, light or dark, the badge and your own CSS.",
    body: [
      "Theme picks one of five complete looks (Default, Paper, Slate, Contrast, Friendly): colours for light and dark, text size, spacing and how cards are drawn. Your custom CSS still applies on top of any of them.",
      "The accent colour tints links and buttons; the font styles the Notion content as well as the site's header and menus. Inter, Lora and JetBrains Mono are served by the site itself, so no visitor's browser asks a font service.",
      "Theme visitors see first picks light, dark or the visitor's system setting; Hide the light/dark toggle keeps every visitor on that theme.",
    ],
    points: [
      "Custom CSS (up to 20,000 characters) is added after the site's own styles, on every page, from the site's own address.",
      "Hiding the “Made with” badge needs the Pro plan.",
    ],
  },
  {
    screen: "code",
    title: "Your code",
    summary: "Your own HTML and scripts (chat widgets, tag managers, booking tools) on every page, and the origins they need.",
    body: [
      "Head code goes at the end of every page's <head>, body-end code at the end of its <body>, as you wrote them. Inline scripts run by a nonce the site adds to each response; scripts, calls, frames and images from other sites run only from the origins you list (https:// and a host, *.example.com for its subdomains; wss:// too for calls).",
      "Your code runs only where it can't reach anyone else: on your custom domain, or on the site's subdomain when the server publishes sites on a domain apart from the dashboard's. The screen names the addresses where it runs now. It never runs on the dashboard, on a protected site's password page or on the site's own endpoints.",
    ],
    points: ["Needs the Pro plan.", "A refused origin or code over 20,000 characters shows under its field and nothing is saved."],
  },
  {
    screen: "domain",
    title: "Domain",
    summary: "Serve the site on your own domain, with HTTPS.",
    body: [
      "Type the domain, create the DNS records shown (each has a Copy button), then press Verify DNS. While the screen is open it checks again every minute. A domain not verified within 7 days is removed.",
      "Once verified, the site is served on the domain and its own address redirects there. HTTPS shows as pending until the first certificate is issued (the first visit over https), then as active with its date.",
    ],
    points: ["A subdomain such as blog.example.com needs a TXT and a CNAME record; an apex domain needs a TXT record and A/AAAA records.", "Details: /docs/features/custom-domains."],
  },
  {
    screen: "password",
    title: "Password",
    summary: "Make the whole site private behind one password.",
    body: ["With a password set, every page asks for it and nothing of the site is readable without it: not its pages, search, feeds or files. Visitors who enter it stay signed in on that browser."],
    points: ["Remove the password to make the site public again.", "A protected site stays protected even if its plan ends."],
  },
  {
    screen: "redirects",
    title: "Redirects",
    summary: "Send old paths to pages of the site or to other addresses.",
    body: ["Each redirect maps a path of the site to a page of the site (/path) or another address (https://…). Permanent redirects (301) tell search engines the page moved for good; temporary ones (302) don't."],
    points: ["Posts you rename keep their old addresses automatically; you don't need a redirect for them."],
  },
  {
    screen: "widget",
    title: "Widget",
    summary: "A floating button for your other websites that opens this site's search.",
    body: ["Turn the widget on, pick its position and colour, and paste the snippet shown into your other website. The button opens this site's search (and its AI chatbot, when that is on) in a small window."],
    points: ["The snippet loads one small script from this product; it works on any page."],
  },
  {
    screen: "ai",
    title: "AI chatbot",
    summary: "Answer visitors' questions from the site's own pages, with sources.",
    body: [
      "With the chatbot on, visitors can ask questions on the site and get answers written from its pages, each with links to the pages used. Set its name, welcome message, suggested questions, extra instructions and colour.",
      "Without an AI model configured on this server, visitors get answers from the site's own search instead, with their sources. The screen says which one your visitors get.",
    ],
    points: ["AI assistants (MCP) on the same screen lets tools such as Claude or Cursor search and read the site with a token you create and can revoke."],
  },
  {
    screen: "analytics",
    title: "Analytics",
    summary: "Built-in, cookie-free visitor counts, and optional outside analytics providers.",
    body: [
      "The built-in analytics count page views, visitors, top pages and referrers without cookies or personal data, so no consent banner is needed. Bots and your own visits from the dashboard are not counted.",
      "A visit shows within seconds: today's figures are counted when you open the screen, which reads them again every 10 seconds, with the visitors of the last 5 minutes on top.",
    ],
    points: ["Settings adds Plausible or Google Analytics beside them, or turns the built-in counting off; only the providers set here load on the site."],
  },
  {
    screen: "email",
    title: "Email",
    summary: "Email subscribers when you publish a new post.",
    only: "Blogs and changelogs",
    body: ["Visitors subscribe with their email address and confirm it. With notifications on, confirmed subscribers get one email for each new post, from the sender name and reply-to address you set."],
    points: ["Every email has a one-click unsubscribe link."],
  },
  {
    screen: "versions",
    title: "Versions",
    summary: "Several versions of your docs, each its own Notion page tree.",
    only: "Versioned docs",
    body: ["The first version is the default, served at the site's root; the others are served under /label/. Visitors switch versions from the site's header. Adding a version checks that its page can be read, as when you created the site."],
    points: ["A version that fails to sync is named here; the other versions keep syncing."],
  },
  {
    screen: "languages",
    title: "Languages",
    summary: "The same site in more languages, each from its own Notion page tree.",
    body: [
      "Add a language and the Notion page that holds the site in it (the same pages in the same order, translated). It is served under /<language>/ with the site's own words in that language, its own sitemap, feed, llms.txt and search, and a switcher in the header that keeps readers on the same page in the other language.",
      "Pages pair by their place in the tree (a database's entries by their place in its list). A reader's first visit to the home page goes to the language their browser asks for; their choice in the switcher is remembered.",
    ],
    points: ["Each language shows its sync state here.", "One password protects every language of a protected site."],
  },
  {
    screen: "subscribers",
    title: "Subscribers",
    summary: "Who subscribed to the site, and a CSV export.",
    only: "Blogs and changelogs",
    body: ["Lists the site's subscribers and how many confirmed their address, and downloads them as a CSV file."],
    points: ["Unconfirmed addresses get no post emails."],
  },
  {
    screen: "feedback",
    title: "Feedback",
    summary: "What readers said with “Was this helpful?”, and searches that found nothing.",
    only: "Docs and help desks",
    body: ["Each page of docs and help desks asks “Was this helpful?”. Answers and comments are listed here page by page, with the searches visitors made that found nothing: the topics your site doesn't cover yet."],
    points: [],
  },
  {
    screen: "votes",
    title: "Votes & ideas",
    summary: "Votes on roadmap items, ideas visitors suggested, and status emails.",
    only: "Roadmaps",
    body: ["Visitors vote on roadmap items and suggest ideas after confirming their email. Approve an idea into a column, merge it into an existing item, or reject it with a reply. When a sync sees an item change column, its voters can get one email."],
    points: ["Export the voters as a CSV file."],
  },
  {
    screen: "whats-new",
    title: "What's new",
    summary: "A widget for your own app showing your latest updates.",
    only: "Changelogs",
    body: ["Paste the snippet into your app to show your latest changelog entries in a small panel, with a badge counting the ones each visitor hasn't seen yet."],
    points: [],
  },
  {
    screen: "assistant",
    title: "Assistant",
    summary: "Ask about your site and how to do things in the dashboard.",
    body: ["The assistant answers questions about your site and this dashboard. It can suggest changes to your settings; nothing changes until you apply a suggestion."],
    points: [],
  },
  {
    screen: "plan",
    title: "Plan",
    summary: "The site's plan, upgrades and lifetime-deal codes.",
    body: ["Shows the site's plan and what it includes, with upgrade, change and cancel. If a paid plan ends, the paid features pause and every screen says so; nothing is deleted, and renewing brings them back."],
    points: ["Redeem a code gives the site the plan a lifetime-deal code names.", "On a self-hosted install with billing off, every feature is unlocked."],
  },
  {
    screen: "members",
    title: "Members",
    summary: "The people who run this site with you, and what each may do.",
    body: [
      "Invite someone by email as a viewer (reads the dashboard and analytics), an editor (also content settings, versions, redirects, syncs, votes and ideas) or an admin (everything but billing, deleting and handing the site over — and members). They get a link that works once, within seven days, after signing in with that address.",
      "Admins change roles and remove members; a removed member loses the site on their next click. Members can leave. The owner can offer the site to a member, who becomes the owner when they accept; the former owner stays on as an admin.",
    ],
    points: ["Who may call which method, role by role: the table in docs/roles.md of the project."],
  },
  {
    screen: "activity",
    title: "Activity",
    summary: "Who changed what on this site, and when.",
    body: [
      "Every change made through the dashboard or the API is listed here with who made it and when: settings, the domain, the password (set or removed — never the password itself), members and invitations, the plan, exports, agent tokens, API keys and webhooks. Filter by kind, or download the list as CSV.",
      "Admins and the owner see this screen. Entries are kept for a year; deleting the site deletes them too.",
    ],
    points: [],
  },
  {
    screen: "delete",
    title: "Delete",
    summary: "Delete the site for good.",
    body: ["Deleting a site removes it, its pages, subscribers, feedback and uploads at once, and its address stops answering. Type the site's subdomain to confirm. Your Notion page is not touched."],
    points: ["To take a site offline for a while, use Pause site on General instead."],
  },
];

export { dashboardDocPath } from "@/lib/website-paths";

export const dashboardDocOf = (screen: string): DashboardDoc | undefined => DASHBOARD_DOCS.find((d) => d.screen === screen);
