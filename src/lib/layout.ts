/** Layout and timing constants of docs/product.md §9. */
export const PAGE_MAX_WIDTH = "1200px";
export const IMAGE_DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const IMAGE_QUALITY = 75;
export const PROGRESS_BAR = { color: "#29D", startPosition: 0.3, stopDelayMs: 200, heightDashboard: 4, heightDefault: 3 } as const;
export const FADE_IN = { cascadeMs: 80, durationMs: 120 } as const;
export const SUBSCRIPTION_LOOKUP_DELAY_MS = 2000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 2000;
