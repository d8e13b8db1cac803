import type { Metadata, Viewport } from "next";
import { getRuntime } from "@/runtime";
import { publicConfig } from "@/env";
import { PUBLIC_CONFIG_ELEMENT_ID } from "@/lib/public-config";
import { PRODUCT_NAME, PRODUCT_TAGLINE } from "@/lib/brand";
import "./globals.css";

// Browser values come from the running configuration, never from the build (docs/contracts.md §2).
export const dynamic = "force-dynamic";

export function generateMetadata(): Metadata {
  const { env } = getRuntime();
  const description = PRODUCT_TAGLINE;
  return {
    metadataBase: new URL(env.APP_URL),
    title: { default: `${PRODUCT_NAME} — Notion pages as fast websites`, template: `%s · ${PRODUCT_NAME}` },
    description,
    openGraph: {
      type: "website",
      siteName: PRODUCT_NAME,
      title: PRODUCT_NAME,
      description,
      images: [{ url: "/og-image.png", width: 1200, height: 630, alt: PRODUCT_NAME }],
    },
    twitter: { card: "summary_large_image", title: PRODUCT_NAME, description, images: ["/og-image.png"] },
    icons: { icon: "/favicon.svg" },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** The bare root: html, body and the run-time config. Themes and providers live in the (app) group, so /iframes stays bare. */
export default function RootLayout({ children }: { children: React.ReactNode }) {
  const config = JSON.stringify(publicConfig(getRuntime().env)).replace(/</g, "\\u003c");
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen antialiased">
        <script id={PUBLIC_CONFIG_ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: config }} />
        {children}
      </body>
    </html>
  );
}
