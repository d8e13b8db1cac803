/** Notion connections: listing, their pages, adding and replacing an integration secret, disconnecting. */
import { addInternalNotionConnection, addInternalNotionConnectionInput } from "@/core/notion-connections/add-internal-notion-connection";
import { deleteNotionConnection } from "@/core/notion-connections/delete-notion-connection";
import { connectionIdInput, listConnectionPages } from "@/core/notion-connections/list-connection-pages";
import { listNotionConnections } from "@/core/notion-connections/list-notion-connections";
import { refreshConnectionSites } from "@/core/notion-connections/reconnect-notion-connection";
import { replaceNotionIntegrationSecret, replaceNotionIntegrationSecretInput } from "@/core/notion-connections/replace-notion-integration-secret";
import { method } from "../method";
import { empty, limited } from "./shared";

export const connectionsMethods = {
  listNotionConnections: method({
    role: "self",
    readOnly: true,
    summary: "The owner's Notion connections (official API), without their tokens, each with the sites read through it",
    params: empty,
    result: "[{connectionId, kind: 'oauth' | 'internal', workspaceName, workspaceIcon, connected, createdAt, lastError, refused: {at, reason} | null, sites: [{siteId, name}]}]",
    run: (ctx) => listNotionConnections(ctx.runtime.db, ctx.userId),
  }),
  listNotionConnectionPages: method({
    role: "self",
    readOnly: true,
    summary: "The pages and databases shared with one of the owner's Notion connections (top ones first), to pick a site's root",
    params: connectionIdInput,
    result: "[{id, kind: 'page' | 'database', title, parentId, url, lastEditedTime, topLevel}]",
    errors: ["NOT_FOUND", "UNAUTHORIZED", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", (ctx, p) => listConnectionPages(ctx.runtime.notionConnections, ctx.userId, p)),
  }),
  addNotionIntegrationSecret: method({
    role: "self",
    summary: "Connects Notion with an internal integration secret (checked with Notion first), for servers without OAuth",
    params: addInternalNotionConnectionInput,
    result: "{connectionId, kind: 'internal', workspaceName, workspaceIcon, connected, createdAt, lastError, refused, reconnected}",
    errors: ["UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", async (ctx, p) => {
      const added = await addInternalNotionConnection(ctx.runtime.notionConnections, ctx.userId, p);
      // A new secret of a refused connection's integration went on that connection: its sites catch up now.
      if (added.reconnected) await refreshConnectionSites(ctx.runtime, added.connectionId);
      return added;
    }),
  }),
  replaceNotionIntegrationSecret: method({
    role: "self",
    summary: "Reconnects an internal-secret connection Notion refused: a new secret of the same integration goes on the same connection, which is used again, and its sites are refreshed",
    params: replaceNotionIntegrationSecretInput,
    result: "{connectionId, kind: 'internal', workspaceName, workspaceIcon, connected, createdAt, lastError, refused: null, sites: [{siteId, status}]}",
    errors: ["NOT_FOUND", "UPSTREAM", "RATE_LIMITED"],
    run: limited("notion-inspect", async (ctx, p) => {
      const connection = await replaceNotionIntegrationSecret(ctx.runtime.notionConnections, ctx.userId, p);
      return { ...connection, sites: await refreshConnectionSites(ctx.runtime, connection.connectionId) };
    }),
  }),
  deleteNotionConnection: method({
    role: "self",
    summary: "Disconnects Notion: deletes the connection's token (its sites keep their last pages until moved)",
    params: connectionIdInput,
    result: "{connectionId, connected: false}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => deleteNotionConnection(ctx.runtime.db, ctx.userId, p),
  }),
};
