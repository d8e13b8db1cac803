import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { LAYERS, withLayersDiagram } from "../../../lint/layers.mjs";

// The layer rules as `npx eslint` runs them: the project's own config, files planted at virtual paths in src/ (lintText
// never writes them), importing real files so the resolver finds them.
const ROOT = path.resolve(import.meta.dirname, "../../..");
const SRC = path.join(ROOT, "src");
let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  // Loading the config and its plugins takes seconds; do it once, before the cases' clocks start.
  await eslint.lintText("export {};\n", { filePath: path.join(SRC, "lib/warm-up.ts") });
}, 120_000);

async function ruleIdsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

/** A real module of a layer path (a folder's first source file, or the file itself), as src-relative without extension. */
function moduleIn(p: string, ext = /\.ts$/): string {
  if (p.endsWith(".ts")) return p.replace(/\.ts$/, "");
  const files = fs.readdirSync(path.join(SRC, p), { recursive: true, encoding: "utf8" }).sort();
  const file = files.find((f) => ext.test(f) && !f.endsWith(".d.ts"));
  if (!file) throw new Error(`no ${ext} file in src/${p}`);
  return `${p}/${file.split(path.sep).join("/").replace(/\.tsx?$/, "")}`;
}

function relativeSpec(fromFile: string, toModule: string): string {
  const rel = path.relative(path.dirname(path.join(SRC, fromFile)), path.join(SRC, toModule)).split(path.sep).join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/** Where to plant a file of a layer path: inside its folder, or the file itself. */
const plantedIn = (p: string, ext: "ts" | "tsx") => (p.endsWith(".ts") ? (ext === "ts" ? p : null) : `${p}/planted-upward.${ext}`);

const upwardCases = LAYERS.slice(0, -1).flatMap((layer, i) => {
  const above = LAYERS[i + 1];
  return layer.paths.flatMap((p) =>
    (["ts", "tsx"] as const).flatMap((ext) => {
      const file = plantedIn(p, ext);
      if (!file) return [];
      const target = moduleIn(above.paths[0]);
      return [
        { layer: layer.name, file, spec: `@/${target}`, how: "aliased" },
        { layer: layer.name, file, spec: relativeSpec(file, target), how: "relative" },
      ];
    }),
  );
});

describe("the layers, as lint enforces them", { timeout: 30_000 }, () => {
  it("covers every top-level entry of src/ in exactly one layer", () => {
    const entries = fs.readdirSync(SRC).filter((e) => e !== "styles" && !e.endsWith(".css"));
    const placed = LAYERS.flatMap((l) => l.paths);
    expect([...placed].sort()).toEqual([...new Set(placed)].sort());
    expect([...entries].sort()).toEqual([...placed].sort());
  });

  it.each(upwardCases)("$layer: $file importing the layer above ($how: $spec) fails lint", async ({ file, spec }) => {
    expect(await ruleIdsOf(file, `import * as above from "${spec}";\nexport const planted = above;\n`)).toContain("import/no-restricted-paths");
  });

  it.each(LAYERS.slice(0, -2).map((l) => ({ layer: l.name, file: plantedIn(l.paths[0], "ts")! })))(
    "$layer: importing a .tsx module from the top (the app's root layout) fails lint",
    async ({ file }) => {
      expect(await ruleIdsOf(file, `import Root from "${relativeSpec(file, "app/layout")}";\nexport const planted = Root;\n`)).toContain("import/no-restricted-paths");
    },
  );

  it.each(LAYERS.slice(1).map((l) => ({ layer: l.name, file: plantedIn(l.paths[0], "tsx") ?? l.paths[0] })))(
    "$layer: importing the layer below passes",
    async ({ file }) => {
      const below = LAYERS[LAYERS.findIndex((l) => l.paths.includes(file.split("/")[0])) - 1];
      expect(await ruleIdsOf(file, `import * as below from "@/${moduleIn(below.paths[0])}";\nexport const planted = below;\n`)).not.toContain("import/no-restricted-paths");
    },
  );

  it("keeps the front ends apart: the dashboard can't read the product website's files, nor the site server the app's", async () => {
    expect(await ruleIdsOf("app/planted.tsx", `import { DASHBOARD_DOCS } from "@/marketing-site/content/dashboard-docs";\nexport const x = DASHBOARD_DOCS;\n`)).toContain("import/no-restricted-paths");
    expect(await ruleIdsOf("site-server/planted.ts", `import Root from "../app/layout";\nexport const x = Root;\n`)).toContain("import/no-restricted-paths");
    expect(await ruleIdsOf("marketing-site/planted.ts", `import { x as y } from "@/${moduleIn("site-server")}";\nexport const x = y;\n`)).toContain("import/no-restricted-paths");
  });
});

describe("browser files import nothing server-only", { timeout: 30_000 }, () => {
  const client = (body: string) => `"use client";\n${body}\nexport const planted = 1;\n`;

  it.each([
    { what: "core, aliased", code: client(`import { CUSTOM_CSS_MAX } from "@/core/sites/site-settings";\nvoid CUSTOM_CSS_MAX;`) },
    { what: "the database, relative", code: client(`import { sites } from "../../../db/schema";\nvoid sites;`) },
    { what: "the runtime, dynamically", code: client(`void import("@/runtime");`) },
    { what: "configuration", code: client(`import { parseEnv } from "@/env";\nvoid parseEnv;`) },
    { what: "a Node module", code: client(`import fs from "node:fs";\nvoid fs;`) },
    { what: "a bare Node module", code: client(`import { createHash } from "crypto";\nvoid createHash;`) },
    { what: "a server-only package", code: client(`import { drizzle } from "drizzle-orm/pglite";\nvoid drizzle;`) },
    { what: "the RPC table, re-exported", code: client(`export { siteMethods } from "@/rpc/site-methods";`) },
  ])("a \"use client\" file importing $what fails lint", async ({ code }) => {
    expect(await ruleIdsOf("app/(app)/dashboard/planted.tsx", code)).toContain("pagewright/client-boundary");
  });

  it("a file in a browser/ folder importing server code fails lint, without the directive", async () => {
    expect(await ruleIdsOf("site-server/browser/planted.ts", `import { sites } from "@/db/schema";\nexport const x = sites;\n`)).toContain("pagewright/client-boundary");
  });

  it("types, shared code, the RPC client and the tracking events are fine", async () => {
    const code = client(
      [
        `import type { SiteOverview } from "@/core/sites/get-site-overview";`,
        `import { type Env } from "@/env";`,
        `import { siteRpc } from "@/rpc/client";`,
        `import { CONVERSION } from "@/integrations/tracking";`,
        `import { CUSTOM_CSS_MAX } from "@/lib/custom-css";`,
        `import { useState } from "react";`,
        `export type Planted = SiteOverview | Env;`,
        `void [siteRpc, CONVERSION, CUSTOM_CSS_MAX, useState];`,
      ].join("\n"),
    );
    expect(await ruleIdsOf("app/(app)/dashboard/planted.tsx", code)).not.toContain("pagewright/client-boundary");
  });

  it("a server file may import server code", async () => {
    expect(await ruleIdsOf("app/(app)/dashboard/planted.tsx", `import { sites } from "@/db/schema";\nexport const x = sites;\n`)).not.toContain("pagewright/client-boundary");
  });
});

describe("docs/architecture.md's layers", () => {
  it("are the lint table's (run `npm run layers:docs` after changing lint/layers.mjs)", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    expect(withLayersDiagram(doc)).toBe(doc);
  });
});
