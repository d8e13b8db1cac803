import type { DatabaseSource, PageSource } from "./types";

/**
 * Pages that fail the page check on purpose (docs/product.md §5). The private page is only a URL: no file holds it, so the
 * stand-in answers it the way Notion answers a page that isn't shared.
 */
export const PRIVATE_PAGE_TITLE = "Internal Planning";

export const NOT_DATABASE: PageSource = {
  title: "Meeting Notes",
  edited: "2026-10-01",
  body: `A plain page, not a database: a blog can't be made from it.`,
};

export const LIST_DATABASE: DatabaseSource = {
  title: "Reading List",
  edited: "2026-09-01",
  view: "list",
  schema: { Name: "title", Date: "date", Description: "text", Tags: "multi_select", Authors: "person", Hidden: "checkbox" },
  options: { Tags: ["Books"] },
  rows: [{ title: "Designing Data-Intensive Applications", edited: "2026-09-01", props: { Date: "2026-09-01", Tags: ["Books"], Hidden: false }, body: `A list view, where a table is needed.` }],
};

export const BOARD_DATABASE: DatabaseSource = {
  title: "Sprint Board",
  edited: "2026-09-02",
  view: "board",
  schema: { Name: "title", Date: "date", Description: "text", Tags: "multi_select", Authors: "person", Hidden: "checkbox", Status: "status" },
  options: { Status: ["To do", "Doing", "Done"], Tags: ["Sprint"] },
  groupBy: "Status",
  rows: [{ title: "Fix login redirect", edited: "2026-09-02", props: { Status: "Doing" }, body: `A board, where a table is needed.` }],
};

export const TABLE_DATABASE: DatabaseSource = {
  title: "Feature Requests",
  edited: "2026-09-03",
  view: "table",
  schema: { Name: "title", Status: "status" },
  options: { Status: ["Planned", "In progress", "Shipped"] },
  rows: [{ title: "Export to PDF", edited: "2026-09-03", props: { Status: "Planned" }, body: `A table, where a board is needed.` }],
};

export const MISSING_PROPERTIES: DatabaseSource = {
  title: "Blog Drafts",
  edited: "2026-09-04",
  view: "table",
  schema: { Name: "title", Notes: "text" },
  rows: [{ title: "Untitled idea", edited: "2026-09-04", props: { Notes: "Needs an outline" }, body: `A table without the blog's properties.` }],
};
