import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isTestEmail } from "@/core/users/track-conversion-event";
import { createPlunkStub, type PlunkStub, type RecordedRequest } from "../../../tools/plunk-stub/server";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startApp, type AppProcess } from "../../helpers/app-server";

/**
 * The email-marketing destination of conversion tracking (docs/product.md §7) over real HTTP: the real server with Plunk
 * configured (the stand-in), the browser's trackConversionEvent call, and what reaches Plunk's /v1/track.
 */

let plunk: PlunkStub;
let app: AppProcess;
const tracked = async () => ((await (await fetch(`${plunk.url}/__stub/requests`)).json()) as RecordedRequest[]).filter((r) => r.endpoint === "track");

beforeAll(async () => {
  plunk = await createPlunkStub();
  app = await startApp({ env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url } });
}, 240_000);
afterAll(async () => {
  await app?.stop();
  await plunk?.close();
});

describe("conversion events to the email provider", () => {
  it("sends the event with the user's address and properties, with the bearer key", async () => {
    const jar = await signedIn(app.url, "founder@acme-studio.io");
    const reply = await rpc(app.url, jar, "user", "trackConversionEvent", { event: "new-site", properties: { siteType: "blog" } });
    expect(reply.body.result).toEqual({ sent: true });
    const calls = (await tracked()).filter((r) => (r.body as { event: string }).event === "new-site");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe(`Bearer ${plunk.apiKey}`);
    expect(calls[0]!.body).toMatchObject({ event: "new-site", email: "founder@acme-studio.io", data: { siteType: "blog" } });
  });

  it("sends nothing for a test address, and refuses an unknown event or a signed-out caller", async () => {
    const before = (await tracked()).length;
    const jar = await signedIn(app.url, "someone@example.com");
    expect((await rpc(app.url, jar, "user", "trackConversionEvent", { event: "SignUp" })).body.result).toEqual({ sent: false });
    expect((await rpc(app.url, jar, "user", "trackConversionEvent", { event: "bought-a-boat" })).body.error?.data?.code).toBe("VALIDATION");
    expect((await rpc(app.url, null, "user", "trackConversionEvent", { event: "SignUp" })).body.error?.data?.code).toBe("UNAUTHORIZED");
    expect((await tracked()).length).toBe(before);
  });

  it("knows test addresses", () => {
    for (const e of ["a@example.com", "a@example.org", "a@shop.example", "a@x.test", "a@localhost", "nodomain"]) expect(isTestEmail(e), e).toBe(true);
    for (const e of ["a@acme.io", "a@examples.com", "a@testing.dev"]) expect(isTestEmail(e), e).toBe(false);
  });
});
