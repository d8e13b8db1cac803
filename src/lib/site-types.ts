/**
 * The one registry of site types (docs/product.md §1): what each type is, where it lives, what Notion page it needs
 * and what it can do. Everything that differs between types reads this table instead of comparing type names, so a
 * new type is one row here plus its layout (docs/architecture.md "Adding a site type").
 */

export const SITE_TYPES = ["blog", "changelog", "roadmap", "docsv2", "help_desk", "docs", "simple"] as const;
export type SiteType = (typeof SITE_TYPES)[number];

export function isSiteType(value: unknown): value is SiteType {
  return typeof value === "string" && (SITE_TYPES as readonly string[]).includes(value);
}

/** The Notion database a type is built from (docs/product.md §5): its view type and required properties, lowercase. */
export type DatabaseRule = {
  collectionType: "table" | "board";
  /** Other view types that work as well when the properties fit (a list of posts is a table without columns). */
  alsoViews?: string[];
  properties: string[];
};

export type SiteTypeInfo = {
  label: string;
  description: string;
  /** What the Notion page must be, in words, for the create flow. */
  notionPage: string;
  /** Put before the subdomain in the site's host ("blog." → blog.acme.example.com). */
  prefix: string;
  /** A database of entries (rows become posts/cards) or a tree of pages (sub-pages become pages). */
  model: "database" | "tree";
  /** The database it needs, for database types. */
  database: DatabaseRule | null;
  /** Entries are dated and can be hidden or scheduled: newest first, RSS feed, previous/next links. */
  dated: boolean;
  /** Entries are cards in status columns (no dates; Notion's order). */
  board: boolean;
  /** RSS feed and its <link>. */
  feed: boolean;
  /** Email subscriptions and new-entry notifications. */
  subscribers: boolean;
  /** Visitors vote on entries and suggest ideas; voters are mailed when an entry's status changes. */
  votes: boolean;
  /** The embeddable What's-new widget (its script and JSON) and the "since your last visit" marker. */
  whatsNew: boolean;
  /** "Was this page helpful?" on every page. */
  feedback: boolean;
  /** Several Notion page trees as versions, with a switcher. */
  versions: boolean;
  /** Author pages and author links in bylines. */
  authors: boolean;
  /** Reading time, table of contents, related entries and numbered index pages. */
  longReads: boolean;
  /** Each entry's title carries its Version property. */
  releaseVersions: boolean;
  /** What the subscribe form calls new entries. */
  entryNoun: string;
};

export const SITE_TYPE_INFO: Record<SiteType, SiteTypeInfo> = {
  blog: {
    label: "Blog",
    description: "Posts with covers, tags, authors, RSS and email subscribers.",
    notionPage: "a table database",
    prefix: "blog.",
    model: "database",
    database: { collectionType: "table", alsoViews: ["list"], properties: ["name", "date", "description", "tags", "authors", "hidden"] },
    dated: true,
    board: false,
    feed: true,
    subscribers: true,
    votes: false,
    whatsNew: false,
    feedback: false,
    versions: false,
    authors: true,
    longReads: true,
    releaseVersions: false,
    entryNoun: "posts",
  },
  changelog: {
    label: "Changelog",
    description: "Release notes with versions and dates, newest first, with RSS.",
    notionPage: "a table database",
    prefix: "changelog.",
    model: "database",
    database: { collectionType: "table", alsoViews: ["list"], properties: ["name", "date", "version", "tags", "hidden"] },
    dated: true,
    board: false,
    feed: true,
    subscribers: true,
    votes: false,
    whatsNew: true,
    feedback: false,
    versions: false,
    authors: false,
    longReads: false,
    releaseVersions: true,
    entryNoun: "updates",
  },
  roadmap: {
    label: "Roadmap",
    description: "A public board of what is planned, in progress and shipped.",
    notionPage: "a board database",
    prefix: "roadmap.",
    model: "database",
    database: { collectionType: "board", properties: ["name", "status"] },
    dated: false,
    board: true,
    feed: false,
    subscribers: false,
    votes: true,
    whatsNew: false,
    feedback: false,
    versions: false,
    authors: false,
    longReads: false,
    releaseVersions: false,
    entryNoun: "items",
  },
  docsv2: {
    label: "Versioned docs",
    description: "Docs with a version switcher, each version its own Notion page tree.",
    notionPage: "a page with sub-pages per version",
    prefix: "doc.",
    ...tree({ feedback: true, versions: true }),
  },
  help_desk: {
    label: "Help desk",
    description: "A help center: prominent search, categories, articles and a contact link.",
    notionPage: "a page with category sub-pages",
    prefix: "",
    ...tree({ feedback: true }),
  },
  docs: {
    label: "Docs",
    description: "Documentation with a sidebar, search, table of contents and feedback.",
    notionPage: "a page with sub-pages",
    prefix: "",
    ...tree({ feedback: true }),
  },
  simple: {
    label: "Simple site",
    description: "A page and its sub-pages as a small website.",
    notionPage: "any page",
    prefix: "",
    ...tree({}),
  },
};

function tree(flags: { feedback?: boolean; versions?: boolean }): Omit<SiteTypeInfo, "label" | "description" | "notionPage" | "prefix"> {
  return {
    model: "tree",
    database: null,
    dated: false,
    board: false,
    feed: false,
    subscribers: false,
    votes: false,
    whatsNew: false,
    feedback: flags.feedback ?? false,
    versions: flags.versions ?? false,
    authors: false,
    longReads: false,
    releaseVersions: false,
    entryNoun: "pages",
  };
}

type Capability = { [K in keyof SiteTypeInfo]: SiteTypeInfo[K] extends boolean ? K : never }[keyof SiteTypeInfo];

/** Whether a site type has a capability: `siteTypeHas("blog", "subscribers")`. */
export function siteTypeHas(siteType: SiteType, capability: Capability): boolean {
  return SITE_TYPE_INFO[siteType][capability];
}

/** Database site types, for code that narrows on them. */
export type DatabaseSiteType = "blog" | "changelog" | "roadmap";
export type TreeSiteType = Exclude<SiteType, DatabaseSiteType>;

export function isDatabaseSiteType(siteType: SiteType): siteType is DatabaseSiteType {
  return SITE_TYPE_INFO[siteType].model === "database";
}

export const SITE_TYPE_ORDER: readonly SiteType[] = SITE_TYPES;

/**
 * The Notion structure a site type needs: the database views it takes ("table or list": the same words the page check
 * goes by) and its properties, or null for page trees.
 */
export function requiredStructure(siteType: SiteType): { collectionType: string; properties: string[] } | null {
  const rule = SITE_TYPE_INFO[siteType].database;
  if (!rule) return null;
  return { collectionType: [rule.collectionType, ...(rule.alsoViews ?? [])].join(" or "), properties: rule.properties.map((p) => p[0]!.toUpperCase() + p.slice(1)) };
}

/** The site type as a noun in a sentence ("works for a docs site", "Your blog is live"): "docs" alone reads as a verb. */
export function siteNoun(siteType: SiteType): string {
  const label = SITE_TYPE_INFO[siteType].label.toLowerCase();
  return label.endsWith("docs") ? `${label} site` : label;
}
