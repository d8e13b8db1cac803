"use client";

import { useEffect } from "react";
import { readPublicConfig } from "@/lib/public-config";

/** docs/product.md §9: Bugsnag's browser limits, within its own maxima (100 each). */
export const BROWSER_ERROR_LIMITS = { maxBreadcrumbs: 25, maxEvents: 10 } as const;

/**
 * Browser errors go to Bugsnag when BUGSNAG_API_KEY is set, and only from a production release stage. The notifier is
 * loaded on demand, so pages of a product without a key load none of it.
 */
export function BrowserErrorReporting() {
  useEffect(() => {
    const { bugsnagApiKey, releaseStage } = readPublicConfig();
    if (!bugsnagApiKey) return;
    void import("@bugsnag/js").then(({ default: Bugsnag }) => {
      if (Bugsnag.isStarted()) return;
      Bugsnag.start({ apiKey: bugsnagApiKey, releaseStage, enabledReleaseStages: ["production"], ...BROWSER_ERROR_LIMITS });
    });
  }, []);
  return null;
}
