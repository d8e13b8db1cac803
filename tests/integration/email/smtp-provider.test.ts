import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import { postEmail, postEmailLinks } from "@/core/email/post-email/post-email";
import { sendSiteListEmail } from "@/core/email/send-site-list-email";
import { createEmailProvider, EmailApiError } from "@/integrations/email";
import { smtpEmailProvider } from "@/integrations/email/smtp-provider";
import { recordedRecordMap } from "../../helpers/recorded-record-map";
import type { Db } from "@/db/client";

/**
 * The SMTP provider against a local mail server speaking real SMTP (the smtp-server package): a real recorded post
 * goes out as a multipart message whose HTML and plain-text parts are the rendered email, with the list headers.
 */

type Received = { user: string | undefined; from: string | undefined; to: string[]; mail: ParsedMail };
const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === "mailer" && auth.password === "s3cret") return done(null, { user: auth.username });
      return done(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, done) {
      if (address.address.endsWith("@nowhere.test")) {
        const refusal = new Error("Mailbox unavailable") as Error & { responseCode: number };
        refusal.responseCode = 550;
        return done(refusal);
      }
      done();
    },
    onData(stream, session, done) {
      simpleParser(stream).then((mail) => {
        received.push({ user: session.user as string | undefined, from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined, to: session.envelope.rcptTo.map((r) => r.address), mail });
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const EXAMPLE_PAGE = "2e22de6b-770e-4166-be30-1490f6ffd420"; // react-notion's example page: images, callouts, code, video, embed, lists

describe("email through SMTP", () => {
  it("is chosen by SMTP_URL when no Plunk key is set", () => {
    const provider = createEmailProvider({ SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`, EMAIL_FROM: "Pagewright <hello@pagewright.test>" } as never, null as unknown as Db);
    expect(provider.kind).toBe("smtp");
    (provider as { close?: () => void }).close?.();
  });

  it("delivers a recorded post as HTML and plain text, with the site's sender and one-click unsubscribe", async () => {
    const provider = smtpEmailProvider({ url: `smtp://mailer:s3cret@127.0.0.1:${port}`, defaultFrom: "Pagewright <hello@pagewright.test>" });
    const site = { id: "s1", name: "Field Notes", origin: "https://blog.example.com", basePath: "", accentColor: "#2255dd", senderName: "Field Notes Team", replyTo: "team@example.com" };
    const rendered = postEmail({
      site,
      post: { pageId: EXAMPLE_PAGE, title: "react-notion example", description: "", date: null, recordMap: recordedRecordMap() },
      postUrl: "https://blog.example.com/react-notion-example",
      links: postEmailLinks(site, new Map()),
      unsubscribeUrl: "https://blog.example.com/_/unsubscribe?token=tok-1",
    });
    await sendSiteListEmail(provider, site, "reader@example.com", rendered, "https://blog.example.com/_/unsubscribe?token=tok-1");
    provider.close();

    expect(received).toHaveLength(1);
    const [{ user, from, to, mail }] = received as [Received];
    expect(user).toBe("mailer");
    expect(from).toBe("hello@pagewright.test");
    expect(to).toEqual(["reader@example.com"]);
    expect(mail.subject).toBe("react-notion example — Field Notes");
    expect(mail.from?.value).toEqual([{ name: "Field Notes Team", address: "hello@pagewright.test" }]);
    expect(mail.replyTo?.value[0]?.address).toBe("team@example.com");
    const line = (key: string) => mail.headerLines.find((h) => h.key === key)?.line;
    expect(line("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(line("list-unsubscribe")).toBe("List-Unsubscribe: <https://blog.example.com/_/unsubscribe?token=tok-1>");
    // Both parts arrive exactly as rendered (the transfer encoding undone).
    expect(mail.html).toBe(rendered.html);
    expect(mail.text).toBe(rendered.text);
    expect(mail.html).toContain("https://blog.example.com/_/img/959f085a-918d-4a2b-a7cd-e3f3904bc1a9?");
    expect(mail.html).toContain("&lt;NotionRenderer blockMap={blockMap} /&gt;");
    expect(mail.text).toContain("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    expect(mail.html).not.toMatch(/<script| class="/);
  });

  it("reports the server's refusal and a wrong password as the provider's error", async () => {
    const provider = smtpEmailProvider({ url: `smtp://mailer:s3cret@127.0.0.1:${port}`, defaultFrom: "hello@pagewright.test" });
    const refused = await provider.send({ to: "someone@nowhere.test", subject: "Hi", html: "<p>Hi</p>", text: "Hi" }).catch((e: unknown) => e);
    provider.close();
    expect(refused).toBeInstanceOf(EmailApiError);
    expect((refused as EmailApiError).httpStatus).toBe(550);
    expect((refused as Error).message).toContain("Mailbox unavailable");

    const wrong = smtpEmailProvider({ url: `smtp://mailer:nope@127.0.0.1:${port}`, defaultFrom: "hello@pagewright.test" });
    const denied = await wrong.send({ to: "a@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" }).catch((e: unknown) => e);
    wrong.close();
    expect(denied).toBeInstanceOf(EmailApiError);
    expect((denied as Error).message).toContain("Invalid username or password");
  });
});
