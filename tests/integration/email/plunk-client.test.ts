import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlunkStub, type PlunkStub } from "../../../tools/plunk-stub/server";
import { plunkStubControl } from "../../../tools/plunk-stub/control";
import { createPlunkClient, EmailApiError, EmailNotFoundError, EmailTokenError, UNKNOWN_API_ERROR } from "@/integrations/email/plunk-client";
import { AppError } from "@/lib/errors";
import { freePort } from "../../helpers/app-server";

/** The real Plunk client against the Plunk stand-in over HTTP: payloads, and every error mapping of docs/product.md §8. */

let stub: PlunkStub;
const control = () => plunkStubControl(stub.url);
const client = (over: { apiKey?: string; baseUrl?: string; timeoutMs?: number } = {}) =>
  createPlunkClient({ apiKey: over.apiKey ?? stub.apiKey, baseUrl: over.baseUrl ?? stub.url, defaultFrom: "Pagewright <hello@pagewright.test>", timeoutMs: over.timeoutMs });
const message = { to: "reader@example.com", subject: "Hello", html: "<p>Hi</p>", text: "Hi\n" };

beforeAll(async () => {
  stub = await createPlunkStub();
});
afterAll(() => stub?.close());
beforeEach(() => control().reset());

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected a rejection");
}

describe("Plunk client", () => {
  it("sends POST /v1/send with the bearer key, HTML body, plain text, sender, reply-to and headers", async () => {
    const answer = await client().send({ ...message, fromName: "Lumen Blog", replyTo: "team@lumen.test", headers: { "List-Unsubscribe": "<https://x.test/u>" } });
    expect(answer).toMatchObject({ success: true });
    const [req] = await control().requests();
    expect(req!.endpoint).toBe("send");
    expect(req!.authorization).toBe(`Bearer ${stub.apiKey}`);
    expect(req!.body).toEqual({
      to: "reader@example.com",
      subject: "Hello",
      body: "<p>Hi</p>",
      text: "Hi\n",
      name: "Lumen Blog",
      from: "hello@pagewright.test",
      reply: "team@lumen.test",
      headers: { "List-Unsubscribe": "<https://x.test/u>" },
    });
  });

  it("uses the name from EMAIL_FROM when the message names no sender", async () => {
    await client().send(message);
    const [req] = await control().requests();
    expect(req!.body).toMatchObject({ name: "Pagewright", from: "hello@pagewright.test" });
  });

  it("tracks events with POST /v1/track {event, email, subscribed, data}", async () => {
    await client().track({ event: "SignUp", email: "owner@example.com", subscribed: true, data: { plan: "pro", sites: 2 } });
    const [req] = await control().requests();
    expect(req).toMatchObject({ endpoint: "track", authorization: `Bearer ${stub.apiKey}`, body: { event: "SignUp", email: "owner@example.com", subscribed: true, data: { plan: "pro", sites: 2 } } });
  });

  it("401 → a token error carrying the server's message", async () => {
    const err = await rejection(client({ apiKey: "sk_wrong" }).send(message));
    expect(err).toBeInstanceOf(EmailTokenError);
    expect(err).toBeInstanceOf(AppError);
    expect(err.name).toBe("TokenError");
    expect(err.message).toBe("Incorrect Bearer token specified");
  });

  it("404 → a not-found error", async () => {
    const err = await rejection(client({ baseUrl: `${stub.url}/api` }).track({ event: "x", email: "a@example.com" }));
    expect(err).toBeInstanceOf(EmailNotFoundError);
    expect(err.message).toBe("Cannot POST /api/v1/track");
  });

  it("other non-OK answers → the server's message", async () => {
    await control().fault({ status: 422, message: "Your domain is not verified" });
    const err = await rejection(client().send(message));
    expect(err).toBeInstanceOf(EmailApiError);
    expect(err.message).toBe("Your domain is not verified");
    expect((err as EmailApiError).httpStatus).toBe(422);
  });

  it("reads a non-JSON error body as text, and an empty one as 'Unknown API Error'", async () => {
    await control().fault({ status: 502, rawBody: "Bad gateway from the proxy", times: 1 });
    expect((await rejection(client().send(message))).message).toBe("Bad gateway from the proxy");
    await control().fault({ status: 500, rawBody: "", times: 1 });
    const err = await rejection(client().send(message));
    expect(err).toBeInstanceOf(EmailApiError);
    expect(err.message).toBe(UNKNOWN_API_ERROR);
    // The faults are used up: the next send goes through.
    await expect(client().send(message)).resolves.toMatchObject({ success: true });
  });

  it("gives up after its time-out", async () => {
    await control().fault({ latencyMs: 1500, times: 1 });
    const err = await rejection(client({ timeoutMs: 200 }).send(message));
    expect(err).toBeInstanceOf(EmailApiError);
    expect(err.message).toBe("The email provider did not answer within 200 ms");
  });

  it("reports an unreachable provider", async () => {
    const port = await freePort();
    const err = await rejection(client({ baseUrl: `http://127.0.0.1:${port}` }).send(message));
    expect(err).toBeInstanceOf(EmailApiError);
    expect(err.message).toBe("Could not reach the email provider");
  });
});
