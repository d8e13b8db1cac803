import type { ReactNode } from "react";
import { PRODUCT_NAME } from "@/lib/brand";
import type { PageMeta } from "./page-meta";

export type DocumentContext = { appUrl: string; css: string; scriptHref: string; crispWebsiteId?: string };

/**
 * The HTML around every page of the product's website: head tags for search engines and sharing, the inlined
 * stylesheet, and one deferred script. `light` on <html> says what the page is: the website is never dark.
 */
export function MarketingDocument({ ctx, meta, children }: { ctx: DocumentContext; meta: PageMeta; children: ReactNode }) {
  const title = meta.path === "/" ? `${PRODUCT_NAME} — Notion pages as fast websites` : `${meta.title} · ${PRODUCT_NAME}`;
  const canonical = new URL(meta.path, ctx.appUrl).href;
  const image = new URL("/og-image.png", ctx.appUrl).href;
  return (
    <html lang="en" className="light" style={{ colorScheme: "light" }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        <link rel="canonical" href={canonical} />
        <link rel="icon" href="/favicon.svg" />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={PRODUCT_NAME} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={image} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:image:alt" content={PRODUCT_NAME} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={image} />
        <style dangerouslySetInnerHTML={{ __html: ctx.css }} />
        <script src={ctx.scriptHref} defer data-crisp-website-id={ctx.crispWebsiteId} />
      </head>
      <body className="min-h-screen antialiased">{children}</body>
    </html>
  );
}
