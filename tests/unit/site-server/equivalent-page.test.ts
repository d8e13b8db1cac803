import { describe, expect, it } from "vitest";
import type { ExtendedRecordMap } from "notion-types";
import { equivalentPage } from "@/site-model/equivalent-page";
import type { TreeNode, TreeVersion } from "@/site-model/tree-model";

const look = { icon: null, cover: null, coverPosition: 0.5, fullWidth: false, font: "default", smallText: false } as const;

/** A version whose pages sit at `paths` below its prefix (the first path is its home). */
function version(label: string, prefix: string, paths: string[]): TreeVersion {
  const v = { label, prefix } as TreeVersion;
  const [home, ...rest] = paths.map(
    (path): TreeNode => ({ pageId: `${label}${path}`, title: path, icon: null, look, path, depth: 0, parent: null, children: [], recordMap: {} as ExtendedRecordMap, headings: [], lastEdited: 0, version: v }),
  );
  home!.children = rest;
  v.root = home!;
  return v;
}

describe("the version switcher's target (review P9)", () => {
  const v2 = version("v2", "", ["/", "/authentication-v2", "/events", "/webhooks"]);
  const v1 = version("v1", "/v1", ["/v1", "/v1/authentication-v1", "/v1/events"]);
  const page = (v: TreeVersion, path: string) => [v.root, ...v.root.children].find((n) => n.path === path)!;

  it("keeps the reader on the same page in the other version, even when its slug names the version", () => {
    expect(equivalentPage(page(v2, "/authentication-v2"), v1).path).toBe("/v1/authentication-v1");
    expect(equivalentPage(page(v1, "/v1/authentication-v1"), v2).path).toBe("/authentication-v2");
    expect(equivalentPage(page(v2, "/events"), v1).path).toBe("/v1/events");
    expect(equivalentPage(page(v1, "/v1"), v2).path).toBe("/");
  });

  it("goes to the other version's home when it has no such page, and stays put on the current version", () => {
    expect(equivalentPage(page(v2, "/webhooks"), v1).path).toBe("/v1");
    expect(equivalentPage(page(v2, "/events"), v2).path).toBe("/events");
  });
});
