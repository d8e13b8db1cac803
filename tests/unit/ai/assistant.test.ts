import { describe, expect, it } from "vitest";
import { assistantToolSpecs, summarizeProposal, toProposal } from "@/core/ai/site-assistant-tools";
import { productGuideFor } from "@/core/ai/product-guide";
import { parseSiteChat, serializeSiteChat, siteChatKey, SITE_CHAT_PREFIX } from "@/lib/site-chat-state";

describe("tool calls become proposals", () => {
  it("keeps exactly the fields the model named (no defaults filled in) and describes them", () => {
    const out = toProposal({ id: "c1", name: "upsertAiCustomization", arguments: '{"ai":{"enabled":true}}' });
    expect(out).toEqual({ proposal: { id: "c1", tool: "upsertAiCustomization", args: { ai: { enabled: true } }, summary: "Change the chatbot: ai.enabled → true" } });
  });
  it("refuses unknown tools, bad JSON, invalid values and unknown fields", () => {
    expect(toProposal({ id: "x", name: "deleteSite", arguments: "{}" })).toEqual({ problem: "The assistant asked for an unknown action (deleteSite)." });
    expect("problem" in toProposal({ id: "x", name: "updateSite", arguments: "{" })).toBe(true);
    expect(toProposal({ id: "x", name: "upsertWidget", arguments: '{"widget":{"position":"top"}}' })).toMatchObject({ problem: expect.stringContaining("isn't valid") });
    expect("problem" in toProposal({ id: "x", name: "updateSite", arguments: '{"settings":{"ownerId":"someone-else"}}' })).toBe(true);
    expect("problem" in toProposal({ id: "x", name: "updateSitePassword", arguments: '{"siteId":"other","password":null}' })).toBe(true);
  });
  it("says plainly what risky changes do", () => {
    expect(summarizeProposal("updateSitePassword", { password: null })).toBe("Remove the site's password (anyone can then read the site)");
    expect(summarizeProposal("updateSitePassword", { password: "x" })).not.toContain("x");
    expect(summarizeProposal("updateSiteRedirects", { redirects: [{ from: "/a", to: "https://b.example", permanent: true }] })).toBe("Replace the redirects with: “/a → https://b.example”");
    expect(summarizeProposal("updateSite", { settings: { theme: { logo: { fileId: "f", url: "/api/files/f" } } } })).toBe("Change the site: settings.theme.logo → {fileId: “f”, url: “/api/files/f”}");
  });
  it("offers JSON schemas without siteId", () => {
    for (const spec of assistantToolSpecs()) {
      expect(spec.parameters.type).toBe("object");
      expect(Object.keys(spec.parameters.properties as object)).not.toContain("siteId");
    }
  });
});

describe("the per-site chat state", () => {
  const state = { siteId: "s1", filesInDraft: [{ name: "draft.png" }], messages: [{ id: "m1", role: "user" as const, content: "Hello" }] };
  it("is keyed by the site id with the site-chat prefix", () => {
    expect(siteChatKey("s1")).toBe(`${SITE_CHAT_PREFIX}s1`);
  });
  it("saves everything but the files in draft, and reads it back", () => {
    const raw = serializeSiteChat(state);
    expect(raw).not.toContain("draft.png");
    expect(parseSiteChat(raw, "s1")).toEqual({ siteId: "s1", filesInDraft: [], messages: state.messages });
  });
  it("starts empty for another site's or a broken saved state", () => {
    const empty = { siteId: "s2", filesInDraft: [], messages: [] };
    expect(parseSiteChat(serializeSiteChat(state), "s2")).toEqual(empty);
    expect(parseSiteChat("{not json", "s2")).toEqual(empty);
    expect(parseSiteChat('{"siteId":"s2","messages":[{"role":"robot"}]}', "s2")).toEqual(empty);
    expect(parseSiteChat(null, "s2")).toEqual(empty);
  });
});

describe("the product guide", () => {
  it("finds the screens that match a question", () => {
    expect(productGuideFor("How do I add a custom domain?")[0]).toMatch(/^Domain screen/);
    expect(productGuideFor("zzz qqq")).toEqual([]);
  });
});
