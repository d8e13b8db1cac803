/** API keys for this JSON-RPC API (`Authorization: Bearer`), managed from a signed-in session only. */
import { createApiKeyInput, revokeApiKeyInput } from "@/core/api-keys/api-key-inputs";
import { createApiKey } from "@/core/api-keys/create-api-key";
import { listApiKeys } from "@/core/api-keys/list-api-keys";
import { revokeApiKey } from "@/core/api-keys/revoke-api-key";
import { method } from "../method";
import { empty } from "./shared";

export const apiKeyMethods = {
  createApiKey: method({
    role: "admin",
    sessionOnly: true,
    summary: "A new API key for one site (admins and the owner) or, without siteId, every site you have a role on; read or write; optional expiry. The key is shown in this answer only",
    params: createApiKeyInput,
    result: "{id, key, hint, name, siteId, access, expiresAt, createdAt}",
    errors: ["NOT_FOUND", "FORBIDDEN", "CONFLICT"],
    run: (ctx, p) => createApiKey(ctx.runtime.db, ctx.userId, p),
    audit: { action: "api_key.created", details: (_p, r) => ({ id: r.id, hint: r.hint, access: r.access, expiresAt: r.expiresAt }) },
  }),
  listApiKeys: method({
    role: "self",
    readOnly: true,
    summary: "Your API keys, newest first: first characters, scope, access, expiry, last use, state (active, expired, revoked); never the key",
    params: empty,
    result: "[{id, hint, name, siteId, access, expiresAt, lastUsedAt, createdAt, state}]",
    run: (ctx) => listApiKeys(ctx.runtime.db, ctx.userId),
  }),
  revokeApiKey: method({
    role: "self",
    sessionOnly: true,
    summary: "Revokes one of your API keys; the next request with it is refused on every process",
    params: revokeApiKeyInput,
    result: "{id, siteId, revoked: true}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => revokeApiKey(ctx.runtime.db, ctx.userId, p),
    audit: { action: "api_key.revoked", siteOf: (_p, r) => r.siteId ?? "", details: (p) => ({ id: p.id }) },
  }),
};
