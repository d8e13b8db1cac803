import type { IconName } from "./icon";

/** docs/product.md §3 item shapes of the marketing sections. */
export type FaqItem = { heading: string; content: string };
export type FeatureItem = { icon: IconName; bullet: string; heading: string; description: string };
export type Step = { heading: string; description: string };
export type NavLink = { label: string; href: string; description?: string };
export type NavItem = NavLink | { label: string; items: NavLink[] };
export type FooterColumn = { heading: string; links: NavLink[] };
