import type { z } from "zod";
import type { Db } from "@/db/client";
import { csvCell } from "@/lib/csv-cell";
import { getSiteAuditLog, getSiteAuditLogInput } from "./get-site-audit-log";

const HEADER = ["at", "actor_email", "action", "method", "via", "details"];

/** The filtered audit log as CSV, newest first, up to 10,000 entries. */
export async function siteAuditLogToCsv(db: Db, input: z.input<typeof getSiteAuditLogInput>) {
  const p = getSiteAuditLogInput.parse({ ...input, limit: 500 });
  const lines = [HEADER.join(",")];
  let before = p.before;
  for (let page = 0; page < 20; page++) {
    const { entries, nextBefore } = await getSiteAuditLog(db, { ...p, before });
    for (const e of entries) lines.push([e.at, e.actorEmail, e.action, e.method, e.via, JSON.stringify(e.details)].map(csvCell).join(","));
    if (!nextBefore) break;
    before = nextBefore;
  }
  return { fileName: `audit-log-${p.siteId}.csv`, csv: `${lines.join("\n")}\n` };
}
