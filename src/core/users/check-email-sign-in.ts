import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";

/**
 * Whether a magic link may sign into the account of this address: any account except one the test login created
 * (those were made by whoever typed the address, so proving the inbox must not hand them over, and the test login
 * itself never signs into accounts made another way — docs/contracts.md §4).
 */
export async function mayUseEmailSignIn(db: Db, email: string): Promise<boolean> {
  const [existing] = await db.select({ createdVia: users.createdVia }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return !existing || existing.createdVia !== "test-login";
}
