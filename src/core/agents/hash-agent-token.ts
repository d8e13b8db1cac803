import crypto from "node:crypto";

/** Tokens are random and long, so a plain SHA-256 is enough to keep them unreadable at rest (no password stretching). */
export const hashAgentToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** How every agent token starts (so it is recognisable in a config file or a leak scan). */
export const AGENT_TOKEN_PREFIX = "pwa_";
