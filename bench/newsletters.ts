import { SMTPServer } from "smtp-server";
import type { ExtendedRecordMap } from "notion-types";
import { postEmail, postEmailLinks } from "@/core/email/post-email/post-email";
import { sendSiteListEmail } from "@/core/email/send-site-list-email";
import { smtpEmailProvider } from "@/integrations/email/smtp-provider";
import { blockOf } from "@/notion/record-map";
import { recordedRecordMap } from "../tests/helpers/recorded-record-map";
import type { BenchRow } from "./sync";

/**
 * `npm run bench -- newsletters`: a post's email — renders per second of a 300-block post made of real recorded blocks
 * (tests/fixtures/real), and BENCH_NEWSLETTER_SUBSCRIBERS (default 10,000) emails of it (rendered once, each reader's
 * unsubscribe link put in, as delivery does) sent one after another through the SMTP provider to a local SMTP server
 * (smtp-server, reading and dropping each message): wall time, emails per second, memory. No database queue.
 */

const SUBSCRIBERS = Number(process.env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 10_000);
const SOURCES = ["2e22de6b-770e-4166-be30-1490f6ffd420", "0be6efce-9daf-4268-8f65-c76b89f8eb27", "de14421f-1391-4ac7-b528-fa2e31eb1455", "0c322c33-381c-49bc-a508-3a451c334c39", "94167af6-5670-4327-9811-dc923edd1f04"];
const SITE = { id: "bench", name: "Bench Blog", origin: "https://blog.example.com", basePath: "", accentColor: "#2255dd", senderName: "Bench", replyTo: null };

/** A post of `size` top-level blocks: the recorded pages' blocks, one after another, round and round. */
function bigPost(recordMap: ExtendedRecordMap, size: number): ExtendedRecordMap {
  const pool = SOURCES.flatMap((id) => (blockOf(recordMap, id)?.content as string[] | undefined) ?? []);
  const content = Array.from({ length: size }, (_, i) => pool[i % pool.length]!);
  const root = { id: "bench-post", type: "page", properties: { title: [["Bench post"]] }, content };
  return { ...recordMap, block: { ...recordMap.block, "bench-post": { role: "reader", value: root } } } as unknown as ExtendedRecordMap;
}

const render = (recordMap: ExtendedRecordMap, unsubscribeUrl: string) =>
  postEmail({
    site: SITE,
    post: { pageId: "bench-post", title: "Bench post", description: "", date: null, recordMap },
    postUrl: "https://blog.example.com/bench-post",
    links: postEmailLinks(SITE, new Map()),
    unsubscribeUrl,
  });

export async function benchNewsletters(): Promise<BenchRow[]> {
  const recordMap = bigPost(recordedRecordMap(), 300);
  const rows: BenchRow[] = [];

  const sample = render(recordMap, "https://blog.example.com/_/unsubscribe?token=x");
  let rendered = 0;
  const started = performance.now();
  while (performance.now() - started < 3000) {
    render(recordMap, `https://blog.example.com/_/unsubscribe?token=${rendered}`);
    rendered += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  rows.push({ name: "render a 300-block post", emails: rendered, "per second": Math.round(rendered / seconds), "ms each": Number(((seconds * 1000) / rendered).toFixed(2)), "html KB": Math.round(sample.html.length / 1024), "text KB": Math.round(sample.text.length / 1024) });

  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      stream.on("end", () => {
        received += 1;
        done();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  const provider = smtpEmailProvider({ url: `smtp://127.0.0.1:${port}`, defaultFrom: "Bench <bench@example.com>" });
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sendStarted = performance.now();
  // As delivery does: the post rendered once, each reader's unsubscribe token put in its place.
  const once = render(recordMap, "https://blog.example.com/_/unsubscribe?token=TOKENSLOT");
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const token = `reader-${i}`;
    const mail = { subject: once.subject, html: once.html.split("TOKENSLOT").join(token), text: once.text.split("TOKENSLOT").join(token) };
    await sendSiteListEmail(provider, SITE, `reader${i}@example.com`, mail, `https://blog.example.com/_/unsubscribe?token=${token}`);
    if (i % 500 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const sendSeconds = (performance.now() - sendStarted) / 1000;
  provider.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rows.push({
    name: `send ${SUBSCRIBERS} emails of it over SMTP (local server)`,
    emails: received,
    "per second": Math.round(SUBSCRIBERS / sendSeconds),
    "ms each": Number(((sendSeconds * 1000) / SUBSCRIBERS).toFixed(2)),
    "total s": Number(sendSeconds.toFixed(1)),
    "peak RSS MB": Math.round(peakRss / 1024 / 1024),
    "RSS growth MB": Math.round((peakRss - rssBefore) / 1024 / 1024),
  });
  return rows;
}
