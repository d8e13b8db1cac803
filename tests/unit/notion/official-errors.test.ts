import { Client } from "@notionhq/client";
import { describe, expect, it } from "vitest";
import { classifyOfficialFailure, notionCall, OfficialNotionError, refusedConnectionMessage } from "@/notion/official/errors";

/**
 * Which official-API failures mean Notion refused a connection for good (the owner must reconnect) and which only for
 * now (the next try may work). The errors are the SDK's own, built from answers on the wire as Notion sends them.
 */

type Answer = { status: number; body: unknown } | { throws: Error } | "never";

function clientAnswering(answer: Answer, timeoutMs = 5_000): Client {
  return new Client({
    auth: "ntn_test",
    retry: false,
    timeoutMs,
    logger: () => {},
    fetch: (async () => {
      if (answer === "never") return new Promise<Response>(() => {});
      if ("throws" in answer) throw answer.throws;
      return new Response(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
    }) as unknown as NonNullable<ConstructorParameters<typeof Client>[0]>["fetch"],
  });
}

const apiFailure = (answer: Answer, timeoutMs?: number) => notionCall(() => clientAnswering(answer, timeoutMs).pages.retrieve({ page_id: "00000000000000000000000000000001" })).then(() => null, (err: unknown) => err);
const renewalFailure = (answer: Answer) =>
  notionCall(() => clientAnswering(answer).oauth.token({ client_id: "id", client_secret: "secret", grant_type: "refresh_token", refresh_token: "nrt_old" })).then(
    () => null,
    (err: unknown) => err,
  );
const notionError = (status: number, code: string, message: string) => ({ status, body: { object: "error", status, code, message, request_id: "r" } });

describe("classifying official-API failures", () => {
  it("a renewal answered invalid_grant is refused for good, with Notion's words (OAuth's error shape and the API's alike)", async () => {
    expect(classifyOfficialFailure(await renewalFailure({ status: 400, body: { error: "invalid_grant", error_description: "The grant was revoked." } }))).toEqual({
      kind: "refused",
      code: "invalid_grant",
      reason: "The grant was revoked.",
    });
    expect(classifyOfficialFailure(await renewalFailure(notionError(400, "invalid_grant", "Invalid refresh token.")))).toEqual({ kind: "refused", code: "invalid_grant", reason: "Invalid refresh token." });
  });

  it("a 401 unauthorized from the API is refused for good, with Notion's message", async () => {
    expect(classifyOfficialFailure(await apiFailure(notionError(401, "unauthorized", "API token is invalid.")))).toEqual({ kind: "refused", code: "unauthorized", reason: "API token is invalid." });
  });

  it("5xx, 429, time-outs and broken connections are failures for now", async () => {
    for (const [status, code] of [[500, "internal_server_error"], [502, "bad_gateway"], [503, "service_unavailable"], [504, "gateway_timeout"], [429, "rate_limited"]] as const) {
      expect(classifyOfficialFailure(await apiFailure(notionError(status, code, "Try again."))), `${status}`).toEqual({ kind: "temporary" });
      expect(classifyOfficialFailure(await renewalFailure(notionError(status, code, "Try again."))), `renewal ${status}`).toEqual({ kind: "temporary" });
    }
    expect(classifyOfficialFailure(await renewalFailure({ status: 502, body: "<html>Bad gateway</html>" }))).toEqual({ kind: "temporary" });
    expect(classifyOfficialFailure(await renewalFailure({ throws: new TypeError("fetch failed") }))).toEqual({ kind: "temporary" });
    expect(classifyOfficialFailure(await apiFailure("never", 50))).toEqual({ kind: "temporary" });
  });

  it("anything else says nothing about the connection: a page not shared, a bad request, bad client credentials", async () => {
    expect(classifyOfficialFailure(await apiFailure(notionError(404, "object_not_found", "Could not find page.")))).toEqual({ kind: "other" });
    expect(classifyOfficialFailure(await apiFailure(notionError(403, "restricted_resource", "Insufficient permissions.")))).toEqual({ kind: "other" });
    expect(classifyOfficialFailure(await apiFailure(notionError(400, "validation_error", "Bad id.")))).toEqual({ kind: "other" });
    expect(classifyOfficialFailure(await renewalFailure({ status: 401, body: { error: "invalid_client" } }))).toEqual({ kind: "other" });
    expect(classifyOfficialFailure(await renewalFailure({ status: 400, body: { error: "invalid_request", error_description: "grant_type is missing." } }))).toEqual({ kind: "other" });
  });

  it("a refused connection's own error keeps Notion's words and says how to fix it", () => {
    const err = new OfficialNotionError("refused", { notionCode: "invalid_grant", notionMessage: "The grant was revoked." });
    expect(err.message).toBe(refusedConnectionMessage("The grant was revoked."));
    expect(err.message).toBe("Notion no longer accepts this connection (Notion said: “The grant was revoked.”): reconnect Notion on the site's General screen");
    expect(classifyOfficialFailure(err)).toEqual({ kind: "refused", code: "invalid_grant", reason: "The grant was revoked." });
  });
});
