import { describe, expect, it } from "vitest";
import { sentFromPage } from "@/site-server/endpoints/view";

const own = { origin: "http://docs.lumen.localhost:3000", basePath: "" };
const underPath = { origin: "https://www.example.com", basePath: "/docs" };
const from = (host: string, referer?: string) => ({ headers: referer === undefined ? { host } : { host, referer } });

describe("a beacon's reported referrer is believed only from the page it reports", () => {
  it.each([
    ["no Referer header (a browser told to send none)", own, from("docs.lumen.localhost:3000"), "/a", true],
    ["the page itself at the site's own address", own, from("docs.lumen.localhost:3000", "http://docs.lumen.localhost:3000/a?utm_source=x"), "/a", true],
    ["the home page", own, from("docs.lumen.localhost:3000", "http://docs.lumen.localhost:3000/"), "/", true],
    ["another site's page", own, from("docs.lumen.localhost:3000", "https://referrer-spam.example/casino"), "/a", false],
    ["another page of the site than the one reported", own, from("docs.lumen.localhost:3000", "http://docs.lumen.localhost:3000/b"), "/a", false],
    ["not an address", own, from("docs.lumen.localhost:3000", "javascript:alert(1)"), "/a", false],
    ["a site hosted under a path, through the owner's proxy", underPath, from("docs.lumen.localhost:3000", "https://www.example.com/docs/a"), "/a", true],
    ["that site's home", underPath, from("docs.lumen.localhost:3000", "https://www.example.com/docs"), "/", true],
    ["the owner's other pages", underPath, from("docs.lumen.localhost:3000", "https://www.example.com/pricing"), "/a", false],
  ])("%s", (_what, site, req, path, expected) => expect(sentFromPage(req, site, path)).toBe(expected));
});
