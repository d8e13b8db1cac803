import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, Frame, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { rawRequest } from "../helpers/raw-request";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";
import { createAiStub, type AiStub } from "../../tools/ai-stub/server";
import { aiStubControl } from "../../tools/ai-stub/control";
import { siteChatKey } from "@/lib/site-chat-state";

/**
 * The AI features in Chromium (issue 12): a visitor asks the demo docs' chatbot and gets a cited answer (stand-in model,
 * then a server without a model: retrieval-only); the widget opens on a plain HTML page of another origin; the owner's
 * assistant proposes a change, the owner confirms it and the setting changes; the chat survives a reload, drafts don't.
 */

const AI_ON = { ai: { enabled: true, assistantName: "Lumen Bot", suggestedQuestions: ["How do I send custom events?"] }, widget: { enabled: true, color: "#aa3300" } };
const QUESTION = "How do I send custom events?";

let stub: AiStub;
let ai: ReturnType<typeof aiStubControl>;
let s: SitesApp;
let plain: SitesApp;
let browser: Browser;
let other: http.Server;
let otherUrl = "";

beforeAll(async () => {
  stub = await createAiStub();
  ai = aiStubControl(stub.url);
  s = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, settings: AI_ON }], { env: { AI_BASE_URL: stub.baseUrl, AI_MODEL: "stub-model" } });
  plain = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, settings: AI_ON }]);
  // Another origin: a plain HTML page of the owner's own product that embeds the widget.
  other = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      `<!doctype html><html><head><title>Acme app</title></head><body><h1>Acme app</h1>` +
        `<button id="help" onclick="PagewrightWidget.open('How do I install on WordPress?')">Help</button>` +
        `<script src="${s.app.url}/widget.js" data-site="${s.siteIds[0]}" async></script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
  browser = await launchBrowser(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await plain?.stop();
  await stub?.close();
  await new Promise((resolve) => other?.close(resolve));
});

beforeEach(() => ai.reset());

async function visit(url: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("request", (req) => requests.push(req.url()));
  await page.goto(url, { waitUntil: "networkidle" });
  return { page, errors, requests };
}

const chatFrame = async (page: Page): Promise<Frame> => {
  const handle = await page.waitForSelector("[data-pagewright-widget] >> iframe");
  const frame = (await handle.contentFrame())!;
  await frame.waitForURL(/\/_\/chat/);
  await frame.waitForLoadState("load");
  return frame;
};

async function askInFrame(frame: Frame, question: string) {
  await frame.getByLabel("Your question").fill(question);
  await frame.getByRole("button", { name: "Send", exact: true }).click();
  const answer = frame.locator(".msg.assistant").last();
  await answer.locator(".sources").waitFor();
  return answer;
}

describe("the visitor chatbot", () => {
  it("answers a question the demo docs answer, with a citation, from the stand-in model; the chat loads only when opened", async () => {
    const { page, errors, requests } = await visit(`http://${s.hosts[0]}/getting-started`);
    expect(requests.some((u) => u.includes("/_/chat"))).toBe(false);
    // Answers are grounded: the scripted model says what the cited page says (an unsupported sentence would be dropped).
    await ai.script({ content: "Page views are automatic, and everything else is an event [1].", chunkSize: 6 });
    // The visitor chose the dark theme on the site: the chat follows it.
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await page.getByRole("button", { name: "Ask Lumen Bot" }).click();
    const frame = await chatFrame(page);
    await expect.poll(() => frame.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(15, 17, 21)");
    await frame.getByText("Hi! Ask me anything about this site.").waitFor();
    const answer = await askInFrame(frame, QUESTION);
    expect(await answer.innerText()).toContain("Page views are automatic, and everything else is an event");
    // The sentence is cited to the page that says it (grounding moves a citation to the page that holds the sentence).
    const cite = answer.locator("a.cite").first();
    const cited = await cite.getAttribute("href");
    expect(cited).toMatch(/^\/sending-data/);
    expect(await answer.locator(".sources a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toContain(cited);
    // A citation opens the cited page in the site itself.
    await cite.click();
    await page.waitForURL(`http://${s.hosts[0]}${cited}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("answers from the best passages with links in retrieval-only mode (no model configured)", async () => {
    const { page, errors } = await visit(`http://${plain.hosts[0]}/`);
    await page.getByRole("button", { name: "Ask Lumen Bot" }).click();
    const frame = await chatFrame(page);
    // A suggested question asks itself.
    await frame.getByRole("button", { name: QUESTION }).click();
    const answer = frame.locator(".msg.assistant").last();
    await answer.locator(".sources").waitFor();
    expect(await answer.innerText()).toMatch(/From “Custom events”[\s\S]*lumen\.track\("Downloaded report"/);
    expect(await answer.locator(".sources a").first().getAttribute("href")).toBe("/sending-data/custom-events");
    // The links come first (review P6): the answer is the site's own words, so where they are from leads.
    expect(await answer.evaluate((el) => el.firstElementChild?.matches("ol.sources"))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("the widget", () => {
  it("opens on a plain HTML page of another origin with search and chat, and its JS API prefills a message", async () => {
    const { page, errors } = await visit(otherUrl);
    const launcher = page.getByRole("button", { name: "Ask Lumen Bot" });
    await launcher.waitFor();
    expect(await launcher.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe("rgb(170, 51, 0)");
    // One namespace, nothing else leaked into the page's globals.
    expect(await page.evaluate(() => Object.keys(window).filter((k) => /pagewright/i.test(k)))).toEqual(["PagewrightWidget"]);
    await launcher.click();
    const frame = await chatFrame(page);
    await frame.waitForURL(`http://${s.hosts[0]}/_/chat?embed=widget`);
    await frame.getByLabel("Search", { exact: true }).fill("custom events");
    const result = frame.locator("#results a").first();
    await result.waitFor();
    expect(await result.innerText()).toBe("Custom events");
    expect(await result.getAttribute("target")).toBe("_blank");
    await ai.script({ content: "Page views are automatic, and everything else is an event [1]." });
    const answer = await askInFrame(frame, QUESTION);
    expect(await answer.innerText()).toContain("Page views are automatic, and everything else is an event");
    // The page's own button opens the widget with a prefilled (not sent) message.
    await page.getByRole("button", { name: "Close chat" }).click();
    await page.locator("#help").click();
    await expect.poll(() => frame.getByLabel("Your question").inputValue()).toBe("How do I install on WordPress?");
    expect(await frame.locator(".msg.user").count()).toBe(1);
    // Escape inside the frame closes the window around it.
    await frame.getByLabel("Your question").press("Escape");
    await expect.poll(() => launcher.getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator("[data-pagewright-widget] >> .panel").isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("the owner's assistant", () => {
  let page: Page;

  it("proposes a change; the owner confirms; the setting changes", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(`${s.app.url}/dashboard`);
    await page.waitForURL(/\/signin\?/);
    await page.getByLabel("Email (test login)").fill(s.ownerEmails[0]!);
    await page.getByRole("button", { name: "Sign in with test login" }).click();
    await page.waitForURL(`${s.app.url}/dashboard`);
    await page.goto(`${s.app.url}/dashboard/sites/${s.siteIds[0]}/assistant`);
    await page.getByRole("heading", { name: "Assistant" }).waitFor();

    await ai.script({ content: "I can rename your chatbot to Docs Helper.", toolCalls: [{ name: "upsertAiCustomization", arguments: { ai: { assistantName: "Docs Helper" } } }] });
    await page.getByLabel("Message").fill("Please call the chatbot Docs Helper");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const proposal = page.getByTestId("assistant-proposal");
    await proposal.waitFor();
    expect(await proposal.innerText()).toContain("Change the chatbot: ai.assistantName → “Docs Helper”");
    // Nothing changed yet.
    const launcherLabel = async () => /data-label="([^"]*)"/.exec((await rawRequest(`${s.app.url}/`, { host: s.hosts[0]! })).body)?.[1];
    expect(await launcherLabel()).toBe("Ask Lumen Bot");
    await proposal.getByRole("button", { name: "Apply change" }).click();
    await proposal.getByText("Applied").waitFor();
    await expect.poll(launcherLabel).toBe("Ask Docs Helper");
  });

  it("keeps the chat across a reload, but not the files in draft", async () => {
    await page.locator("#assistant-file").setInputFiles({ name: "draft-logo.png", mimeType: "image/png", buffer: Buffer.from("89504e470d0a1a0a", "hex") });
    await page.getByRole("list", { name: "Files to send" }).getByText("draft-logo.png").waitFor();
    const saved = await page.evaluate((key) => localStorage.getItem(key), siteChatKey(s.siteIds[0]!));
    expect(saved).toContain("Please call the chatbot Docs Helper");
    expect(saved).not.toContain("draft-logo.png");
    await page.reload();
    await page.getByRole("heading", { name: "Assistant" }).waitFor();
    expect(await page.getByTestId("assistant-message-user").innerText()).toContain("Please call the chatbot Docs Helper");
    expect(await page.getByTestId("assistant-message-assistant").innerText()).toContain("I can rename your chatbot to Docs Helper.");
    expect(await page.getByTestId("assistant-proposal").innerText()).toContain("Applied");
    expect(await page.getByRole("list", { name: "Files to send" }).count()).toBe(0);
    await page.context().close();
  });
});
