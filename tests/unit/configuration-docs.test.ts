import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv, rawEnvSchema } from "@/env";
import { CONFIGURATION_DOC, configurationRows, renderConfigurationDocs } from "../../scripts/config-docs";

describe("docs/configuration.md", () => {
  it("is the one src/env.ts describes (run `npm run config:docs` after changing a variable)", () => {
    expect(fs.readFileSync(CONFIGURATION_DOC, "utf8")).toBe(renderConfigurationDocs());
  });

  it("names every variable of the schema, each with a meaning", () => {
    const rows = configurationRows();
    expect(rows.map((r) => r.name)).toEqual(Object.keys(rawEnvSchema.shape));
    for (const r of rows) expect(r.meaning.length, r.name).toBeGreaterThan(5);
  });

  it("shows the defaults parsing an empty environment gives", () => {
    const env = parseEnv({}) as unknown as Record<string, unknown>;
    for (const r of configurationRows()) {
      const value = env[r.name];
      if (typeof value === "number" || (typeof value === "string" && r.name !== "APP_URL" && r.name !== "APPS_DOMAIN")) {
        expect(r.shownDefault, r.name).toContain(`\`${value}\``);
      }
    }
    expect(configurationRows().find((r) => r.name === "APP_URL")?.shownDefault).toBe("`http://localhost:$PORT`");
    expect(env.APP_URL).toBe("http://localhost:3000");
  });
});
