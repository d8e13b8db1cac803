import { describe, expect, it } from "vitest";
import { deriveSecretKey, openSecret, sealSecret } from "@/lib/secret-box";

describe("secret box (Notion tokens at rest)", () => {
  const key = deriveSecretKey("an-auth-secret-of-enough-length", "notion-access-token");

  it("seals so the plaintext is not in the stored value, and opens it again", () => {
    const sealed = sealSecret(key, "ntn_123456789_secret_token");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("ntn_123456789");
    expect(openSecret(key, sealed)).toBe("ntn_123456789_secret_token");
    // A fresh IV each time: the same token never seals to the same value.
    expect(sealSecret(key, "ntn_123456789_secret_token")).not.toBe(sealed);
  });

  it("refuses another AUTH_SECRET, another purpose, and any changed byte", () => {
    const sealed = sealSecret(key, "ntn_token");
    expect(() => openSecret(deriveSecretKey("another-auth-secret-of-length", "notion-access-token"), sealed)).toThrow();
    expect(() => openSecret(deriveSecretKey("an-auth-secret-of-enough-length", "notion-webhook-verification-token"), sealed)).toThrow();
    const [v, iv, tag, ct] = sealed.split(".");
    const flipped = Buffer.from(ct!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret(key, [v, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
    expect(() => openSecret(key, "not sealed")).toThrow("Not a sealed secret");
  });
});
