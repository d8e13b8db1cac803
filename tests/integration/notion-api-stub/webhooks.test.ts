import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createNotionApiStub, type NotionApiStub } from "../../../tools/notion-api-stub/server";
import { notionApiStubControl } from "../../../tools/notion-api-stub/control";

/** Webhooks from the official-API stand-in to a real HTTP receiver, checked with an HMAC computed here. */

const WORKSPACE = path.resolve(import.meta.dirname, "../../../tools/notion-stub/workspace");

type Received = { body: string; signature: string | undefined };
let stub: NotionApiStub;
let control: ReturnType<typeof notionApiStubControl>;
let receiver: http.Server;
let receiverUrl: string;
let received: Received[] = [];
let roots: Record<string, string>;

const hmac = (body: string, key: string) => `sha256=${crypto.createHmac("sha256", key).update(body).digest("hex")}`;
const events = () => received.filter((r) => r.signature).map((r) => JSON.parse(r.body) as Record<string, unknown> & { id: string; type: string; attempt_number: number; entity: { id: string }; data: Record<string, unknown> });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: req.headers["x-notion-signature"] as string | undefined });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/notion`;
  stub = await createNotionApiStub({ dataDir: WORKSPACE });
  control = notionApiStubControl(stub.url);
  roots = await control.roots();
});
afterAll(async () => {
  await stub.close();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});
beforeEach(async () => {
  await control.reset();
  await control.webhooks({ url: null });
  received = [];
});

describe("webhooks", () => {
  it("sends the verification request first, then events signed with its token", async () => {
    await control.webhooks({ url: receiverUrl });
    expect(received).toHaveLength(1);
    const verification = JSON.parse(received[0]!.body) as { verification_token: string };
    expect(received[0]!.signature).toBeUndefined();
    expect(verification.verification_token).toBe(stub.verificationToken);

    const children = await fetch(`${stub.baseUrl}/v1/blocks/${roots.simple}/children`, {
      headers: { authorization: `Bearer ${stub.internalSecret}`, "notion-version": "2025-09-03" },
    }).then((r) => r.json() as Promise<{ results: { id: string; type: string }[] }>);
    const paragraph = children.results.find((b) => b.type === "paragraph")!;
    await control.editBlock(paragraph.id, "Edited through the stand-in");
    await until(() => events().length === 1);

    const raw = received[1]!;
    // An HMAC computed here, independently of the stand-in's code, matches the header.
    expect(raw.signature).toBe(hmac(raw.body, verification.verification_token));
    expect(raw.signature).not.toBe(hmac(raw.body, "some-other-token"));
    const event = events()[0]!;
    expect(event).toMatchObject({
      type: "page.content_updated",
      entity: { id: roots.simple, type: "page" },
      data: { parent: { type: "space" }, updated_blocks: [{ id: paragraph.id, type: "block" }] },
      attempt_number: 1,
      api_version: "2025-09-03",
    });
    for (const field of ["id", "timestamp", "workspace_id", "subscription_id", "integration_id"]) expect(event[field], field).toBeTruthy();
    expect(event.authors).toEqual([expect.objectContaining({ type: "person" })]);

    // The edit is what the API answers now.
    const block = await fetch(`${stub.baseUrl}/v1/blocks/${paragraph.id}`, {
      headers: { authorization: `Bearer ${stub.internalSecret}`, "notion-version": "2025-09-03" },
    }).then((r) => r.json() as Promise<{ paragraph: { rich_text: { plain_text: string }[] }; last_edited_time: string }>);
    expect(block.paragraph.rich_text[0]!.plain_text).toBe("Edited through the stand-in");
  });

  it("property edits, new rows and deletions send their own event types", async () => {
    await control.webhooks({ url: receiverUrl });
    const database = await fetch(`${stub.baseUrl}/v1/databases/${roots.blog}`, {
      headers: { authorization: `Bearer ${stub.internalSecret}`, "notion-version": "2025-09-03" },
    }).then((r) => r.json() as Promise<{ data_sources: { id: string }[] }>);
    const sourceId = database.data_sources[0]!.id;
    const rowId = await control.createPage(sourceId, "A new post", "Hello");
    await control.editPage(rowId, { properties: { Hidden: true } });
    await control.deletePage(rowId);
    await until(() => events().length === 4);
    expect(events().map((e) => e.type)).toEqual(["page.created", "data_source.content_updated", "page.properties_updated", "page.deleted"]);
    expect(events()[1]!.entity).toEqual({ id: sourceId, type: "data_source" });
    expect(events()[2]!.data.updated_properties).toHaveLength(1);
    expect(events()[0]!.data.parent).toMatchObject({ type: "database", id: roots.blog, data_source_id: sourceId });
  });

  it("pages no connection can read send no events", async () => {
    await control.webhooks({ url: receiverUrl });
    // Only the internal secret shares the simple site; unshare it there and nothing else sees it.
    await control.unshare(stub.internalSecret, roots.simple!);
    await control.editPage(roots.simple!, { title: "Renamed" });
    await control.editPage(roots.docs!, { title: "Docs renamed" });
    await until(() => events().length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(events().map((e) => e.entity.id)).toEqual([roots.docs]);
  });

  it("duplicates: the same event id twice, attempt 1 then 2", async () => {
    await control.webhooks({ url: receiverUrl, duplicates: true });
    await control.editPage(roots.docs!, { title: "Once" });
    await until(() => events().length === 2);
    const [first, second] = events();
    expect(first!.id).toBe(second!.id);
    expect([first!.attempt_number, second!.attempt_number]).toEqual([1, 2]);
    for (const r of received.slice(1)) expect(r.signature).toBe(hmac(r.body, stub.verificationToken));
  });

  it("out of order: held events arrive newest first on flush", async () => {
    await control.webhooks({ url: receiverUrl, outOfOrder: true });
    await control.editPage(roots.docs!, { title: "First" });
    await control.editPage(roots.simple!, { title: "Second" });
    await new Promise((r) => setTimeout(r, 100));
    expect(events()).toHaveLength(0);
    await control.flushWebhooks();
    const delivered = events();
    expect(delivered.map((e) => e.entity.id)).toEqual([roots.simple, roots.docs]);
    expect(Date.parse(String(delivered[0]!.timestamp))).toBeGreaterThan(Date.parse(String(delivered[1]!.timestamp)));
  });

  it("aggregation: several edits of one page within the window become one event listing every block", async () => {
    await control.webhooks({ url: receiverUrl, aggregateMs: 60_000 });
    const children = await fetch(`${stub.baseUrl}/v1/blocks/${roots.simple}/children`, {
      headers: { authorization: `Bearer ${stub.internalSecret}`, "notion-version": "2025-09-03" },
    }).then((r) => r.json() as Promise<{ results: { id: string; type: string }[] }>);
    const paragraphs = children.results.filter((b) => ["paragraph", "heading_1", "heading_2", "bulleted_list_item", "quote", "callout"].includes(b.type)).slice(0, 2);
    expect(paragraphs).toHaveLength(2);
    await control.editBlock(paragraphs[0]!.id, "one");
    await control.editBlock(paragraphs[1]!.id, "two");
    await control.editBlock(paragraphs[0]!.id, "three");
    await control.flushWebhooks();
    expect(events()).toHaveLength(1);
    expect(events()[0]!.data.updated_blocks).toEqual(paragraphs.map((p) => ({ id: p.id, type: "block" })));
  });
});
