"use client";

import { useState } from "react";
import type { ResultOf } from "@/rpc/method";
import type { siteMethods } from "@/rpc/site-methods";

export type SharedPage = ResultOf<typeof siteMethods, "listNotionConnectionPages">[number];

type Row = { page: SharedPage; depth: number; trail: string; children: number };

/** The titles above a page, top first ("Team wiki › Product"), so two pages of one title can be told apart. */
function trailOf(page: SharedPage, byId: Map<string, SharedPage>): string {
  const names: string[] = [];
  let parent = page.parentId ? byId.get(page.parentId) : undefined;
  for (let hops = 0; parent && hops < 12; hops++) {
    names.unshift(parent.title || "Untitled");
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  }
  return names.join(" › ");
}

/**
 * The pages shared with a connection, to pick the site's root from: a search box over every title, and otherwise
 * the top-level pages and every database first (a database is what a blog, changelog or roadmap is built from), each
 * page's sub-pages one click away. Every page below the top says where it sits.
 */
export function SharedPageList({ items, selectedId, onChoose }: { items: SharedPage[]; selectedId: string | null; onChoose: (page: SharedPage) => void }) {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const byId = new Map(items.map((p) => [p.id, p]));
  const childrenOf = new Map<string, SharedPage[]>();
  for (const p of items) if (!p.topLevel && p.parentId) childrenOf.set(p.parentId, [...(childrenOf.get(p.parentId) ?? []), p]);
  const row = (page: SharedPage, depth: number): Row => ({ page, depth, trail: page.topLevel ? "" : trailOf(page, byId), children: childrenOf.get(page.id)?.length ?? 0 });

  const q = query.trim().toLowerCase();
  const rows: Row[] = [];
  if (q) {
    for (const p of items) if ((p.title || "Untitled").toLowerCase().includes(q)) rows.push(row(p, 0));
  } else {
    const walk = (page: SharedPage, depth: number) => {
      rows.push({ ...row(page, depth), trail: depth ? "" : row(page, depth).trail });
      if (open.has(page.id)) for (const child of childrenOf.get(page.id) ?? []) walk(child, depth + 1);
    };
    for (const p of items) if (p.topLevel) walk(p, 0);
    for (const p of items) if (!p.topLevel && p.kind === "database" && !rows.some((r) => r.page.id === p.id)) rows.push(row(p, 0));
  }
  const toggle = (id: string) => setOpen((was) => (was.has(id) ? new Set([...was].filter((x) => x !== id)) : new Set([...was, id])));

  return (
    <fieldset>
      <legend className="text-sm text-neutral-600">Choose the page the site is built from</legend>
      <input
        type="search"
        aria-label="Search the shared pages"
        placeholder={`Search ${items.length} pages`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="mt-2 w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm"
      />
      <ul className="mt-2 max-h-72 space-y-1 overflow-auto rounded-md border border-neutral-200 bg-white p-2" data-testid="shared-pages">
        {rows.map(({ page, depth, trail, children }) => (
          <li key={`${page.id}-${depth}`} className="flex flex-wrap items-center gap-x-2" style={{ paddingLeft: `${depth * 1.25}rem` }}>
            <label className="flex min-w-0 cursor-pointer items-center gap-2 rounded px-2 py-1">
              <input type="radio" name="connected-page" value={page.id} checked={selectedId === page.id} onChange={() => onChoose(page)} />
              <span>{page.title || "Untitled"}</span>
              {page.kind === "database" ? <span className="text-xs text-neutral-500">database</span> : null}
              {trail ? <span className="truncate text-xs text-neutral-500">in {trail}</span> : null}
            </label>
            {children && !q ? (
              <button type="button" className="text-xs text-[#1a44b8] underline" aria-expanded={open.has(page.id)} onClick={() => toggle(page.id)}>
                {open.has(page.id) ? "Hide" : "Show"} {children} sub-page{children === 1 ? "" : "s"}
                <span className="sr-only"> of {page.title || "Untitled"}</span>
              </button>
            ) : null}
          </li>
        ))}
        {!rows.length ? <li className="px-2 py-1 text-sm text-neutral-500">No shared page has “{query.trim()}” in its title.</li> : null}
      </ul>
    </fieldset>
  );
}
