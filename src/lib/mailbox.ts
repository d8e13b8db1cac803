/** Gmail ignores dots in the local part and answers for both of its domains. */
const DOTLESS_DOMAINS = new Map([
  ["gmail.com", "gmail.com"],
  ["googlemail.com", "gmail.com"],
]);

/**
 * The inbox an address reaches, for counting mail per person: lower-cased, the
 * `+tag` of the local part dropped (`a+1@x` reaches `a@x` at nearly every provider), and for Gmail the dots too
 * (`a.d.a@gmail.com` is `ada@gmail.com`). Dots elsewhere stay: at most providers `a.b@x` and `ab@x` are different
 * people, and a limit that lumps strangers together would lock out the wrong one. Only a key for limits: mail still
 * goes to the address as typed.
 */
export function canonicalMailbox(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  // "example.org." is "example.org" (the fully qualified spelling): it must not count as another inbox.
  let domain = lower.slice(at + 1).replace(/\.+$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) {
    domain = dotless;
    local = local.replace(/\./g, "") || local;
  }
  return `${local}@${domain}`;
}
