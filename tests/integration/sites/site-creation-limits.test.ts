import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/core/usage/rate-limits";
import { stubControl } from "../../../tools/notion-stub/control";
import { rpc, signedIn, waitForFirstSync, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { awayFromMinuteEdge } from "../../helpers/usage-window";

/**
 * createNewSite can't be used to spend the Notion budget every tenant shares: the address is checked before the page
 * (a taken, reserved or malformed subdomain costs no request to Notion), and the owner's site creations and page
 * checks are limited (RATE_LIMITS.siteCreation, RATE_LIMITS.pageCheck, counted in the database).
 */

let s: SitesApp;
let url: string;
let owner: CookieJar;

const create = (jar: CookieJar, params: Record<string, unknown>) => rpc(url, jar, "site", "createNewSite", params);
const codeOf = (reply: Awaited<ReturnType<typeof rpc>>) => reply.body.error?.data?.code;
/** Every request the stand-in of Notion's private API answered so far. */
const notionRequests = async () => (await stubControl(s.stub.url).calls()).total;

beforeAll(async () => {
  s = await startSitesApp([]);
  url = s.app.url;
  owner = await signedIn(url, "first-owner@example.com");
  const first = await create(owner, { siteType: "blog", notionPageUrl: workspaceIndex.blog, subdomain: "taken" });
  expect(first.body.error).toBeUndefined();
  // Its first sync is done before the Notion requests are counted.
  await waitForFirstSync(url, owner, (first.body.result as { siteId: string }).siteId);
}, 240_000);
afterAll(() => s?.stop());

describe("createNewSite and the shared Notion budget", () => {
  it("answers a taken, reserved or malformed address without asking Notion", async () => {
    const other = await signedIn(url, "squatter@example.com");
    const before = await notionRequests();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        create(other, { siteType: "blog", notionPageUrl: workspaceIndex.blog, subdomain: ["taken", "www", "-bad-"][i % 3] }),
      ),
    );
    expect(answers.map(codeOf)).toEqual(Array.from({ length: 15 }, (_, i) => ["CONFLICT", "VALIDATION", "VALIDATION"][i % 3]));
    expect(await notionRequests()).toBe(before);
  });

  it("limits an owner's page checks a minute, then site creations an hour, before Notion is asked", async () => {
    const flooder = await signedIn(url, "flooder@example.com");
    await awayFromMinuteEdge(20_000);
    // A page the blog rules refuse: each call checks it in Notion and creates nothing.
    const call = (i: number) => create(flooder, { siteType: "blog", notionPageUrl: workspaceIndex.notDatabase, subdomain: `free-${i}` });
    // RATE_LIMITS.pageCheck and .siteCreation (checked at the end: what is tested first is the calls' answers).
    const perMinute = 10;
    const perHour = 20;
    const checked: (string | undefined)[] = [];
    for (let i = 0; i < perMinute; i++) checked.push(codeOf(await call(i)));
    expect(checked).toEqual(Array(perMinute).fill("VALIDATION"));
    const before = await notionRequests();
    const refused = await call(perMinute);
    expect(refused.body.error).toMatchObject({ code: -32029, message: "You've checked a lot of pages in a short time. That's Pagewright's own limit, not Notion's: try again in 60 s.", data: { code: "RATE_LIMITED", retryAfter: 60 } });
    expect(await notionRequests()).toBe(before);
    // Site creations an hour: the calls refused above count too; past the hour's limit the answer says so.
    const codes: (string | undefined)[] = [];
    let last: Awaited<ReturnType<typeof rpc>> | undefined;
    for (let i = perMinute + 1; i < perHour + 1; i++) codes.push(codeOf((last = await call(i))));
    expect(codes.every((c) => c === "RATE_LIMITED")).toBe(true);
    expect(last!.body.error?.message).toBe("You have created many sites in a short time, please try again in an hour");
    expect(await notionRequests()).toBe(before);
    expect(RATE_LIMITS).toMatchObject({ pageCheck: { limit: perMinute, minutes: 1 }, siteCreation: { limit: perHour, minutes: 60 } });
    // Another owner is not affected.
    const other = await signedIn(url, "bystander@example.com");
    const ok = await create(other, { siteType: "blog", notionPageUrl: workspaceIndex.blog, subdomain: "bystander" });
    expect(ok.body.error).toBeUndefined();
    await waitForFirstSync(url, other, (ok.body.result as { siteId: string }).siteId);
  });
});
