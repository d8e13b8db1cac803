import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderRpcDocs } from "@/rpc/docs";
import { siteMethods } from "@/rpc/site-methods";
import { userMethods } from "@/rpc/user-methods";

describe("docs/rpc.md", () => {
  it("is what `npm run rpc:docs` writes from the schemas today", () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, "../../../docs/rpc.md"), "utf8");
    expect(committed === renderRpcDocs(), "docs/rpc.md is stale: run `npm run rpc:docs`").toBe(true);
  });

  it("has every method of docs/product.md §7", () => {
    const spec = {
      site: "getAllNotionPages doesDomainExist createNewSite updateSite updateSitePassword updateSiteRedirects upsertWidget upsertAiCustomization upsertAnalyticsCustomization updateSiteEmailSettings updateSiteVersions deleteSite getNotionData safeGetNotionPageState uploadFile sendCancellationReason siteSubscribersToCsv getTextFeedback isNotionPagePublic getUserSites waitForSubscription",
      user: "getSubscriptions redeemCode getProductsForChangePlan trackUserData deleteUser",
    };
    for (const name of spec.site.split(" ")) expect(Object.keys(siteMethods), name).toContain(name);
    for (const name of spec.user.split(" ")) expect(Object.keys(userMethods), name).toContain(name);
  });
});
