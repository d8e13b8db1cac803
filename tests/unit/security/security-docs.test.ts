import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/core/usage/rate-limits";
import { SECURITY_DOC, withLimitsTable } from "../../../scripts/security-docs";

describe("docs/security.md", () => {
  it("lists every limit of RATE_LIMITS as it is now", () => {
    const committed = fs.readFileSync(SECURITY_DOC, "utf8");
    expect(committed === withLimitsTable(committed), "docs/security.md's limits table is stale: run `npm run security:docs`").toBe(true);
    for (const name of Object.keys(RATE_LIMITS)) expect(committed).toContain(`| \`${name}\` |`);
  });
});
