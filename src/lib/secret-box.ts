import crypto from "node:crypto";

/**
 * Secrets we must keep but never show (Notion access tokens, the webhook verification token), sealed at rest with
 * AES-256-GCM under a key derived from AUTH_SECRET by HKDF-SHA256, one key per purpose. A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); a wrong key or a changed byte fails to open instead of yielding garbage.
 */

export type SecretKey = { readonly key: Buffer; readonly purpose: string };

const VERSION = "v1";
const IV_BYTES = 12;

export function deriveSecretKey(authSecret: string, purpose: string): SecretKey {
  const key = Buffer.from(crypto.hkdfSync("sha256", authSecret, Buffer.alloc(0), `pagewright:${purpose}`, 32));
  return { key, purpose };
}

export function sealSecret({ key, purpose }: SecretKey, plaintext: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  // The purpose is bound as associated data: a value sealed for one purpose does not open for another.
  cipher.setAAD(Buffer.from(purpose));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

/** The plaintext, or throws when the value was not sealed with this key (or was altered). */
export function openSecret({ key, purpose }: SecretKey, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("Not a sealed secret");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
