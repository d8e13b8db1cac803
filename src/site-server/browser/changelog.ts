/**
 * The changelog index's island (/_/changelog.js): marks the entries published since this browser's last visit
 * ("since your last visit", remembered in the changelog's own localStorage), then remembers this visit.
 */
import type { IslandStrings } from "@/lib/i18n/browser-strings";

const KEY = "pagewright-changelog-last-visit";
const strings = JSON.parse(document.getElementById("site-strings")?.textContent ?? "{}") as Partial<IslandStrings>;
const entries = [...document.querySelectorAll<HTMLElement>("[data-entry-date]")];
let last: string | null = null;
try {
  last = localStorage.getItem(KEY);
} catch {
  // storage refused: no marker
}
if (last) {
  const fresh = entries.filter((e) => (e.dataset.entryDate ?? "") > last!);
  const oldest = fresh.at(-1);
  for (const e of fresh) e.classList.add("is-new");
  if (oldest) {
    const marker = document.createElement("p");
    marker.className = "since-last-visit";
    const count = new Intl.NumberFormat(document.documentElement.lang || undefined).format(fresh.length);
    marker.textContent = (strings.newSinceLastVisit ?? "{count}").replace("{count}", () => count);
    fresh[0]!.closest("ol")?.before(marker);
  }
}
try {
  const newest = entries.map((e) => e.dataset.entryDate ?? "").sort().at(-1);
  if (newest) localStorage.setItem(KEY, newest);
} catch {
  // storage refused
}
