import { z } from "zod";
import { siteSettingsSchema } from "@/core/sites/site-settings";
import { updateSitePasswordInput } from "@/core/sites/update-site-password";
import { updateSiteRedirectsInput } from "@/core/sites/update-site-redirects";
import { updateSiteStatusInput } from "@/core/sites/update-site-status";
import type { ToolSpec } from "@/integrations/ai";

/**
 * The owner's assistant may propose changes through these tools. Each tool is named after the site RPC method the
 * dashboard uses for that change and takes that method's params without `siteId`: the owner's click sends exactly
 * `{siteId, ...args}` to that method, so the same validation and ownership checks apply. The model never applies
 * anything itself.
 */

const section = <K extends "theme" | "widget" | "ai" | "analytics">(key: K) => {
  const shape = siteSettingsSchema.shape[key];
  return shape.unwrap().partial();
};

const settingsPatch = z
  .object({
    description: siteSettingsSchema.shape.description.unwrap(),
    theme: section("theme"),
    navigation: siteSettingsSchema.shape.navigation.unwrap(),
    showBadge: siteSettingsSchema.shape.showBadge.unwrap(),
    contactUrl: siteSettingsSchema.shape.contactUrl.unwrap(),
  })
  .partial()
  .strict();

export const ASSISTANT_TOOLS = {
  updateSite: {
    description:
      "Change the site's name and general settings: description, theme (accentColor like #2255dd, font system|serif|mono, logo/favicon/socialImage as {fileId, url} of an uploaded file), navigation links, the 'published with' badge, contact URL.",
    params: z.object({ name: z.string().trim().min(1).max(120).optional(), settings: settingsPatch.optional() }).strict(),
  },
  upsertWidget: {
    description: "Change the embeddable widget for the owner's other websites: enabled, position (bottom-right|bottom-left), color.",
    params: z.object({ widget: section("widget") }).strict(),
  },
  upsertAiCustomization: {
    description: "Change the visitor chatbot: enabled, assistantName, welcomeMessage, suggestedQuestions (up to 6), instructions, accentColor.",
    params: z.object({ ai: section("ai") }).strict(),
  },
  upsertAnalyticsCustomization: {
    description: "Change analytics: googleAnalyticsId (G-…), plausibleDomain.",
    params: z.object({ analytics: section("analytics") }).strict(),
  },
  updateSitePassword: {
    description: "Protect the site with a password, or remove the password with null.",
    params: updateSitePasswordInput.omit({ siteId: true }),
  },
  updateSiteRedirects: {
    description: "Replace the site's redirects: [{from: '/old-path', to: '/new-path' or https URL, permanent}].",
    params: updateSiteRedirectsInput.omit({ siteId: true }),
  },
  updateSiteStatus: {
    description: "Pause the site (visitors see a page saying so) or publish it again.",
    params: updateSiteStatusInput.omit({ siteId: true }),
  },
} as const;

export type AssistantToolName = keyof typeof ASSISTANT_TOOLS;
export const ASSISTANT_TOOL_NAMES = Object.keys(ASSISTANT_TOOLS) as AssistantToolName[];

/** The tools as the chat API wants them: JSON schemas made from the same zod schemas. */
export function assistantToolSpecs(): ToolSpec[] {
  return ASSISTANT_TOOL_NAMES.map((name) => ({
    name,
    description: `${ASSISTANT_TOOLS[name].description} Only proposes the change: the owner must confirm it.`,
    parameters: z.toJSONSchema(ASSISTANT_TOOLS[name].params, { io: "input", unrepresentable: "any" }) as Record<string, unknown>,
  }));
}

export type Proposal = { id: string; tool: AssistantToolName; args: Record<string, unknown>; summary: string };

const describeValue = (value: unknown): string => {
  if (value === null) return "none";
  if (typeof value === "string") return `“${value.length > 80 ? `${value.slice(0, 80)}…` : value}”`;
  if (Array.isArray(value)) return value.length ? value.map(describeValue).join(", ") : "none";
  if (typeof value === "object") return `{${Object.entries(value as object).map(([k, v]) => `${k}: ${describeValue(v)}`).join(", ")}}`;
  return String(value);
};

/** What a proposal would change, in words the owner can check before confirming. */
export function summarizeProposal(tool: AssistantToolName, args: Record<string, unknown>): string {
  if (tool === "updateSitePassword") return args.password === null ? "Remove the site's password (anyone can then read the site)" : "Set a new password for the site";
  if (tool === "updateSiteStatus") return args.status === "paused" ? "Pause the site" : "Publish the site";
  if (tool === "updateSiteRedirects") return `Replace the redirects with: ${describeValue((args.redirects as unknown[]).map((r) => `${(r as { from: string }).from} → ${(r as { to: string }).to}`))}`;
  const label = { updateSite: "Change the site", upsertWidget: "Change the widget", upsertAiCustomization: "Change the chatbot", upsertAnalyticsCustomization: "Change analytics" }[tool];
  const flat: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value && typeof value === "object" && !Array.isArray(value) && !("fileId" in value)) for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}.${k}` : k, v);
    else flat.push(`${prefix} → ${describeValue(value)}`);
  };
  walk("", args);
  return `${label}: ${flat.join("; ")}`;
}

/** A tool call from the model as a proposal for the owner, or an explanation of why it cannot be one. */
export function toProposal(call: { id: string; name: string; arguments: string }): { proposal: Proposal } | { problem: string } {
  if (!(ASSISTANT_TOOL_NAMES as string[]).includes(call.name)) return { problem: `The assistant asked for an unknown action (${call.name.slice(0, 60)}).` };
  const tool = call.name as AssistantToolName;
  let raw: unknown;
  try {
    raw = JSON.parse(call.arguments || "{}");
  } catch {
    return { problem: "The assistant suggested a change it could not describe properly. Please ask again." };
  }
  const parsed = ASSISTANT_TOOLS[tool].params.safeParse(raw);
  if (!parsed.success) return { problem: `The assistant suggested a change that isn't valid (${parsed.error.issues[0]?.message ?? "invalid"}).` };
  // The model's own arguments, once valid: the parsed value would fill in defaults and change fields it never named.
  const args = raw as Record<string, unknown>;
  return { proposal: { id: call.id || crypto.randomUUID(), tool, args, summary: summarizeProposal(tool, args) } };
}
