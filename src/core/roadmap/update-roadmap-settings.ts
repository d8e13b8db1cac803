import { and, eq, notLike } from "drizzle-orm";
import { z } from "zod";
import { roadmapNotionWrites } from "@/db/schema";
import { getConnection, officialClientOf } from "@/core/notion-connections/connection-client";
import type { NotionConnectionDeps } from "@/core/notion-connections/connection-deps";
import type { SiteEvents } from "@/core/sites/site-events";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { updateSite } from "@/core/sites/update-site";
import { AppError } from "@/lib/errors";
import { collectionIdOf } from "./push-roadmap-to-notion";
import { roadmapDataSource } from "./roadmap-data-source";
import { roadmapSiteOfOwner, type RoadmapChangeDeps } from "./roadmap-site-of-owner";

export const updateRoadmapSettingsInput = z
  .object({
    siteId: z.string().min(1).max(64),
    roadmap: z.object({ statusEmails: z.boolean().optional(), votesProperty: z.string().trim().max(100).optional() }).strict(),
  })
  .strict();

export const NOT_CONNECTED_MESSAGE = "Vote counts can be written to Notion only on a roadmap connected through Notion's API (a public page can't be edited)";

/**
 * A roadmap's settings: status emails on or off, and the Notion property that gets each item's vote count. The
 * property is checked against the database as Notion has it now (it must be a Number property), so a typo is refused
 * and changes nothing. A new property starts from scratch: every count is written to it on the push queued here.
 */
export async function updateRoadmapSettings(
  deps: RoadmapChangeDeps & NotionConnectionDeps & { siteEvents: SiteEvents; billingEnabled: boolean },
  ownerId: string,
  input: z.input<typeof updateRoadmapSettingsInput>,
) {
  const { siteId, roadmap } = updateRoadmapSettingsInput.parse(input);
  const { site } = await roadmapSiteOfOwner(deps, ownerId, siteId);
  const before = parseSiteSettings(site.settings);
  const votesProperty = roadmap.votesProperty;
  if (votesProperty) {
    if (!site.notionConnectionId) throw new AppError("VALIDATION", NOT_CONNECTED_MESSAGE);
    const client = officialClientOf(deps, await getConnection(deps, site.notionConnectionId));
    const source = await roadmapDataSource(client, site, await collectionIdOf(deps, site), before.propertyMap);
    if (source.properties[votesProperty]?.type !== "number") {
      const numbers = Object.entries(source.properties).filter(([, p]) => p.type === "number").map(([name]) => `“${name}”`);
      throw new AppError(
        "VALIDATION",
        `“${votesProperty}” is not a Number property of your roadmap database${numbers.length ? `: choose ${numbers.join(" or ")}` : ": add a Number property to it in Notion first"}`,
      );
    }
  }
  const result = await updateSite(deps, ownerId, { siteId: site.id, settings: { roadmap } });
  if (votesProperty !== undefined && votesProperty !== before.roadmap.votesProperty) {
    await deps.db.delete(roadmapNotionWrites).where(and(eq(roadmapNotionWrites.siteId, site.id), notLike(roadmapNotionWrites.itemId, "idea:%")));
  }
  deps.scheduleNotionWrites(result.siteId);
  return result;
}
