import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README and docs/ point at each other and at the code; a moved page, heading or file must not leave a dead link.
const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCS = ["README.md", ...fs.readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** The text outside fenced code blocks, with inline code spans kept apart (links inside them are examples). */
function prose(text: string): { links: string; code: string[] } {
  const outside = text
    .split(/^```.*$/m)
    .filter((_, i) => i % 2 === 0)
    .join("\n")
    .replace(/``.+?``/g, "");
  const code = [...outside.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  return { links: outside.replace(/`[^`\n]+`/g, ""), code };
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slugOf = (heading: string) =>
  heading.trim().toLowerCase().replace(/[`*]/g, "").replace(/[^\p{L}\p{N}\- _]/gu, "").replace(/ /g, "-");

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8").split(/^```.*$/m).filter((_, i) => i % 2 === 0).join("\n");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slugOf(m[1])));
}

const exists = (p: string) => fs.existsSync(path.join(ROOT, p));

describe.each(DOCS)("%s", (doc) => {
  const { links, code } = prose(fs.readFileSync(path.join(ROOT, doc), "utf8"));

  it("links only to pages and headings that exist", () => {
    const dead: string[] = [];
    for (const [, target] of links.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:)/.test(target)) continue;
      const [file, anchor] = target.split("#");
      const resolved = file ? path.posix.normalize(path.posix.join(path.posix.dirname(doc), file)) : doc;
      if (!exists(resolved)) dead.push(`${target} (no ${resolved})`);
      else if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) dead.push(`${target} (no heading)`);
    }
    expect(dead).toEqual([]);
  });

  it("names only files and folders of the repository that exist", () => {
    const missing = code
      .filter((c) => /^(src|tests|docs|tools|scripts|bench|lint|drizzle|public)\/[^\s*<>{}…]+$/.test(c))
      .map((c) => c.replace(/[/.,:]+$/, ""))
      .filter((p) => !exists(p));
    expect(missing).toEqual([]);
  });
});
