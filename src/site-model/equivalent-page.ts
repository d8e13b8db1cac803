import { slugify } from "@/lib/slug";
import { encodePathSegment } from "@/lib/url-path";
import { flatten, type TreeNode, type TreeVersion } from "./tree-model";

/** A path inside its version, each segment without the version's own label ("/v1/authentication-v1" → "/authentication"). */
function versionlessPath(node: TreeNode, version: TreeVersion): string {
  const label = encodePathSegment(slugify(version.label));
  const inside = node.path.slice(version.prefix.length) || "/";
  return inside
    .split("/")
    .map((segment) => segment.split("-").filter((word) => word !== label).join("-"))
    .join("/");
}

/**
 * Where the version switcher sends a reader of `node` who picks `target`: the page at the same place in that version
 * (same path, ignoring the version labels in slugs), else that version's home.
 */
export function equivalentPage(node: TreeNode, target: TreeVersion): TreeNode {
  if (node.version === target) return node;
  if (!node.version) return target.root;
  const wanted = versionlessPath(node, node.version);
  return flatten(target.root).find((candidate) => versionlessPath(candidate, target) === wanted) ?? target.root;
}
