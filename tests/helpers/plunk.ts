import { plunkStubControl } from "../../tools/plunk-stub/control";
import type { RecordedRequest } from "../../tools/plunk-stub/server";

export type SentMail = { to: string; subject: string; body: string; text: string; name?: string; from?: string; reply?: string; headers?: Record<string, string> };

/** Emails the Plunk stand-in received (POST /v1/send), oldest first. */
export async function sentMails(stubUrl: string): Promise<SentMail[]> {
  const requests: RecordedRequest[] = await plunkStubControl(stubUrl).requests();
  return requests.filter((r) => r.endpoint === "send").map((r) => r.body as SentMail);
}

/** Waits until the stand-in has received `count` emails matching `match` (the product sends some in the background). */
export async function waitForMails(stubUrl: string, match: (m: SentMail) => boolean, count = 1, timeoutMs = 20_000): Promise<SentMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await sentMails(stubUrl)).filter(match);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`expected ${count} email(s), got ${found.length}: ${JSON.stringify((await sentMails(stubUrl)).map((m) => [m.to, m.subject]))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link in a plain-text email that contains `part`. */
export function linkIn(mail: SentMail, part: string): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes(part));
  if (!link) throw new Error(`no link with ${part} in:\n${mail.text}`);
  return link;
}
