import { describe, expect, it } from "vitest";
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  FADE_IN,
  IMAGE_DEVICE_SIZES,
  IMAGE_QUALITY,
  IMAGE_SIZES,
  PAGE_MAX_WIDTH,
  PROGRESS_BAR,
  SUBSCRIPTION_LOOKUP_DELAY_MS,
} from "@/lib/layout";

describe("layout and timing constants (docs/product.md §9)", () => {
  it.each([
    ["PAGE_MAX_WIDTH", PAGE_MAX_WIDTH, "1200px"],
    ["IMAGE_DEVICE_SIZES", IMAGE_DEVICE_SIZES, [640, 750, 828, 1080, 1200, 1920, 2048, 3840]],
    ["IMAGE_SIZES", IMAGE_SIZES, [16, 32, 48, 64, 96, 128, 256, 384]],
    ["IMAGE_QUALITY", IMAGE_QUALITY, 75],
    ["PROGRESS_BAR", PROGRESS_BAR, { color: "#29D", startPosition: 0.3, stopDelayMs: 200, heightDashboard: 4, heightDefault: 3 }],
    ["FADE_IN", FADE_IN, { cascadeMs: 80, durationMs: 120 }],
    ["SUBSCRIPTION_LOOKUP_DELAY_MS", SUBSCRIPTION_LOOKUP_DELAY_MS, 2000],
    ["DEFAULT_REQUEST_TIMEOUT_MS", DEFAULT_REQUEST_TIMEOUT_MS, 2000],
  ])("%s", (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it("image sizes stay below the smallest device size (they are for images narrower than the screen)", () => {
    expect(Math.max(...IMAGE_SIZES)).toBeLessThan(Math.min(...IMAGE_DEVICE_SIZES));
  });
});
