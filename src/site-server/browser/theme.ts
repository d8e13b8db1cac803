/**
 * The theme toggle of published sites, the only script on most pages. Inlined in <head> (allowed by its hash in the
 * CSP) so a visitor's choice applies before the first paint; without it the page's default (the owner's setting, on
 * <html data-theme>) or the visitor's system setting decides. With the toggle hidden (data-theme-fixed) a choice saved
 * earlier is ignored.
 */
const root = document.documentElement;
const dark = matchMedia("(prefers-color-scheme: dark)");
let saved: string | null = null;
try {
  saved = localStorage.getItem("theme");
} catch {}
if ((saved === "light" || saved === "dark") && !root.hasAttribute("data-theme-fixed")) root.dataset.theme = saved;
const current = () => root.dataset.theme || (dark.matches ? "dark" : "light");

// Pages without the island (blogs, changelogs) load it the first time a visitor goes to their search box.
let islandLoaded = false;
const loadIsland = (e: Event) => {
  const box = (e.target as Element).closest?.<HTMLElement>("[data-island]");
  if (!box || islandLoaded) return;
  islandLoaded = true;
  const script = document.createElement("script");
  script.type = "module";
  script.src = box.dataset.island!;
  document.head.append(script);
};
document.addEventListener("focusin", loadIsland);
document.addEventListener("pointerdown", loadIsland);

document.addEventListener("DOMContentLoaded", () => {
  const button = document.querySelector<HTMLButtonElement>(".theme-toggle");
  if (!button) return;
  const show = () => {
    const isDark = current() === "dark";
    button.textContent = isDark ? "☀" : "☾";
    button.setAttribute("aria-label", isDark ? "Switch to light theme" : "Switch to dark theme");
  };
  button.hidden = false;
  show();
  dark.addEventListener("change", show);
  button.addEventListener("click", () => {
    const next = current() === "dark" ? "light" : "dark";
    root.dataset.theme = next;
    try {
      localStorage.setItem("theme", next);
    } catch {}
    show();
  });
});

export {};
