import type { SiteType } from "@/lib/site-types";
import { SITE_TYPE_PAGE_SLUGS } from "@/lib/website-paths";

/**
 * One marketing page per site type: its URL slug, what a visitor gets (features that exist in the site
 * server today) and the Notion structure to build. Database types link their template (a CSV to import, or the
 * operator's public Notion template from TEMPLATE_URLS: src/lib/notion-templates.ts).
 */

export type PropertySpec = { name: string; type: string; note: string };

export type SiteTypePage = {
  slug: string;
  siteType: SiteType;
  headline: string;
  intro: string;
  visitorsGet: string[];
  /** The Notion database the type reads, or null for a page tree. */
  database: { view: "Table" | "Board"; properties: PropertySpec[] } | null;
  /** How to build the Notion side, step by step. */
  build: string[];
  /** The address a site of this type gets, with "acme" as the subdomain. */
  addressExample: string;
};

const TITLE: PropertySpec = { name: "Name", type: "Title", note: "The page title; every Notion database has it." };
const DATE: PropertySpec = { name: "Date", type: "Date", note: "Publication date. Future dates stay hidden until the day comes." };
const TAGS: PropertySpec = { name: "Tags", type: "Multi-select", note: "Each tag gets its own page." };
const HIDDEN: PropertySpec = { name: "Hidden", type: "Checkbox", note: "Ticked rows are left out of the site." };

