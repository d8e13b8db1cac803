/**
 * `npm run codes -- generate --count 100 --plan pro`: lifetime-deal codes, printed as CSV (code,plan).
 * Uses DATABASE_URL, else the PGlite dir in DATA_DIR — and refuses a PGlite dir a running server holds (docs/contracts.md §3).
 */
import { parseArgs } from "node:util";
import { parseEnv } from "../src/env";
import { openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { generateRedeemCodes, generateRedeemCodesInput } from "../src/core/billing/generate-redeem-codes";

const USAGE = "usage: npm run codes -- generate --count <n> --plan <plan>";

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { count: { type: "string" }, plan: { type: "string", default: "pro" } } });
  if (positionals[0] !== "generate") {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv(process.env);
  const input = generateRedeemCodesInput.safeParse({ count: values.count ?? "", plan: values.plan });
  if (!input.success) {
    console.error(input.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join("\n"));
    console.error(USAGE);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database);
    const codes = await generateRedeemCodes(database.db, input.data);
    process.stdout.write(["code,plan", ...codes.map((c) => `${c.code},${c.plan}`)].join("\n") + "\n");
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
