import type { NotionConnectionRow } from "@/db/schema";

/** What the dashboard may see of a connection: never the token. */
export type NotionConnectionSummary = {
  connectionId: string;
  kind: "oauth" | "internal";
  workspaceName: string | null;
  workspaceIcon: string | null;
  connected: boolean;
  createdAt: string;
  lastError: string | null;
  /** Notion refused the connection for good (when, and Notion's words): it reads nothing until reconnected. */
  refused: { at: string; reason: string | null } | null;
};

export function connectionSummaryOf(row: NotionConnectionRow): NotionConnectionSummary {
  return {
    connectionId: row.id,
    kind: row.kind,
    workspaceName: row.workspaceName,
    workspaceIcon: row.workspaceIcon,
    connected: Boolean(row.accessTokenSealed) && !row.revokedAt && !row.refusedAt,
    createdAt: row.createdAt.toISOString(),
    lastError: row.lastError,
    refused: row.refusedAt ? { at: row.refusedAt.toISOString(), reason: row.refusedReason } : null,
  };
}