export const SITE_TYPE_PAGES: SiteTypePage[] = [
  {
    slug: SITE_TYPE_PAGE_SLUGS.blog,
    siteType: "blog",
    headline: "A blog you write in Notion",
    intro:
      "Write posts as rows of a Notion table. Your blog lists them newest first, gives each its own fast page, and updates a few seconds after you edit — no export, no redeploy.",
    visitorsGet: [
      "An index of posts, 12 per page, with covers and descriptions",
      "Tag and author pages, previous/next and related posts",
      "Reading time, table of contents and an RSS feed",
      "A subscribe form that collects email subscribers you can export as CSV",
      "Open Graph cards, JSON-LD and a sitemap for search engines",
    ],
    database: {
      view: "Table",
      properties: [
        TITLE,
        DATE,
        { name: "Description", type: "Text", note: "The summary shown in lists and link previews." },
        TAGS,
        { name: "Authors", type: "Person", note: "Names and avatars in the byline; each author gets a page." },
        HIDDEN,
      ],
    },
    build: [
      "In Notion, create a full-page database and keep the Table view first.",
      "Add the six properties below (names are matched without regard to case).",
      "Write each post as a row; open the row to write the post itself.",
      "Share → Publish → Publish to web, then copy the link.",
    ],
    addressExample: "blog.acme",
  },
  {
    slug: SITE_TYPE_PAGE_SLUGS.changelog,
    siteType: "changelog",
    headline: "A changelog your whole team can update",
    intro:
      "Each release is a row in a Notion table. Your changelog shows them newest first with version, date and tags, gives every release its own page and publishes an RSS feed.",
    visitorsGet: [
      "Releases newest first with version, date and tags",
      "A page per release, ready to link from your product",
      "An RSS feed and a subscribe form",
      "Future-dated releases appear on their date, hidden ones never",
    ],
    database: {
      view: "Table",
      properties: [TITLE, DATE, { name: "Version", type: "Text", note: "Shown next to the release, e.g. 2.4.0." }, TAGS, HIDDEN],
    },
    build: [
      "In Notion, create a full-page database with a Table view first.",
      "Add the five properties below.",
      "Add a row per release and write the notes inside it.",
      "Publish the database to the web and copy the link.",
    ],
    addressExample: "changelog.acme",
  },
  {
    slug: SITE_TYPE_PAGE_SLUGS.roadmap,
    siteType: "roadmap",
    headline: "A public roadmap from a Notion board",
    intro:
      "Move cards on a Notion board and your public roadmap follows: one column per status, in the order of your board, each card opening its own page.",
    visitorsGet: [
      "One column per status, in your board’s order",
      "Cards that open a page with the full description",
      "The same fast pages, sitemap and social cards as every site",
    ],
    database: {
      view: "Board",
      properties: [TITLE, { name: "Status", type: "Status (or Select)", note: "The board is grouped by it; each option becomes a column." }],
    },
    build: [
      "In Notion, create a full-page database and make its first view a Board grouped by Status.",
      "Name the columns as you want them shown, e.g. Planned, In progress, Shipped.",
      "Add a card per item; write details inside the card.",
      "Publish the database to the web and copy the link.",
    ],
    addressExample: "roadmap.acme",
  },
  {
    slug: SITE_TYPE_PAGE_SLUGS.docs,
    siteType: "docs",
    headline: "Documentation from a Notion page tree",
    intro:
      "Your docs are a Notion page and its sub-pages. The site gets a sidebar of the tree, search, a table of contents, previous/next links and a “Was this page helpful?” box.",
    visitorsGet: [
      "A collapsible sidebar of your page tree with the current page marked",
      "Full-text search (Ctrl-K / ⌘K) and breadcrumbs",
      "Table of contents, previous/next and the last-edited date",
      "Feedback per page, and the searches that found nothing, in your dashboard",
      "Every page as Markdown plus llms.txt for AI tools",
    ],
    database: null,
    build: [
      "Create a Notion page for the home of your docs.",
      "Add sub-pages for sections and sub-pages under them for articles; the sidebar follows this tree.",
      "Publish the top page to the web (sub-pages follow) and copy the link.",
    ],
    addressExample: "acme",
  },
  {
    slug: SITE_TYPE_PAGE_SLUGS.docsv2,
    siteType: "docsv2",
    headline: "Versioned docs with a version switcher",
    intro:
      "Keep one Notion page tree per version of your product. The first version is served at the root, the others under their label, and readers switch between them from the header.",
    visitorsGet: [
      "Everything the docs site has: sidebar, search, contents, feedback",
      "A version switcher, with each version at its own path",
      "Versions added or renamed from the dashboard, without touching Notion",
    ],
    database: null,
    build: [
      "Create one Notion page tree per version (e.g. v2 and v1), each with its sub-pages.",
      "Publish each top page to the web.",
      "Create the site with the current version’s link, then add the others in the dashboard under Versions.",
    ],
    addressExample: "doc.acme",
  },
  {
    slug: SITE_TYPE_PAGE_SLUGS.help_desk,
    siteType: "help_desk",
    headline: "A help center written in Notion",
    intro:
      "A home page with a big search box and category cards, category pages listing their articles, and articles with related ones and your contact link.",
    visitorsGet: [
      "A home with search and a card per category",
      "Category pages and article pages with related articles",
      "A contact link on every article, and “Was this helpful?” feedback",
      "Searches that found nothing, so you know what to write next",
    ],
    database: null,
    build: [
      "Create a Notion page for the help center’s home.",
      "Add a sub-page per category, and the articles as sub-pages of their category.",
      "Publish the home page to the web and copy the link.",
    ],
    addressExample: "acme",
  },
  {
    slug: SITE_TYPE_PAGE_SLUGS.simple,
    siteType: "simple",
    headline: "A small website from any Notion page",
    intro: "A landing page, a portfolio or an event page: any public Notion page and its sub-pages become a fast site with navigation.",
    visitorsGet: ["The page and its sub-pages with navigation", "Your name, logo, colours and links in the header", "A sitemap, canonical URLs and social cards"],
    database: null,
    build: ["Write the page in Notion, with sub-pages if you want more than one page.", "Publish it to the web and copy the link."],
    addressExample: "acme",
  },
];

export function siteTypePageBySlug(slug: string): SiteTypePage | undefined {
  return SITE_TYPE_PAGES.find((p) => p.slug === slug);
}

export function siteTypePageBySiteType(siteType: SiteType): SiteTypePage {
  return SITE_TYPE_PAGES.find((p) => p.siteType === siteType)!;
}
