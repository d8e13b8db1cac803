import { NavBar } from "@/marketing-site/components/nav-bar";
import { FooterColumns } from "@/marketing-site/components/sections";
import { PRODUCT_NAME } from "@/lib/brand";
import { FOOTER_COLUMNS, NAV_CTA, NAV_ITEMS, SIGN_IN_LINK } from "./content/nav";
import type { SiteLinks } from "./content/legal";

/** The product's own website: nav bar, the page, footer columns. Always light: nothing here has dark styles. */
export function MarketingLayout({ children, links }: { children: React.ReactNode; links: SiteLinks }) {
  return (
    <div className="flex min-h-screen flex-col bg-white text-neutral-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <NavBar brand={PRODUCT_NAME} items={NAV_ITEMS} signIn={SIGN_IN_LINK} cta={NAV_CTA} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <FooterColumns
        columns={[
          ...FOOTER_COLUMNS,
          {
            heading: "Open source",
            links: [
              { label: "Source code", href: links.source },
              { label: "Terms", href: links.terms },
              { label: "Privacy", href: links.privacy },
              { label: "Contact", href: links.contact },
            ],
          },
        ]}
        note={
          <>
            {PRODUCT_NAME} turns public Notion pages into websites. Notion is a trademark of Notion Labs, Inc.; {PRODUCT_NAME} is not affiliated with it.
          </>
        }
      />
    </div>
  );
}
