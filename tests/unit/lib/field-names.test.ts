import { describe, expect, it } from "vitest";
import { fieldError, withFieldNames } from "@/lib/field-names";

describe("validation messages in an owner's words (issue 24, review D6)", () => {
  it.each([
    ["navigation.2.href: Must be an url", "Link 3 address: must be a web address (https://…), a path (/…), # or mailto:"],
    ["redirects.1.from: A redirect source must be a path starting with /, without ? or #", "Redirect 2 “from” path: A redirect source must be a path starting with /, without ? or #"],
    ["email.replyTo: Invalid email address", "Reply-to address: must be an email address, like you@example.com"],
    ["versions.0.notionPageUrl: Invalid URL", "Version 1 Notion page: must be a web address (https://…)"],
    ["name: Too big: expected string to have <=120 characters", "Name: can be at most 120 characters"],
    ["theme.accentColor: Must be a colour like #2255dd", "Accent colour: Must be a colour like #2255dd"],
    ["domain: Enter the domain only, without http:// or https://", "Domain: Enter the domain only, without http:// or https://"],
    ["The redirects from /a go round in a circle", "The redirects from /a go round in a circle"],
    ['Version "v0": The Notion page is not public, you need to share it to web first', 'Version "v0": The Notion page is not public, you need to share it to web first'],
  ])("%s", (message, shown) => {
    expect(withFieldNames(message)).toBe(shown);
  });
});

describe("an issue under its field (review D6)", () => {
  it("names the list item counted from 1 and says what is wrong in words", () => {
    expect(fieldError("navigation.2.href", "Must be an url")).toBe("Link 3 address: must be a web address (https://…), a path (/…), # or mailto:");
    expect(fieldError("redirects.0.to", "Must be an url")).toBe("Redirect 1 “to” address: must be a web address (https://…), a path (/…), # or mailto:");
    expect(fieldError("domain", "Enter the domain without a port")).toBe("Domain: Enter the domain without a port");
  });
});
