import type { PublicConfig } from "@/env";

export const PUBLIC_CONFIG_ELEMENT_ID = "app-config";

let cached: PublicConfig | null = null;

/** The run-time configuration the root layout injected into the page (browser only). */
export function readPublicConfig(): PublicConfig {
  if (cached) return cached;
  const el = typeof document === "undefined" ? null : document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  if (!el?.textContent) throw new Error("The public configuration is missing from the page");
  cached = JSON.parse(el.textContent) as PublicConfig;
  return cached;
}

/** docs/product.md §8: a missing required public variable throws, naming it. */
export function requirePublicValue<T>(value: T | undefined | null, variableName: string): T {
  if (value === undefined || value === null || value === "") {
    throw new Error(`Missing required public environment variable: ${variableName}`);
  }
  return value;
}
