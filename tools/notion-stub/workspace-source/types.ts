/** The shapes of the demo workspace source. Bodies use the markup described in ./markup.ts. */

export type PageSource = {
  title: string;
  /** An emoji, `file:<name>` for an uploaded image icon (a file in images.ts), or `:name:` for a custom emoji (custom-emoji.ts). */
  icon?: string;
  /** A file in images.ts, used as the page cover. */
  cover?: string;
  /** Notion's page options: full width, font and small text. */
  fullWidth?: boolean;
  font?: "serif" | "mono";
  smallText?: boolean;
  /** Databases this page holds, by key: `@database <key>` in the body places one inline, `fullPage` ones follow the body as child pages. */
  databases?: Record<string, DatabaseSource & { fullPage?: boolean }>;
  /** When the page was last edited (ISO date): becomes last_edited_time. */
  edited: string;
  body: string;
  children?: PageSource[];
};

export type PropertyType = "title" | "text" | "date" | "multi_select" | "select" | "status" | "checkbox" | "person" | "url" | "number" | "relation" | "rollup";

export type RowSource = {
  title: string;
  edited: string;
  icon?: string;
  cover?: string;
  /**
   * Property name → value: a string (text, date — "start/end" for a range —, select, status, url, number), string[]
   * (multi_select, person, relation: the related rows' titles), boolean. Rollups have no value (Notion stores none).
   */
  props: Record<string, string | string[] | boolean>;
  body: string;
};

export type DatabaseSource = {
  title: string;
  icon?: string;
  description?: string;
  edited: string;
  view: ViewType;
  /** More views after the first, as tabs in Notion. A gallery shows each row's cover. */
  moreViews?: ViewType[];
  /** Property name → type, in display order; exactly one title. */
  schema: Record<string, PropertyType>;
  /** Options of status/select/multi_select properties, in Notion's order (board columns follow it). */
  options?: Record<string, string[]>;
  /** The property a board groups by. */
  groupBy?: string;
  /** Number properties' Notion number formats (`dollar`, `percent`, …). */
  numberFormats?: Record<string, string>;
  /** Relation property → the key of the database it points at (another database of the same page). */
  relations?: Record<string, string>;
  /** Rollup property → the relation it follows, the related database's property and Notion's aggregation. */
  rollups?: Record<string, { relation: string; target: string; aggregation: string }>;
  rows: RowSource[];
};

export type ViewType = "table" | "board" | "list" | "gallery" | "calendar" | "timeline";

export type Person = { key: string; given: string; family: string; email: string };
