import { z } from "zod";
import type { MethodTable } from "./method";
import { siteMethods } from "./site-methods";
import { userMethods } from "./user-methods";

/**
 * docs/rpc.md, generated from the method tables and their zod schemas (`npm run rpc:docs`). A test fails when the
 * committed file differs, so the documentation can't drift from the code.
 */

function paramsDoc(schema: z.ZodType): string {
  try {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    delete json.$schema;
    return JSON.stringify(json, null, 2);
  } catch {
    return "(not representable as JSON Schema)";
  }
}

function section(endpoint: string, methods: MethodTable): string {
  return Object.entries(methods)
    .map(([name, m]) =>
      [
        `### \`${name}\``,
        "",
        `${m.summary}.${m.streaming ? " Streams with `Accept: text/event-stream`." : ""}`,
        "",
        `- Endpoint: \`POST ${endpoint}\``,
        `- Role: ${m.role === "self" ? "any signed-in user, on their own account" : `${m.role} or above on the site (docs/roles.md)`}`,
        `- Result: \`${m.result}\``,
        `- Errors: ${["UNAUTHORIZED", "VALIDATION", ...(m.errors ?? [])].map((e) => `\`${e}\``).join(", ")}`,
        ...(m.maxBodyBytes ? [`- Body limit: ${Math.round(m.maxBodyBytes / 1024 / 1024)} MB`] : []),
        "",
        "Params (JSON Schema):",
        "",
        "```json",
        paramsDoc(m.params),
        "```",
        "",
      ].join("\n"),
    )
    .join("\n");
}

export function renderRpcDocs(): string {
  return [
    "# The owner's API (JSON-RPC)",
    "",
    "Generated from `src/rpc/site-methods.ts` and `src/rpc/user-methods.ts` by `npm run rpc:docs` — do not edit by hand.",
    "The envelope, HTTP statuses and error codes are in `docs/contracts.md` §7. Every method needs a signed-in session",
    "(or an API key: docs/api-keys.md; UNAUTHORIZED otherwise); a site the caller has no role on answers NOT_FOUND, exactly",
    "like a missing one, and too weak a role FORBIDDEN (docs/roles.md).",
    "",
    "```",
    'POST /api/site  {"jsonrpc":"2.0","id":1,"method":"getUserSites","params":{},"meta":{"clientVersion":"1","tz":"UTC"}}',
    '→ 200 {"jsonrpc":"2.0","id":1,"result":[…]}   or   {"jsonrpc":"2.0","id":1,"error":{"code":-32004,"message":"Site not found","data":{"code":"NOT_FOUND"}}}',
    "```",
    "",
    "## Site methods (`POST /api/site`)",
    "",
    section("/api/site", siteMethods as unknown as MethodTable),
    "## User methods (`POST /api/user`)",
    "",
    section("/api/user", userMethods as unknown as MethodTable),
  ].join("\n");
}
