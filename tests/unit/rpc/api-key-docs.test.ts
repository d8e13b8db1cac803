import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderApiKeyDocs } from "@/rpc/curl-docs";
import { ENDPOINTS } from "@/rpc/role-table";

describe("docs/api-keys.md", () => {
  it("is what `npm run api-keys:docs` writes from the method tables today", () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, "../../../docs/api-keys.md"), "utf8");
    expect(committed === renderApiKeyDocs(), "docs/api-keys.md is stale: run `npm run api-keys:docs`").toBe(true);
  });

  it("has a curl with a JSON body for every method", () => {
    const doc = renderApiKeyDocs();
    for (const [endpoint, methods] of Object.entries(ENDPOINTS)) {
      for (const name of Object.keys(methods)) {
        const body = new RegExp(`"\\$APP_URL${endpoint}"[^\\n]*\\n  -d '(\\{"jsonrpc":"2\\.0","id":1,"method":"${name}"[^\\n]*)'`).exec(doc);
        expect(body, name).not.toBeNull();
        expect(() => JSON.parse(body![1]!.replace(/"'"\$SITE"'"/g, '"s"')), name).not.toThrow();
      }
    }
  });
});
