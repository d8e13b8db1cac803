import { describe, expect, it } from "vitest";
import { isServerPath, staticPage, stylesheetPaths } from "@/core/export/static-html";
import { pageFileOf } from "@/core/export/export-site";

const live = { origin: "https://docs.acme.test", basePath: "", pageUrl: "https://docs.acme.test/guide" };

describe("staticPage", () => {
  it("takes out the beacon and the scripts that call the server, keeps the static ones", () => {
    const html = `<html><head><link rel="stylesheet" href="/_/site.css?v=abc"><script>navigator.sendBeacon("/_/view", "x")</script><script>document.documentElement.dataset.theme = "dark"</script></head><body><script src="/_/site.js?v=1" defer></script><script src="/_/changelog.js?v=2"></script><noscript><img src="/_/view.gif?p=%2F"></noscript></body></html>`;
    const page = staticPage(html, live);
    const out = page.render(new Map());
    expect(out).not.toContain("/_/view");
    expect(out).not.toContain("/_/site.js");
    expect(out).toContain('<script src="/_/changelog.js?v=2">');
    expect(out).toContain("dataset.theme");
    expect(page.refs).toEqual(["/_/site.css?v=abc", "/_/changelog.js?v=2"]);
  });

  it("turns forms that post to the server into links to the live site, and points chat links there", () => {
    const html = `<body><form role="search" method="get" action="/_/search"><input name="q"></form><form method="post" action="/_/subscribe"><input name="email"></form><a href="/_/chat">Ask</a><a href="/about">About</a></body>`;
    const out = staticPage(html, live).render(new Map());
    expect(out).toContain('<a href="https://docs.acme.test/_/search" class="export-live-link">Search this site on the live site</a>');
    expect(out).toContain('<a href="https://docs.acme.test/guide" class="export-live-link">Subscribe on the live site</a>');
    expect(out).toContain('<a href="https://docs.acme.test/_/chat">Ask</a>');
    expect(out).toContain('<a href="/about">About</a>');
    expect(out).not.toContain("<form");
  });

  it("renames images in src and srcset, keeping the rest of the markup as written", () => {
    const html = `<p>a &lt; b</p><img src="/_/img/p1?src=a.png&amp;w=640" srcset="/_/img/p1?src=a.png&amp;w=640 640w, /_/img/p1?src=a.png&amp;w=1200 1200w">`;
    const page = staticPage(html, live);
    expect(page.refs).toEqual(["/_/img/p1?src=a.png&w=640", "/_/img/p1?src=a.png&w=1200"]);
    const out = page.render(new Map([["/_/img/p1?src=a.png&w=640", "/_/img/p1-aaa.png"], ["/_/img/p1?src=a.png&w=1200", "/_/img/p1-bbb.png"]]));
    expect(out).toBe('<p>a &lt; b</p><img src="/_/img/p1-aaa.png" srcset="/_/img/p1-aaa.png 640w, /_/img/p1-bbb.png 1200w">');
  });

  it("knows server paths below a path prefix", () => {
    expect(isServerPath("/docs/_/search", "/docs")).toBe(true);
    expect(isServerPath("/docs/_/site.css", "/docs")).toBe(false);
    expect(isServerPath("/docs/guide", "/docs")).toBe(false);
  });
});

describe("export file names", () => {
  it("writes every page as a folder with an index.html", () => {
    expect(pageFileOf("/")).toBe("index.html");
    expect(pageFileOf("/guide/setup")).toBe("guide/setup/index.html");
    expect(pageFileOf("/docs/")).toBe("docs/index.html");
  });

  it("finds a stylesheet's fonts, relative ones resolved against the sheet", () => {
    const css = `@font-face{src:url(/_/fonts/inter.woff2) format("woff2")}@font-face{src:url("KaTeX_Main.woff2")}.x{background:url(data:image/png;base64,AAA)}`;
    expect(stylesheetPaths(css, "/_/katex/katex.css")).toEqual(["/_/fonts/inter.woff2", "/_/katex/KaTeX_Main.woff2"]);
  });
});
