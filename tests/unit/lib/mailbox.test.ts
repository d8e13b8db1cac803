import { describe, expect, it } from "vitest";
import { canonicalMailbox } from "@/lib/mailbox";

/** Finding 11 of the security review: limits per mailbox, so `a+1@x`, `a+2@x`… count as one inbox. */
describe("canonicalMailbox", () => {
  it.each([
    ["ada@example.com", "ada@example.com"],
    ["Ada@Example.COM", "ada@example.com"],
    ["  ada@example.com ", "ada@example.com"],
    ["ada+1@example.com", "ada@example.com"],
    ["ada+news+more@example.com", "ada@example.com"],
    ["ADA+X@EXAMPLE.COM", "ada@example.com"],
    ["a.d.a@example.com", "a.d.a@example.com"], // dots matter outside Gmail
    ["a.d.a+x@gmail.com", "ada@gmail.com"],
    ["A.D.A@googlemail.com", "ada@gmail.com"],
    ["ada@gmail.com", "ada@gmail.com"],
    ["+tag@example.com", "+tag@example.com"], // nothing before the tag: keep it as typed
    ["no-at-sign", "no-at-sign"],
    // A trailing dot is the same domain (the root of DNS): one inbox, one count.
    ["mallory-victim@example.org.", "mallory-victim@example.org"],
    ["ada+x@Example.org..", "ada@example.org"],
    ["ada@gmail.com.", "ada@gmail.com"],
  ])("%j → %j", (address, expected) => {
    expect(canonicalMailbox(address)).toBe(expected);
  });
});
