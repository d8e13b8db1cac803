import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDnsResolver, DnsLookupError } from "@/integrations/dns";
import { startDnsResponder, type DnsResponder } from "../../helpers/dns-responder";

/** The DNS resolver against the local responder (DNS_SERVERS = `ip:port`): answers, empty answers, failures. */

let dns: DnsResponder;
beforeAll(async () => {
  dns = await startDnsResponder();
  dns.set("apps.test", { A: ["203.0.113.10", "203.0.113.11"], AAAA: ["2001:db8::10"] });
  dns.set("docs.acme.test", { CNAME: "blog.acme.apps.test." });
  dns.set("blog.acme.apps.test", { CNAME: "apps.test" });
  dns.set("_site-verify.docs.acme.test", { TXT: ["v=spf1 -all", `long-${"x".repeat(400)}`] });
  dns.set("broken.test", {});
  dns.fail("broken.test", "servfail");
  dns.set("silent.test", {});
  dns.fail("silent.test", "timeout");
});
afterAll(() => dns?.close());

describe("createDnsResolver", () => {
  const resolver = () => createDnsResolver({ DNS_SERVERS: [dns.server] }, { timeoutMs: 600 });

  it("asks the configured server and follows CNAMEs for addresses", async () => {
    const r = resolver();
    expect(await r.resolve4("apps.test")).toEqual(["203.0.113.10", "203.0.113.11"]);
    expect(await r.resolve6("apps.test")).toEqual(["2001:db8::10"]);
    expect(await r.resolveCname("docs.acme.test")).toEqual(["blog.acme.apps.test"]);
    expect(await r.resolve4("docs.acme.test")).toEqual(["203.0.113.10", "203.0.113.11"]);
    expect(dns.queries).toContain("A apps.test");
  });

  it("joins the strings of long TXT records", async () => {
    expect(await resolver().resolveTxt("_site-verify.docs.acme.test")).toEqual(["v=spf1 -all", `long-${"x".repeat(400)}`]);
  });

  it("answers an unknown name (NXDOMAIN) and a missing type (NODATA) with an empty list", async () => {
    const r = resolver();
    expect(await r.resolveTxt("nothing.test")).toEqual([]);
    expect(await r.resolve4("nothing.test")).toEqual([]);
    expect(await r.resolveCname("apps.test")).toEqual([]);
    expect(await r.resolveTxt("apps.test")).toEqual([]);
  });

  it("throws a DnsLookupError on SERVFAIL, and on a time-out within the time limit", async () => {
    const r = resolver();
    await expect(r.resolve4("broken.test")).rejects.toThrow(new DnsLookupError("broken.test", "A", "ESERVFAIL"));
    const started = Date.now();
    await expect(r.resolveTxt("silent.test")).rejects.toThrow("The DNS lookup of TXT silent.test timed out");
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
