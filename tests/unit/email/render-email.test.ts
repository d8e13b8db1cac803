import { describe, expect, it } from "vitest";
import { renderEmail } from "@/core/email/render-email";
import { postEmail, postEmailLinks } from "@/core/email/post-email/post-email";
import { cancellationReasonTeamEmail, cancellationReceivedEmail, connectionRefusedEmail, magicLinkEmail, subscriberConfirmationEmail, welcomeEmail } from "@/core/email/templates";
import { parseSender } from "@/integrations/email/plunk-client";

describe("renderEmail", () => {
  it("renders HTML and a plain-text alternative from the same blocks", () => {
    const mail = renderEmail({
      subject: "Hi <there>",
      blocks: [
        { kind: "heading", text: "Title & more" },
        { kind: "paragraph", text: "Body <b>not bold</b>" },
        { kind: "button", label: "Go", url: "https://example.com/a?b=1&c=2" },
        { kind: "quote", text: "line one\nline two" },
      ],
      footer: [{ kind: "note", text: "Small print" }],
    });
    expect(mail.subject).toBe("Hi <there>");
    expect(mail.html).toContain("<title>Hi &lt;there&gt;</title>");
    expect(mail.html).toContain("Title &amp; more");
    expect(mail.html).toContain("Body &lt;b&gt;not bold&lt;/b&gt;");
    expect(mail.html).toContain('href="https://example.com/a?b=1&amp;c=2"');
    expect(mail.html).not.toContain("<b>");
    expect(mail.text).toBe("Title & more\n\nBody <b>not bold</b>\n\nGo: https://example.com/a?b=1&c=2\n\n> line one\n> line two\n\n--\n\nSmall print\n");
  });

  it("never links anything but http(s), and ignores an accent colour that is not a colour", () => {
    const mail = renderEmail({ subject: "x", accentColor: "red;background:url(x)", blocks: [{ kind: "button", label: "Bad", url: "javascript:alert(1)" }] });
    expect(mail.html).not.toContain("javascript:");
    expect(mail.html).toContain('href="#"');
    expect(mail.html).not.toContain("url(x)");
    expect(mail.html).toContain("#2255dd");
    expect(mail.text).toContain("Bad: #");
  });
});

describe("templates", () => {
  const all = {
    welcome: welcomeEmail({ appUrl: "https://app.test", name: "Ada" }),
    magicLink: magicLinkEmail({ url: "https://app.test/api/auth/callback/email?token=abc", host: "app.test" }),
    confirmation: subscriberConfirmationEmail({ siteAddress: "blog.lumen.test", confirmUrl: "https://blog.lumen.test/_/subscribe/confirm?token=t1" }),
    newPost: postEmail({
      site: { name: "Lumen Blog", accentColor: "#2255dd" },
      post: { pageId: "p", title: "Hello", description: "A post", date: null, recordMap: null },
      postUrl: "https://blog.lumen.test/hello",
      links: postEmailLinks({ origin: "https://blog.lumen.test", basePath: "" }, new Map()),
      unsubscribeUrl: "https://blog.lumen.test/_/unsubscribe?token=u1",
    }),
    cancellation: cancellationReceivedEmail({ appUrl: "https://app.test" }),
    team: cancellationReasonTeamEmail({ userEmail: "o@example.com", reason: "too_expensive", text: "Costs too much" }),
    refused: connectionRefusedEmail({
      workspaceName: "Lumen",
      notionReason: "The grant was revoked.",
      refusedAt: new Date("2026-11-26T10:00:00Z"),
      kind: "oauth",
      sites: [
        { name: "Lumen Blog", address: "http://blog.lumen.test" },
        { name: "Lumen Docs", address: "http://docs.lumen.test" },
      ],
      settingsUrl: "https://app.test/dashboard/sites/s1",
    }),
  };

  it("gives every email a subject, HTML and a plain-text part", () => {
    for (const [name, mail] of Object.entries(all)) {
      expect(mail.subject, name).not.toBe("");
      expect(mail.html, name).toMatch(/^<!doctype html>/);
      expect(mail.text.length, name).toBeGreaterThan(20);
      expect(mail.text, name).not.toMatch(/<[a-z]/);
    }
  });

  it("puts each email's links in both parts", () => {
    expect(all.magicLink.text).toContain("https://app.test/api/auth/callback/email?token=abc");
    expect(all.confirmation.text).toContain("https://blog.lumen.test/_/subscribe/confirm?token=t1");
    expect(all.confirmation.html).toContain("https://blog.lumen.test/_/subscribe/confirm?token=t1");
    expect(all.newPost.text).toContain("Read on the site: https://blog.lumen.test/hello");
    expect(all.newPost.text).toContain("Unsubscribe: https://blog.lumen.test/_/unsubscribe?token=u1");
    expect(all.newPost.subject).toBe("Hello — Lumen Blog");
    expect(all.confirmation.subject).toBe("Confirm your subscription");
    expect(all.confirmation.text).toContain("new posts from blog.lumen.test");
    expect(all.welcome.text).toContain("https://app.test/new-site");
    expect(all.team.text).toContain("Reason: too_expensive");
    expect(all.team.text).toContain("> Costs too much");
  });

  it("names every site on a refused Notion connection in its one email, with Notion's words and the way back", () => {
    expect(all.refused.subject).toBe("Notion no longer accepts the connection to Lumen: reconnect it");
    for (const part of ["Lumen Blog — http://blog.lumen.test", "Lumen Docs — http://docs.lumen.test", "> The grant was revoked.", "2 sites can't be updated", "Reconnect Notion: https://app.test/dashboard/sites/s1", "“Reconnect Notion”"]) {
      expect(all.refused.text).toContain(part);
    }
    const internal = connectionRefusedEmail({ workspaceName: null, notionReason: "API token is invalid.", refusedAt: new Date(), kind: "internal", sites: [{ name: "Docs", address: "http://docs.test" }], settingsUrl: "https://app.test/dashboard/sites/s2" });
    expect(internal.text).toContain("1 site can't be updated");
    expect(internal.text).toContain("paste it on a site's General screen");
  });
});

describe("parseSender", () => {
  it.each([
    ["Pagewright <hello@p.test>", { name: "Pagewright", address: "hello@p.test" }],
    ['"Lumen Team" <team@l.test>', { name: "Lumen Team", address: "team@l.test" }],
    ["hello@p.test", { address: "hello@p.test" }],
    [undefined, {}],
  ])("%s", (input, expected) => {
    expect(parseSender(input)).toEqual(expected);
  });
});
