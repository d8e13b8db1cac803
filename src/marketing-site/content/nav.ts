import type { FooterColumn, NavItem, NavLink } from "@/marketing-site/components/types";
import { SITE_TYPE_INFO } from "@/lib/site-types";
import { signupHref } from "@/lib/signup-link";
import { SITE_TYPE_PAGES } from "./site-type-pages";

/** Where the marketing pages link: the nav bar's dropdowns, the mobile menu and the footer columns. */

export const SITE_TYPE_LINKS: NavLink[] = SITE_TYPE_PAGES.map((p) => ({
  label: SITE_TYPE_INFO[p.siteType].label,
  href: `/site-types/${p.slug}`,
  description: SITE_TYPE_INFO[p.siteType].description,
}));

export const DOCS_LINKS: NavLink[] = [
  { label: "Docs overview", href: "/docs", description: "Create a site, publish from Notion, settings." },
  { label: "Hosting under /docs", href: "/docs/features/hosting-under-a-docs-path", description: "Serve a site under a path of your own website." },
  { label: "Custom domains", href: "/docs/features/custom-domains", description: "Put a site on your own domain with HTTPS." },
  { label: "The dashboard", href: "/docs/dashboard", description: "Every screen of a site's settings, one page each." },
  { label: "Self-hosting", href: "/docs/self-hosting", description: "Run the whole product on your own server." },
  { label: "Make a Notion page public", href: "/help/make-a-notion-page-public", description: "Share → Publish, step by step." },
];

export const NAV_ITEMS: NavItem[] = [
  { label: "Site types", items: SITE_TYPE_LINKS },
  { label: "Docs", items: DOCS_LINKS },
  { label: "Pricing", href: "/pricing" },
];

export const SIGN_IN_LINK: NavLink = { label: "Sign in", href: "/signin" };
export const NAV_CTA: NavLink = { label: "Get started", href: signupHref("nav") };

export const FOOTER_COLUMNS: FooterColumn[] = [
  { heading: "Site types", links: SITE_TYPE_LINKS.map(({ label, href }) => ({ label, href })) },
  { heading: "Docs", links: DOCS_LINKS.map(({ label, href }) => ({ label, href })) },
  {
    heading: "Product",
    links: [
      { label: "Pricing", href: "/pricing" },
      { label: "Create a site", href: signupHref("footer") },
      { label: "Sign in", href: "/signin" },
    ],
  },
];
