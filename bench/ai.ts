import http from "node:http";
import zlib from "node:zlib";
import { startSitesApp, workspaceIndex } from "../tests/helpers/sites";
import { rawRequest } from "../tests/helpers/raw-request";
import { createAiStub } from "../tools/ai-stub/server";
import { widgetScript } from "../src/site-server/assets";
import type { BenchRow } from "./sync";

/**
 * AI budgets: the widget script's size, the JavaScript the chat launcher adds to a content page, and the
 * visitor chat's time to the first streamed answer text with the stand-in model (retrieval + one model round trip, no
 * model think time) and for a whole retrieval-only answer. Medians of 20 questions.
 */

const QUESTIONS = ["How do I send custom events?", "How do I install Lumen on WordPress?", "Are page views automatic?", "How do I send server-side events?"];

/** Milliseconds until the first `event: delta` and until the stream ends. */
function timeChat(url: string, host: string, question: string, visitor: number): Promise<{ first: number; total: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const target = new URL(`${url}/_/chat`);
    const req = http.request(
      { hostname: target.hostname, port: target.port, path: target.pathname, method: "POST", headers: { host, "content-type": "application/json", accept: "text/event-stream", "x-forwarded-for": `10.0.0.${visitor}` } },
      (res) => {
        let first = 0;
        res.on("data", (chunk: Buffer) => {
          if (!first && chunk.toString().includes("event: delta")) first = performance.now() - started;
        });
        res.on("end", () => (res.statusCode === 200 && first ? resolve({ first, total: performance.now() - started }) : reject(new Error(`chat answered ${res.statusCode}`))));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ messages: [{ role: "user", content: question }] }));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchAi(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const widget = widgetScript().body;
  rows.push({ name: "widget.js, bytes gzip / brotli", value: `${zlib.gzipSync(widget, { level: 9 }).length} / ${zlib.brotliCompressSync(widget).length}`, budget: "≤ 10240 compressed" });

  const stub = await createAiStub();
  const settings = { ai: { enabled: true } };
  const withModel = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, settings }, { siteType: "docs", page: workspaceIndex.docs! }], {
    // Each timed question from its own visitor address, so the per-visitor limit never answers instead.
    env: { AI_BASE_URL: stub.baseUrl, AI_MODEL: "stub-model", TRUST_PROXY: "1" },
  });
  const plain = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, settings }], { env: { TRUST_PROXY: "1" } });
  try {
    // JavaScript on a docs page with and without the launcher (uncompressed bytes of the scripts it loads).
    const scriptBytes = async (host: string) => {
      const page = await rawRequest(`${withModel.app.url}/getting-started`, { host });
      let bytes = 0;
      for (const [, src] of page.body.matchAll(/<script[^>]*\ssrc="(\/[^"]+)"/g)) bytes += (await rawRequest(`${withModel.app.url}${src}`, { host })).bytes.length;
      for (const [, inline] of page.body.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)) bytes += Buffer.byteLength(inline!);
      return bytes;
    };
    rows.push({ name: "docs page JS bytes, chatbot on / off", value: `${await scriptBytes(withModel.hosts[0]!)} / ${await scriptBytes(withModel.hosts[1]!)}`, budget: "≤ 15360 with it" });

    for (const [i, q] of QUESTIONS.entries()) await timeChat(withModel.app.url, withModel.hosts[0]!, q, 200 + i); // warm-up (first snapshot, passages)
    await timeChat(plain.app.url, plain.hosts[0]!, QUESTIONS[0]!, 200);
    const model: { first: number; total: number }[] = [];
    const retrieval: { first: number; total: number }[] = [];
    for (let i = 0; i < 20; i++) {
      model.push(await timeChat(withModel.app.url, withModel.hosts[0]!, QUESTIONS[i % QUESTIONS.length]!, i));
      retrieval.push(await timeChat(plain.app.url, plain.hosts[0]!, QUESTIONS[i % QUESTIONS.length]!, i));
    }
    rows.push({ name: "chat, first answer text ms (stand-in model), median", value: +median(model.map((m) => m.first)).toFixed(1), budget: "" });
    rows.push({ name: "chat, whole answer ms (stand-in model), median", value: +median(model.map((m) => m.total)).toFixed(1), budget: "" });
    rows.push({ name: "chat, whole answer ms (retrieval-only), median", value: +median(retrieval.map((m) => m.total)).toFixed(1), budget: "" });
  } finally {
    await withModel.stop();
    await plain.stop();
    await stub.close();
  }
  return rows;
}
