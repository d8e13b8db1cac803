import type { DatabaseSource } from "./types";

/**
 * A blog database as NotionNext users have it (issue 21 item 8): lowercase `title, slug, summary, tags, category, date,
 * status, type`, a list view, posts shown at status Published and type Post, and no authors property at all — so the
 * page check finds everything by alias but authors, and the create flow offers to map it (to "not used").
 */
export const NOTIONNEXT_BLOG: DatabaseSource = {
  title: "Field Notes",
  icon: "🗒️",
  edited: "2026-11-05",
  view: "list",
  schema: { title: "title", slug: "text", summary: "text", tags: "multi_select", category: "select", date: "date", status: "select", type: "select" },
  options: { tags: ["Travel", "Photography"], category: ["Journal"], status: ["Published", "Draft", "Invisible"], type: ["Post", "Page", "Notice"] },
  rows: [
    {
      title: "Walking the Kumano Kodo",
      edited: "2026-11-04",
      props: { slug: "kumano-kodo", summary: "Five days on the old pilgrimage trails of the Kii peninsula.", tags: ["Travel"], category: "Journal", date: "2026-10-20", status: "Published", type: "Post" },
      body: `Five days, three shrines and a lot of stairs.`,
    },
    {
      title: "Film cameras in the rain",
      edited: "2026-11-05",
      props: { slug: "film-in-the-rain", summary: "What survived a wet week, and what did not.", tags: ["Photography"], category: "Journal", date: "2026-10-28", status: "Published", type: "Post" },
      body: `Two bodies, one lens cap lost.`,
    },
    {
      title: "Half-written draft",
      edited: "2026-11-05",
      props: { slug: "draft", summary: "Not ready.", tags: ["Travel"], date: "2026-10-30", status: "Draft", type: "Post" },
      body: `Not for readers yet.`,
    },
    {
      title: "About this blog",
      edited: "2026-11-01",
      props: { slug: "about", summary: "A NotionNext menu page, not a post.", date: "2026-09-01", status: "Published", type: "Page" },
      body: `A page NotionNext shows in its menu.`,
    },
  ],
};
