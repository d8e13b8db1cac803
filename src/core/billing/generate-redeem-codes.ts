import crypto from "node:crypto";
import { z } from "zod";
import type { Db } from "@/db/client";
import { redeemCodes } from "@/db/schema";
import { PLAN_ORDER } from "@/lib/plans";

// No 0/O or 1/I/L: codes get typed in by hand from an email or a deal page.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export const generateRedeemCodesInput = z
  .object({
    count: z.coerce.number().int().min(1).max(10_000),
    plan: z.enum(PLAN_ORDER.filter((p) => p !== "free") as [string, ...string[]], { message: `--plan must be one of: ${PLAN_ORDER.filter((p) => p !== "free").join(", ")}` }),
  })
  .strict();

/** "LTD-7KQM-X2PA-9HNC": 12 random symbols from 31 (≈ 59 bits), unbiased (crypto.randomInt). */
export function newRedeemCode(): string {
  const groups = Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join(""));
  return ["LTD", ...groups].join("-");
}

/** Lifetime-deal codes for `npm run codes -- generate`: stored unredeemed, returned for printing. */
export async function generateRedeemCodes(db: Db, input: z.input<typeof generateRedeemCodesInput>): Promise<{ code: string; plan: string }[]> {
  const { count, plan } = generateRedeemCodesInput.parse(input);
  const rows = Array.from({ length: count }, () => ({ code: newRedeemCode(), plan }));
  // A collision (astronomically unlikely) is skipped rather than failing the batch; only stored codes are returned.
  const stored = await db.insert(redeemCodes).values(rows).onConflictDoNothing().returning({ code: redeemCodes.code, plan: redeemCodes.plan });
  return stored;
}
