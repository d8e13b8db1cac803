import { beforeEach, describe, expect, it } from "vitest";
import { FAILURE_MEMORY_MS, notionHealth, notionRequestStats, officialEndpointOf, recordNotionRequest, resetNotionRequestWatch } from "@/notion/request-watch";
import { isOperator } from "@/core/users/is-operator";

beforeEach(() => resetNotionRequestWatch());

describe("the watch on Notion's requests", () => {
  it("counts outcomes per API and endpoint", () => {
    recordNotionRequest("public", "loadPageChunk", { ok: true });
    recordNotionRequest("public", "loadPageChunk", { ok: false, notionSide: false, reason: "private" });
    recordNotionRequest("official", "GET /v1/pages/{id}", { ok: false, notionSide: true, reason: "HTTP 502" });
    const stats = notionRequestStats();
    expect(stats.find((s) => s.endpoint === "loadPageChunk")).toMatchObject({ api: "public", ok: 1, refused: 1, failed: 0, failingRun: 0 });
    expect(stats.find((s) => s.api === "official")).toMatchObject({ ok: 0, failed: 1, failingRun: 1, lastFailure: "HTTP 502" });
  });

  it("is degraded while an endpoint's latest outcome is a failure on Notion's side, ok again after a success", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    recordNotionRequest("public", "syncRecordValues", { ok: true }, now);
    expect(notionHealth(now)).toEqual({ status: "ok", failing: [] });
    recordNotionRequest("public", "syncRecordValues", { ok: false, notionSide: true, reason: "HTTP 530" }, now);
    expect(notionHealth(now)).toEqual({ status: "degraded", failing: [{ api: "public", endpoint: "syncRecordValues", reason: "HTTP 530", since: now.toISOString() }] });
    recordNotionRequest("public", "syncRecordValues", { ok: true }, now);
    expect(notionHealth(now).status).toBe("ok");
  });

  it("does not count a page's or a token's refusal as Notion being down, and forgets a failure nobody retried", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    recordNotionRequest("official", "GET /v1/pages/{id}", { ok: false, notionSide: false, reason: "HTTP 401" }, now);
    expect(notionHealth(now).status).toBe("ok");
    recordNotionRequest("public", "queryCollection", { ok: false, notionSide: true, reason: "timeout" }, now);
    expect(notionHealth(new Date(now.getTime() + FAILURE_MEMORY_MS - 1)).status).toBe("degraded");
    expect(notionHealth(new Date(now.getTime() + FAILURE_MEMORY_MS)).status).toBe("ok");
  });

  it("names official endpoints without their ids", () => {
    expect(officialEndpointOf("get", "https://api.notion.com/v1/blocks/0123456789abcdef0123456789abcdef/children?page_size=100")).toBe("GET /v1/blocks/{id}/children");
    expect(officialEndpointOf("POST", "http://127.0.0.1:4030/v1/data_sources/01234567-89ab-cdef-0123-456789abcdef/query")).toBe("POST /v1/data_sources/{id}/query");
    expect(officialEndpointOf(undefined, "https://api.notion.com/v1/search")).toBe("GET /v1/search");
  });
});

describe("operators", () => {
  it("are the ADMIN_EMAILS, compared without case; nobody when the list is empty", () => {
    expect(isOperator(["ops@example.com"], "Ops@Example.com")).toBe(true);
    expect(isOperator(["ops@example.com"], "other@example.com")).toBe(false);
    expect(isOperator([], "ops@example.com")).toBe(false);
    expect(isOperator(["ops@example.com"], null)).toBe(false);
  });
});
