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
};

export function connectionSummaryOf(row: NotionConnectionRow): NotionConnectionSummary {
  return {
    connectionId: row.id,
    kind: row.kind,
    workspaceName: row.workspaceName,
    workspaceIcon: row.workspaceIcon,
    connected: Boolean(row.accessTokenSealed) && !row.revokedAt,
    createdAt: row.createdAt.toISOString(),
    lastError: row.lastError,
  };
}
