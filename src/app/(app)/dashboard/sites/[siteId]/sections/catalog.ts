import { roleAllows, type SiteRole } from "@/lib/site-roles";
import { siteTypeHas, type SiteType } from "@/lib/site-types";

/** The per-site screens of the dashboard, in menu order; some only for site types with the capability they manage. */
export const SECTIONS = [
  { id: "general", label: "General" },
  { id: "appearance", label: "Appearance" },
  { id: "code", label: "Your code" },
  { id: "domain", label: "Domain" },
  { id: "password", label: "Password" },
  { id: "redirects", label: "Redirects" },
  { id: "widget", label: "Widget" },
  { id: "ai", label: "AI chatbot" },
  { id: "analytics", label: "Analytics" },
  { id: "email", label: "Email", only: "subscribers" },
  { id: "versions", label: "Versions", only: "versions" },
  { id: "languages", label: "Languages" },
  { id: "subscribers", label: "Subscribers", only: "subscribers" },
  { id: "feedback", label: "Feedback", only: "feedback" },
  { id: "votes", label: "Votes & ideas", only: "votes" },
  { id: "whats-new", label: "What's new", only: "whatsNew" },
  { id: "assistant", label: "Assistant" },
  { id: "members", label: "Members" },
  { id: "activity", label: "Activity" },
  { id: "plan", label: "Plan" },
  { id: "delete", label: "Delete" },
] as const;

export type SectionId = (typeof SECTIONS)[number]["id"];

/** Screens only some roles see (the RPC refuses the rest of their calls anyway): people's addresses, billing, deleting. */
const SECTION_ROLES: Partial<Record<SectionId, SiteRole>> = { subscribers: "admin", activity: "admin", plan: "owner", delete: "owner", languages: "admin", code: "admin" };

export function sectionsFor(siteType: SiteType, role: SiteRole = "owner") {
  return SECTIONS.filter((s) => (!("only" in s) || siteTypeHas(siteType, s.only)) && roleAllows(role, SECTION_ROLES[s.id] ?? "viewer"));
}
