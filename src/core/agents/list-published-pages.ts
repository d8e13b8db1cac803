import { z } from "zod";
import type { SiteModel } from "@/site-model/site-model";

export const listPagesInput = z.object({
  cursor: z.string().regex(/^\d{1,6}$/, "Use the nextCursor of the previous call.").optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export type PublishedPage = { title: string; path: string; date: string | null; description: string | null };

/**
 * The pages a site publishes, in the page model's order (the tree in reading order, posts newest first), a page at a
 * time. Only routes with a page of their own: hidden and future-dated posts are not in the model, list pages (tags,
 * authors, page 2…) have no content of their own; a blog's, changelog's or roadmap's home is listed first.
 */
export function listPublishedPages(model: SiteModel, input: z.input<typeof listPagesInput>): { pages: PublishedPage[]; total: number; nextCursor: string | null } {
  const { cursor, limit } = listPagesInput.parse(input);
  const all: PublishedPage[] = [];
  for (const [path, route] of model.routes) {
    // A blog's, changelog's or roadmap's home lists its entries, and get_page reads it as "/" like any home page.
    if (route.kind === "index" && route.page === 1) all.push({ title: model.title || "Untitled", path, date: null, description: model.kind === "database" ? model.description || null : null });
    else if (route.kind === "page") all.push({ title: route.node.title || "Untitled", path, date: null, description: null });
    else if (route.kind === "entry") all.push({ title: route.entry.title || "Untitled", path, date: route.entry.date ?? null, description: route.entry.description || null });
  }
  const start = Number(cursor ?? 0);
  const end = start + limit;
  return { pages: all.slice(start, end), total: all.length, nextCursor: end < all.length ? String(end) : null };
}
