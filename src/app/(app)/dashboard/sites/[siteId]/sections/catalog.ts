import type { SiteType } from "@/lib/site-address";

/** The per-site screens of the dashboard (issue 9), in menu order; some only for the site types they apply to. */
export const SECTIONS = [
  { id: "general", label: "General" },
  { id: "assistant", label: "Assistant" },
  { id: "domain", label: "Domain" },
  { id: "password", label: "Password" },
  { id: "redirects", label: "Redirects" },
  { id: "widget", label: "Widget" },
  { id: "ai", label: "AI chatbot" },
  { id: "analytics", label: "Analytics" },
  { id: "email", label: "Email", only: ["blog", "changelog"] as SiteType[] },
  { id: "versions", label: "Versions", only: ["docsv2"] as SiteType[] },
  { id: "subscribers", label: "Subscribers", only: ["blog", "changelog"] as SiteType[] },
  { id: "feedback", label: "Feedback", only: ["docs", "docsv2", "help_desk"] as SiteType[] },
  { id: "plan", label: "Plan" },
  { id: "delete", label: "Delete" },
] as const;

export type SectionId = (typeof SECTIONS)[number]["id"];

export function sectionsFor(siteType: SiteType) {
  return SECTIONS.filter((s) => !("only" in s) || s.only.includes(siteType));
}
