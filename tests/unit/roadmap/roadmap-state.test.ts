import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { roadmapStateOf } from "@/site-server/roadmap-state";
import type { PublishedSite } from "@/site-server/site-lookup";

/** A roadmap page never waits on a slow or failing database for its votes: it renders with the last ones read. */

const db = {} as Db;
const siteOf = (id: string) => ({ id, siteType: "roadmap" }) as PublishedSite;
const votes = (counts: [string, number][]) => async () => ({ counts: new Map(counts), ideas: [], shippedIn: new Map() });
const never = () => new Promise<never>(() => {});
const failing = async () => {
  throw new Error("connection refused");
};
const search = new URLSearchParams();

describe("a roadmap's vote state", () => {
  it("renders with the last votes read when the database does not answer, or fails", async () => {
    const site = siteOf("slow-site");
    const first = await roadmapStateOf(db, site, search, votes([["item-a", 3]]));
    expect([...first!.state.counts]).toEqual([["item-a", 3]]);
    const slow = await roadmapStateOf(db, site, search, never);
    expect([...slow!.state.counts]).toEqual([["item-a", 3]]);
    expect(slow!.key).toBe(first!.key); // the same state: the cached page is served
    const down = await roadmapStateOf(db, site, search, failing);
    expect(down!.key).toBe(first!.key);
    const newer = await roadmapStateOf(db, site, search, votes([["item-a", 4]]));
    expect(newer!.key).not.toBe(first!.key);
  });

  it("renders without counts when the database fails before any votes were read", async () => {
    const state = await roadmapStateOf(db, siteOf("down-site"), search, failing);
    expect(state!.state.counts.size).toBe(0);
    expect(state!.state.ideas).toEqual([]);
  });

  it("is nothing for sites that have no votes", async () => {
    expect(await roadmapStateOf(db, { id: "blog", siteType: "blog" } as PublishedSite, search, never)).toBeNull();
  });
});
