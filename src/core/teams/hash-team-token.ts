import crypto from "node:crypto";

/** Invitation links are stored as their SHA-256 only: a database read never yields a working link. */
export function hashTeamToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
