import crypto from "node:crypto";
import { approvedIdeasOf, type RoadmapItem } from "@/core/roadmap/roadmap-items";
import { voteCountsOf } from "@/core/roadmap/votes";
import { shippedInOf, type LinkedPage } from "@/core/changelog/read-changelog-links";
import { siteTypeHas } from "@/lib/site-types";
import type { Db } from "@/db/client";
import { votesScript } from "./assets";
import type { RoadmapState } from "./render/context";
import type { PublishedSite } from "./site-lookup";

type Votes = { counts: ReadonlyMap<string, number>; ideas: RoadmapItem[]; shippedIn: ReadonlyMap<string, LinkedPage[]> };
const NO_VOTES: Votes = { counts: new Map(), ideas: [], shippedIn: new Map() };

/** How long a page view waits for the votes before it renders with the last ones this process read. */
export const SLOW_VOTES_MS = 300;
const MAX_REMEMBERED = 10_000;
/** Per site: the last votes read, so a slow or failing database never holds a roadmap page (the island fetches fresh counts). */
const lastVotes = new Map<string, Votes>();

const readVotes = async (db: Db, siteId: string): Promise<Votes> => {
  const [counts, ideas, shippedIn] = await Promise.all([voteCountsOf(db, siteId), approvedIdeasOf(db, siteId), shippedInOf(db, siteId)]);
  return { counts, ideas, shippedIn };
};

/**
 * A roadmap's votes and approved ideas for rendering, and the part of the page-cache key they decide: pages are cached
 * per state, so a vote anywhere shows on the next view in every process (one small grouped query per page view of a
 * roadmap; other site types skip it). When the database is slow (over SLOW_VOTES_MS) or down, the page renders — from
 * the page cache when it has that state — with the last votes this process read; before any, with none.
 */
export async function roadmapStateOf(
  db: Db,
  site: PublishedSite,
  search: URLSearchParams,
  read: (db: Db, siteId: string) => Promise<Votes> = readVotes,
): Promise<{ state: RoadmapState; key: string } | null> {
  if (!siteTypeHas(site.siteType, "votes")) return null;
  const fresh = read(db, site.id).then((votes) => {
    if (lastVotes.size >= MAX_REMEMBERED) lastVotes.clear();
    lastVotes.set(site.id, votes);
    return votes;
  });
  const known = lastVotes.get(site.id);
  let timer: NodeJS.Timeout | undefined;
  const fallback = new Promise<Votes>((resolve) => {
    timer = setTimeout(() => resolve(known ?? NO_VOTES), known ? SLOW_VOTES_MS : SLOW_VOTES_MS * 10);
  });
  const { counts, ideas, shippedIn } = await Promise.race([fresh, fallback])
    .catch(() => known ?? NO_VOTES)
    .finally(() => clearTimeout(timer));
  const sortByVotes = search.get("sort") === "votes";
  const fingerprint = `${[...counts].map(([id, n]) => `${id}=${n}`).join(",")}|${ideas.map((i) => `${i.itemId}@${i.status}`).join(",")}|${[...shippedIn].map(([id, entries]) => `${id}=${entries.map((e) => `${e.title}@${e.url}`).join("\t")}`).join(",")}`;
  const key = `\nvotes:${sortByVotes ? "sorted:" : ""}${crypto.createHash("sha256").update(fingerprint).digest("base64url").slice(0, 22)}`;
  return { state: { counts, ideas, shippedIn, sortByVotes, votesScriptHref: votesScript().href }, key };
}
