import type { SnapshotPage } from "@/notion/fetch-site-content";
import { languageRootsOf } from "@/notion/language-roots";
import type { SiteModel } from "./site-model";

/**
 * One site in several languages (docs/languages.md): the snapshot holds every language's pages (one sync, one
 * version), each extra language's under its own root. These split it per language and pair pages across languages.
 */

/** The pages of the tree (or database) under `rootId`, the root included, following parent links down. */
export function pagesUnder(rootId: string, pages: ReadonlyMap<string, SnapshotPage>): Map<string, SnapshotPage> {
  const children = childrenIndex(pages);
  const out = new Map<string, SnapshotPage>();
  const queue = [rootId];
  while (queue.length) {
    const id = queue.shift()!;
    const page = pages.get(id);
    if (!page || out.has(id)) continue;
    out.set(id, page);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The snapshot's pages without the extra languages' trees: what the site's own language shows. */
export function pagesOfMainLanguage(site: { notionPageId: string; settings: { languages?: readonly { language: string; notionPageUrl: string }[] } }, pages: Map<string, SnapshotPage>): Map<string, SnapshotPage> {
  const roots = languageRootsOf(site);
  if (!roots.length) return pages;
  const others = new Set<string>();
  for (const { pageId } of roots) for (const id of pagesUnder(pageId, pages).keys()) others.add(id);
  // A language's page placed inside the site's own tree still belongs to its language; the site's root never moves.
  others.delete(site.notionPageId);
  return new Map([...pages].filter(([id]) => !others.has(id)));
}

function childrenIndex(pages: ReadonlyMap<string, SnapshotPage>): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const page of pages.values()) {
    if (!page.parentPageId) continue;
    const list = children.get(page.parentPageId) ?? [];
    list.push(page.pageId);
    children.set(page.parentPageId, list);
  }
  return children;
}

/**
 * Where each page sits, by position: a tree page by its child indexes from the root ("0.2"), a database entry by its
 * place in the entry list ("e3"), the home page "". Pages of two languages at the same position are one page.
 */
export function positionsOf(model: SiteModel): Map<string, string> {
  const byPosition = new Map<string, string>([["", "/"]]);
  if (model.kind === "database") {
    model.entries.forEach((entry, i) => byPosition.set(`e${i}`, entry.path));
    return byPosition;
  }
  const walk = (node: typeof model.root, at: string) => {
    node.children.forEach((child, i) => {
      const position = at ? `${at}.${i}` : String(i);
      byPosition.set(position, child.path);
      walk(child, position);
    });
  };
  walk(model.root, "");
  return byPosition;
}

/** A site's languages as the switcher and `hreflang` see them: each language's tag, base path and page positions. */
export type LanguageEdition = { language: string; basePath: string; positions: Map<string, string> };

/**
 * The paths of the page at `path` in every language (its pair by position), the current language's own included;
 * a language with no page at that position is left out.
 */
export function pairedPaths(editions: readonly LanguageEdition[], current: LanguageEdition, path: string): { language: string; path: string }[] {
  let position: string | undefined;
  for (const [at, p] of current.positions) if (p === path) position = at;
  if (position === undefined) return [];
  return editions.flatMap((e) => {
    const paired = e.positions.get(position);
    return paired === undefined ? [] : [{ language: e.language, path: `${e.basePath}${paired}` }];
  });
}
