import { describe, expect, it } from "vitest";
import { validBodyHtml } from "@/site-server/render/valid-html";

/** The repair of react-notion-x's markup (valid-html.ts), on the shapes it writes. */
describe("validBodyHtml", () => {
  it("returns the root's classes and its content, so the caller's <div> replaces react-notion-x's <main>", () => {
    const { className, inner } = validBodyHtml('<main class="notion notion-page"><p>Hi</p></main>');
    expect(className).toBe("notion notion-page");
    expect(inner).toBe("<p>Hi</p>");
  });

  it("hands back the image preloads React writes before a body rendered on its own, and still finds the body", () => {
    const { className, inner, preloads } = validBodyHtml('<link rel="preload" as="image" href="/_/img/a?w=64"/><main class="notion x"><p>Hi</p></main>');
    expect(className).toBe("notion x");
    expect(inner).toBe("<p>Hi</p>");
    expect(preloads).toEqual([{ rel: "preload", as: "image", href: "/_/img/a?w=64" }]);
  });

  it("moves a nested list (and any other non-item) into the item before it, keeping the order", () => {
    const html = '<main class="notion"><ul class="notion-list"><li>A</li><ul class="notion-list"><li>A1</li><li>A2</li></ul><li>B</li><div class="notion-blank"> </div></ul></main>';
    expect(validBodyHtml(html).inner).toBe('<ul class="notion-list"><li>A<ul class="notion-list"><li>A1</li><li>A2</li></ul></li><li>B<div class="notion-blank"> </div></li></ul>');
  });

  it("gives a list that starts with a nested list an item of its own", () => {
    expect(validBodyHtml('<main class="n"><ol><ol><li>x</li></ol></ol></main>').inner).toBe('<ol><li class="notion-list-holder"><ol><li>x</li></ol></li></ol>');
  });

  it("writes a <div> inside a heading's <span> as a block <span>, and moves an image caption to its figure", () => {
    const html = '<main class="n"><h2><span><div id="x" class="notion-header-anchor"></div>Title</span></h2><figure class="notion-asset-wrapper"><div><img src="/a.png" alt=""><figcaption>Cap</figcaption></div></figure></main>';
    expect(validBodyHtml(html).inner).toBe(
      '<h2><span><span id="x" class="notion-header-anchor as-block"></span>Title</span></h2><figure class="notion-asset-wrapper"><div><img src="/a.png" alt=""></div><figcaption>Cap</figcaption></figure>',
    );
  });

  it("writes text and attributes back exactly as React escaped them (untrusted text never comes back unescaped)", () => {
    const html = '<main class="n"><a title="&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" href="#a">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &nbsp;🧭</a></main>';
    expect(validBodyHtml(html).inner).toBe('<a title="&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" href="#a">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &nbsp;🧭</a>');
  });

  it("keeps attribute names as React writes them (dateTime, viewBox)", () => {
    const html = '<main class="n"><time dateTime="2026-11-10">Nov 10</time><svg viewBox="0 0 1 1"><path d="M0"></path></svg></main>';
    // An empty SVG element is written self-closed, as HTML allows for foreign elements.
    expect(validBodyHtml(html).inner).toBe('<time dateTime="2026-11-10">Nov 10</time><svg viewBox="0 0 1 1"><path d="M0"/></svg>');
  });

  it("escapes the raw > Prism leaves in code and drops deprecated iframe attributes", () => {
    const html = '<main class="n"><pre><code>a <span class="token operator">></span> b</code></pre><iframe src="https://x.example" frameBorder="0" scrolling="auto" title="t"></iframe></main>';
    expect(validBodyHtml(html).inner).toBe('<pre><code>a <span class="token operator">&gt;</span> b</code></pre><iframe src="https://x.example" title="t"></iframe>');
  });
});
